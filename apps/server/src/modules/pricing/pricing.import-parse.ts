import { messages } from '@mayorista/core/messages';
import type { ImportRowError } from '@mayorista/core/schemas/pricing';
import { looksLikeUuid } from '@mayorista/core/schemas/common';
import type { DiscountTier, ProductData } from '@mayorista/core/schemas/product';
import { AppError } from '../../lib/errors';
import { readSheetRows, UNCALCULATED, type SheetRow } from '../../lib/untrusted-files/sheet-rows';
import {
  CellError,
  cellText,
  COLUMNS,
  normaliseHeader,
  readFlag,
  readInteger,
  readIvaRate,
  readMoney,
  readPercent,
  readText,
  readTierType,
  readWeight,
  REQUIRED_COLUMNS,
  tierHeaders,
  type CellValue,
  type ColumnKey,
} from './sheet.columns';

/**
 * The catalogue file read into typed rows (decision 015): the header's columns found by name,
 * each data row turned into the fields it sets, every cell problem reported with its row and
 * column. Pure reading, no database: this runs on the untrusted-file thread (decision 030).
 */

interface Header {
  columns: Map<ColumnKey, number>;
  tiers: { n: number; quantity: number; type: number; value: number }[];
}

export interface ParsedRow {
  row: number;
  /** The ID column (decision 022): matches the product whatever its SKU; null for a new product. */
  id: string | null;
  sku: string | null;
  /** Only the fields whose column is present and whose cell is not empty (or empty-means-none). */
  fields: Partial<ProductData>;
  /** undefined when the file has no tier columns at all (tiers are then kept as they are). */
  discounts?: DiscountTier[];
}

export const cellError = (row: number, column: string, message: string): ImportRowError => ({
  row,
  column,
  message: messages.pricing.import.cell(row, column, message),
});

function readHeader(cells: SheetRow['cells']): Header {
  const positions = new Map<string, number>();
  cells.forEach((c, i) => {
    if (typeof c === 'string' || typeof c === 'number') positions.set(normaliseHeader(String(c)), i);
  });
  const columns = new Map<ColumnKey, number>();
  for (const [key, label] of Object.entries(COLUMNS) as [ColumnKey, string][]) {
    const at = positions.get(normaliseHeader(label));
    if (at !== undefined) columns.set(key, at);
  }
  const missing = REQUIRED_COLUMNS.find((k) => !columns.has(k));
  if (missing) throw new AppError('import_invalid', messages.pricing.import.missingColumn(COLUMNS[missing]));
  const tiers: Header['tiers'] = [];
  for (let n = 1; n <= 20; n++) {
    const [q, t, v] = tierHeaders(n).map((h) => positions.get(normaliseHeader(h)));
    if (q === undefined || t === undefined || v === undefined) break;
    tiers.push({ n, quantity: q, type: t, value: v });
  }
  return { columns, tiers };
}

function readProductId(v: CellValue): string | null {
  const text = cellText(v);
  if (!text) return null;
  if (!looksLikeUuid(text)) throw new CellError(messages.pricing.import.idInvalid(text));
  return text.toLowerCase();
}

/** One data row into fields; cell problems go to `errors` with the row and the column's header. */
function parseRow(sheetRow: SheetRow, header: Header, errors: ImportRowError[]): ParsedRow | null {
  const { row } = sheetRow;
  const before = errors.length;
  const cell = (index: number | undefined, column: string): CellValue | undefined => {
    if (index === undefined) return undefined;
    const v = sheetRow.cells[index] ?? null;
    if (v === UNCALCULATED) {
      errors.push(cellError(row, column, messages.pricing.import.formula));
      return undefined;
    }
    return v;
  };
  const read = <T>(key: ColumnKey, reader: (v: CellValue) => T | null, emptyMeansNull = false): T | null | undefined => {
    const v = cell(header.columns.get(key), COLUMNS[key]);
    if (v === undefined) return undefined;
    try {
      const value = reader(v);
      return value === null && !emptyMeansNull ? undefined : value;
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      errors.push(cellError(row, COLUMNS[key], error.message));
      return undefined;
    }
  };
  const id = read('id', readProductId, true) ?? null;
  const idUnreadable = errors.length > before;
  const sku = read('sku', readText, true) ?? null;
  // A row without an ID is a new product or one matched by SKU: it needs the SKU.
  if (!sku && !id && !idUnreadable) errors.push(cellError(row, COLUMNS.sku, messages.pricing.import.skuRequired));
  const fields: Partial<ProductData> = {};
  const set = <K extends keyof ProductData>(key: K, value: ProductData[K] | null | undefined) => {
    if (value !== undefined) fields[key] = value as ProductData[K];
  };
  set('name', read('name', readText));
  set('category', read('category', readText, true));
  set('price', read('price', readMoney));
  set('retail_price', read('retail_price', readMoney));
  set('on_sale', read('on_sale', readFlag));
  set('sale_price', read('sale_price', readMoney, true));
  set('on_sale_retail', read('on_sale_retail', readFlag));
  set('sale_price_retail', read('sale_price_retail', readMoney, true));
  set('stock', read('stock', readInteger));
  set('has_unlimited_stock', read('has_unlimited_stock', readFlag));
  set('is_enabled', read('is_enabled', readFlag));
  set('iva_rate', read('iva_rate', readIvaRate));
  set('weight_grams', read('weight_grams', readWeight, true));
  const discounts = header.tiers.length > 0 ? parseTiers(sheetRow, header, errors, cell) : undefined;
  if (errors.length > before) return null;
  return { row, id, sku, fields, discounts };
}

function parseTiers(
  sheetRow: SheetRow,
  header: Header,
  errors: ImportRowError[],
  cell: (index: number, column: string) => CellValue | undefined,
): DiscountTier[] {
  const tiers: DiscountTier[] = [];
  for (const t of header.tiers) {
    const [qh, th, vh] = tierHeaders(t.n);
    const q = cell(t.quantity, qh) ?? null;
    const ty = cell(t.type, th) ?? null;
    const va = cell(t.value, vh) ?? null;
    if (q === null && ty === null && va === null) continue;
    try {
      const minQuantity = readInteger(q);
      const discountType = readTierType(ty);
      if (minQuantity === null) throw Object.assign(new CellError('falta la cantidad.'), { column: qh });
      if (discountType === null) throw Object.assign(new CellError('falta el tipo.'), { column: th });
      const discountValue = discountType === 'percentage' ? readPercent(va) : readMoney(va);
      if (discountValue === null) throw Object.assign(new CellError('falta el valor.'), { column: vh });
      tiers.push({ minQuantity, discountType, discountValue });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      errors.push(cellError(sheetRow.row, (error as CellError & { column?: string }).column ?? vh, error.message));
    }
  }
  return tiers;
}

/** Row errors listed in a refused import's report; past them only the count is kept. */
export const MAX_REPORTED_ERRORS = 1000;

export interface FileErrors {
  /** The first MAX_REPORTED_ERRORS errors, in file order. */
  listed: ImportRowError[];
  /** How many more there were. */
  notListed: number;
}

export interface ParsedFile {
  rows: ParsedRow[];
  errors: FileErrors;
}

/**
 * Reads and checks the file row by row as it streams (decision 022): each row is turned into its
 * few typed fields before the next is read, so what stays in memory is one small object per row.
 * Runs on the import's thread (flows/import-prices.thread.ts), which then checks and applies them.
 */
export async function parseCatalogueFile(buffer: Buffer): Promise<ParsedFile> {
  let header: Header | null = null;
  const errors: ImportRowError[] = [];
  let notListed = 0;
  const rows: ParsedRow[] = [];
  await readSheetRows(buffer, (sheetRow) => {
    if (!header) {
      header = readHeader(sheetRow.cells);
      return;
    }
    const parsed = parseRow(sheetRow, header, errors);
    if (parsed) rows.push(parsed);
    // A file of bad cells can hold hundreds of thousands of errors: only the listed ones are kept
    // (and cross back to the main thread), so they cost neither this thread's heap nor the event loop.
    if (errors.length > MAX_REPORTED_ERRORS) {
      notListed += errors.length - MAX_REPORTED_ERRORS;
      errors.length = MAX_REPORTED_ERRORS;
    }
  });
  return { rows, errors: { listed: errors, notListed } };
}
