import { parseCounted, type StockCountInput } from '@mayorista/core/schemas/stock-count';

/** One product of the count as the screen holds it: what was typed in "Contado". */
export interface CountLine {
  productId: string;
  counted: string;
}

/** The id of a product's "Contado" field (the row renders it; the save focuses the first invalid one). */
export const countFieldId = (productId: string) => `stock-count-${productId}`;

/** What should be on the shelf: the stock plus the units of orders not yet picked (decision 069). */
export const expectedShelf = (product: { stock: number; reserved?: number }) => product.stock + (product.reserved ?? 0);

export interface StockCountValues {
  lines: CountLine[];
}

/**
 * What the screen sends: every line whose "Contado" was filled (an empty field is "not counted").
 * A count equal to what the screen read as on the shelf (stock + units in unprepared orders) is sent
 * too: an order may have been prepared or cancelled since the list was read, so only the server knows
 * whether it changes the stock (it answers `unchanged` for the ones already right). `invalid` lists
 * the products whose field is not a whole number 0..1,000,000: with any, nothing is sent.
 */
export function stockCountChanges(values: StockCountValues): { counts: StockCountInput['counts']; invalid: string[] } {
  const counts: StockCountInput['counts'] = [];
  const invalid: string[] = [];
  for (const line of values.lines) {
    const parsed = parseCounted(line.counted);
    if (!parsed.ok) invalid.push(line.productId);
    else if (parsed.value !== null) counts.push({ product_id: line.productId, counted: parsed.value });
  }
  return { counts, invalid };
}

/** The body of POST /api/admin/stock-counts from the screen's lines (the form contract sends it through the real route). */
export function toStockCountBody(values: StockCountValues): StockCountInput {
  return { counts: stockCountChanges(values).counts };
}
