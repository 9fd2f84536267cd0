import { parsePesos } from '@mayorista/core/money';

/** "−5", "12,5 %", "+10" → a number; NaN when it is not one. */
export function parsePercentage(value: string): number {
  const cleaned = value.replace(/[\s%+]/g, '').replace('\u2212', '-').replace(',', '.');
  return cleaned === '' || !/^-?\d+(\.\d+)?$/.test(cleaned) ? Number.NaN : Number(cleaned);
}

export interface PriceListValues {
  name: string;
  /** As typed. */
  percentage: string;
  /** Explicit prices: product and price in pesos as typed. */
  rows: { product_id: string; priceText: string }[];
}

/**
 * The body of POST /api/admin/price-lists and PUT /api/admin/price-lists/:id. Pure: the server's
 * contract tests send exactly this (docs/decisions/028). The form checks the amounts first.
 */
export function toPriceListBody(values: PriceListValues) {
  return {
    name: values.name.trim(),
    percentage: parsePercentage(values.percentage),
    items: values.rows.map((row) => ({ product_id: row.product_id, price: parsePesos(row.priceText) ?? Number.NaN })),
  };
}
