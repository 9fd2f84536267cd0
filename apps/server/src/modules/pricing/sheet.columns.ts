import { centavosToInput, parsePesos } from '@mayorista/core/money';
import { messages } from '@mayorista/core/messages';
import type { DiscountTier, Product } from '@mayorista/core/schemas/product';
import { IVA_RATES, ivaRateLabel, type IvaRate } from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import { neutraliseFormula, protectApostrophe, restoreFormulaText } from '@mayorista/core/spreadsheet-text';
import { gramsToKilosInput, parseKilos } from '@mayorista/core/weight';

/**
 * The catalogue spreadsheet's shape (the repricing work, decision 015): one row per product, Spanish
 * headers a person can read, tiers as "Escala N: …" column triples. Export writes it, import reads
 * it; both go through this file so the shape cannot drift between them.
 */

export type { CellValue } from '../../lib/untrusted-files/sheet-cells';
import type { CellValue } from '../../lib/untrusted-files/sheet-cells';

export const COLUMNS = {
  sku: 'SKU',
  name: 'Nombre',
  category: 'Categoría',
  price: 'Precio mayorista',
  retail_price: 'Precio minorista',
  on_sale: 'Oferta mayorista',
  sale_price: 'Precio oferta mayorista',
  on_sale_retail: 'Oferta minorista',
  sale_price_retail: 'Precio oferta minorista',
  stock: 'Stock',
  has_unlimited_stock: 'Stock ilimitado',
  is_enabled: 'Visible',
  /** The business-identity work (decisions 017–019): "21 %", "10,5 %", "27 %" or "Exento"; a file without the column keeps each product's rate. */
  iva_rate: 'IVA',
  /**
   * The product's own id (decision 022): a row with it updates that product whatever its SKU says,
   * so products without a SKU round-trip. Empty for a new product, which then needs a SKU.
   */
  id: 'ID',
  /**
   * Kilos per unit (decision 061): "1,5" in CSV, a number in XLSX, blank when unknown; after ID, so
   * the columns of before keep their places. An empty cell means no weight (like Categoría and the
   * sale prices); a file without the column keeps each product's weight.
   */
  weight_grams: 'Peso (kg)',
} as const;
export type ColumnKey = keyof typeof COLUMNS;

export const REQUIRED_COLUMNS: ColumnKey[] = ['sku', 'name', 'price', 'retail_price'];

/** At least this many tier column triples are exported, so a person has room to add one. */
export const MIN_TIER_COLUMNS = 3;
export const tierHeaders = (n: number) => [`Escala ${n}: cantidad`, `Escala ${n}: tipo`, `Escala ${n}: valor`] as const;

const TIER_TYPE_LABELS: Record<DiscountTier['discountType'], string> = {
  percentage: 'Porcentaje',
  fixed: 'Monto fijo',
  final_price: 'Precio final',
};

export function headersFor(tierColumns: number): string[] {
  const headers: string[] = Object.values(COLUMNS);
  for (let n = 1; n <= tierColumns; n++) headers.push(...tierHeaders(n));
  return headers;
}

const yesNo = (v: boolean) => (v ? 'Sí' : 'No');

/** How one kind of file writes amounts and the product's free text. */
export interface RowFormat {
  /** Pesos as numbers in XLSX (Excel formats and sums them), "1234,56" text in CSV (what Excel in es-AR reads as a number). */
  money: (centavos: number) => CellValue;
  /** SKU, name and category: neutralised as formulas in CSV (see spreadsheet-text.ts in core). */
  text: (value: string) => string;
  /** Grams per unit as kilos: a number in XLSX, "1,5" text in CSV. */
  weight: (grams: number) => CellValue;
}

/** A product as a row of the given format. */
export function productRow(p: Product, tierColumns: number, format: RowFormat): CellValue[] {
  const { money, text, weight } = format;
  const optionalText = (value: string | null) => (value === null ? null : text(value));
  const row: CellValue[] = [
    optionalText(p.sku),
    text(p.name),
    optionalText(p.category),
    money(p.price),
    money(p.retail_price),
    yesNo(p.on_sale),
    p.sale_price === null ? null : money(p.sale_price),
    yesNo(p.on_sale_retail),
    p.sale_price_retail === null ? null : money(p.sale_price_retail),
    p.stock,
    yesNo(p.has_unlimited_stock),
    yesNo(p.is_enabled),
    ivaRateLabel(p.iva_rate),
    p.id,
    p.weight_grams === null ? null : weight(p.weight_grams),
  ];
  for (let i = 0; i < tierColumns; i++) {
    const tier = p.discounts[i];
    if (!tier) row.push(null, null, null);
    else
      row.push(
        tier.minQuantity,
        TIER_TYPE_LABELS[tier.discountType],
        tier.discountType === 'percentage' ? tier.discountValue : money(tier.discountValue),
      );
  }
  return row;
}

export const csvMoney = (centavos: number): string => centavosToInput(centavos);
export const xlsxMoney = (centavos: number): number => centavos / 100;
export const csvFormat = (money: RowFormat['money']): RowFormat => ({ money, text: neutraliseFormula, weight: gramsToKilosInput });
export const xlsxFormat: RowFormat = { money: xlsxMoney, text: protectApostrophe, weight: (grams) => grams / 1000 };

// ---- reading cells back --------------------------------------------------------------------

/** Header text compared without case, accents or extra spaces. */
export const normaliseHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export class CellError extends Error {}

export const cellText = (v: CellValue): string => (v === null ? '' : typeof v === 'string' ? v.trim() : String(v));

/** A free-text cell (SKU, name, category) without the apostrophe an export put before a formula-like text. */
export const readText = (v: CellValue): string | null => restoreFormulaText(cellText(v)) || null;

/** Centavos from a money cell: a number of pesos (XLSX) or Argentine text ("1.234,56", "$ 1.234"). */
export function readMoney(v: CellValue): number | null {
  if (typeof v === 'number') {
    const centavos = Math.round(v * 100);
    if (!Number.isFinite(v) || Math.abs(v * 100 - centavos) > 1e-6)
      throw new CellError(messages.pricing.import.notAmount(String(v)));
    return centavos;
  }
  const text = cellText(v);
  const parsed = parsePesos(text);
  if (parsed !== null && (Number.isNaN(parsed) || !Number.isSafeInteger(parsed)))
    throw new CellError(messages.pricing.import.notAmount(text));
  return parsed;
}

export function readInteger(v: CellValue): number | null {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new CellError(messages.pricing.import.notInteger(String(v)));
    return v;
  }
  const text = cellText(v);
  if (!text) return null;
  const digits = /^-?\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '') : text;
  if (!/^-?\d+$/.test(digits) || !Number.isSafeInteger(Number(digits)))
    throw new CellError(messages.pricing.import.notInteger(text));
  return Number(digits);
}

const TRUE = new Set(['si', 's', 'x', '1', 'true', 'verdadero', 'yes']);
const FALSE = new Set(['no', 'n', '0', 'false', 'falso']);

export function readFlag(v: CellValue): boolean | null {
  if (typeof v === 'boolean') return v;
  const text = cellText(v);
  if (!text) return null;
  const key = normaliseHeader(text);
  if (TRUE.has(key)) return true;
  if (FALSE.has(key)) return false;
  throw new CellError(messages.pricing.import.notFlag(text));
}

export function readTierType(v: CellValue): DiscountTier['discountType'] | null {
  const text = normaliseHeader(cellText(v));
  if (!text) return null;
  for (const [type, label] of Object.entries(TIER_TYPE_LABELS))
    if (normaliseHeader(label) === text) return type as DiscountTier['discountType'];
  throw new CellError(`"${cellText(v)}" no es Porcentaje, Monto fijo ni Precio final.`);
}

/** A percentage cell: 10, "10", "10,5", "10 %". */
export function readPercent(v: CellValue): number | null {
  if (typeof v === 'number') return v;
  const text = cellText(v).replace('%', '').trim().replace(',', '.');
  if (!text) return null;
  if (!/^\d+(\.\d+)?$/.test(text)) throw new CellError(`"${cellText(v)}" no es un porcentaje válido.`);
  return Number(text);
}

/** An IVA cell: "21 %", "10,5", "10.5", 21, "0", "Exento" (what ivaRateLabel writes, and what a person types). */
export function readIvaRate(v: CellValue): IvaRate | null {
  const text = cellText(v);
  if (!text) return null;
  if (normaliseHeader(text) === 'exento') return 0;
  // Excel turns a typed "21 %" into the number 0.21 (a percentage cell): read it back as 21.
  const number =
    typeof v === 'number'
      ? v > 0 && v < 1
        ? Math.round(v * 1000) / 10
        : v
      : Number(text.replace('%', '').trim().replace(',', '.'));
  const rate = IVA_RATES.find((r) => r === number);
  if (rate === undefined) throw new CellError(ivaTexts.invalidRate);
  return rate;
}

/**
 * Grams from a kilos cell: a number (XLSX) or text with a decimal comma or point ("1,5", "0.250").
 * Blank is null (no weight). A zero or negative weight comes back as it is, for the product's rule
 * to refuse with its own message; one past what a number holds comes back as the largest, for the
 * rule's "demasiado grande" (rather than two messages for one cell).
 */
export function readWeight(v: CellValue): number | null {
  const text = cellText(v);
  const grams = typeof v === 'number' ? v * 1000 : parseKilos(text);
  if (grams === null) return null;
  if (Number.isNaN(grams) || Math.abs(grams - Math.round(grams)) > 1e-6 * Math.max(1, Math.abs(grams)))
    throw new CellError(messages.pricing.import.notWeight(text));
  if (!Number.isSafeInteger(Math.round(grams))) return Math.sign(grams) * Number.MAX_SAFE_INTEGER;
  return Math.round(grams);
}
