import type { Pool, PoolClient } from 'pg';
import { messages } from '@mayorista/core/messages';
import { sameSnapshot } from '@mayorista/core/repricing';
import { DEFAULT_IVA_RATE } from '@mayorista/core/iva';
import type { ImportReport, ImportRowError } from '@mayorista/core/schemas/pricing';
import { productInputSchema, type DiscountTier, type ProductData } from '@mayorista/core/schemas/product';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError } from '../../lib/errors';
import { setStocks } from '../stock/stock.ledger';
import * as pricing from './pricing.repository';
import {
  CellError,
  COLUMNS,
  normaliseHeader,
  readFlag,
  readInteger,
  readIvaRate,
  readMoney,
  readPercent,
  readTierType,
  REQUIRED_COLUMNS,
  tierHeaders,
  cellText,
  type CellValue,
  type ColumnKey,
} from './sheet.columns';
import { readSheet, UNCALCULATED, type SheetRow } from './sheet.read';

/**
 * Catalogue import (issue 17 §4, decision 015): the file is read and checked completely first,
 * then — unless it is a dry run — applied ALL OR NOTHING in one transaction that re-plans against
 * the locked rows. One import at a time (a transaction-scoped advisory lock).
 */

const MAX_REPORTED_ERRORS = 1000;
/** pg_try_advisory_xact_lock key of "an import is running". */
const IMPORT_LOCK_KEY = 1_795_400_517;

interface Header {
  columns: Map<ColumnKey, number>;
  tiers: { n: number; quantity: number; type: number; value: number }[];
}

interface ParsedRow {
  row: number;
  sku: string;
  /** Only the fields whose column is present and whose cell is not empty (or empty-means-none). */
  fields: Partial<ProductData>;
  /** undefined when the file has no tier columns at all (tiers are then kept as they are). */
  discounts?: DiscountTier[];
}

type Existing = Omit<ProductData, never> & { id: string };

const cellError = (row: number, column: string, message: string): ImportRowError => ({
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
  const text = (v: CellValue) => cellText(v) || null;
  const sku = read('sku', text);
  if (!sku) errors.push(cellError(row, COLUMNS.sku, messages.pricing.import.skuRequired));
  const fields: Partial<ProductData> = {};
  const set = <K extends keyof ProductData>(key: K, value: ProductData[K] | null | undefined) => {
    if (value !== undefined) fields[key] = value as ProductData[K];
  };
  set('name', read('name', text));
  set('category', read('category', text, true));
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
  const discounts = header.tiers.length > 0 ? parseTiers(sheetRow, header, errors, cell) : undefined;
  if (errors.length > before || !sku) return null;
  return { row, sku, fields, discounts };
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

const DEFAULTS: Omit<ProductData, 'name' | 'price' | 'retail_price'> = {
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  stock: 0,
  has_unlimited_stock: false,
  is_enabled: true,
  // Issue 18: the spreadsheet has no quantity-rule or barcode columns; new products take the defaults.
  min_quantity: 1,
  pack_size: 1,
  max_quantity: null,
  sku: null,
  barcode: null,
  category: null,
  description: null,
  iva_rate: DEFAULT_IVA_RATE,
};

/** The column a product-rule message belongs to. */
function columnOfPath(path: PropertyKey[]): string {
  const [first, index] = path;
  if (first === 'discounts' && typeof index === 'number') return tierHeaders(index + 1)[2];
  return COLUMNS[first as ColumnKey] ?? String(first);
}

function sameProduct(a: ProductData, b: ProductData): boolean {
  const keys: (keyof ProductData)[] = ['name', 'on_sale', 'on_sale_retail', 'stock', 'has_unlimited_stock', 'is_enabled', 'sku', 'category', 'description', 'iva_rate'];
  return keys.every((k) => a[k] === b[k]) && sameSnapshot(a, b);
}

interface Plan {
  created: { row: number; data: ProductData }[];
  updated: { row: number; id: string; before: ProductData; data: ProductData }[];
  unchanged: number;
  errors: ImportRowError[];
}

/** Rows matched by SKU against the catalogue: what would be created, updated or left alone. */
async function planImport(db: Pick<PoolClient, 'query'>, rows: ParsedRow[], errors: ImportRowError[], lock: boolean): Promise<Plan> {
  const plan: Plan = { created: [], updated: [], unchanged: 0, errors };
  const bySku = await pricing.productsBySku(db, rows.map((r) => r.sku), lock);
  const names = await pricing.productIdsByName(db, rows.map((r) => r.fields.name).filter((n): n is string => !!n));
  const firstRowOfSku = new Map<string, number>();
  const rowOfName = new Map<string, number>();
  for (const parsed of rows) {
    const first = firstRowOfSku.get(parsed.sku);
    if (first !== undefined) {
      errors.push(cellError(parsed.row, COLUMNS.sku, messages.pricing.import.skuDuplicated(first)));
      continue;
    }
    firstRowOfSku.set(parsed.sku, parsed.row);
    const matches = bySku.get(parsed.sku) ?? [];
    if (matches.length > 1) {
      errors.push(cellError(parsed.row, COLUMNS.sku, `el SKU corresponde a ${matches.length} productos; dejá uno solo con ese SKU.`));
      continue;
    }
    const existing: Existing | undefined = matches[0];
    if (!existing && !parsed.fields.name) {
      errors.push(cellError(parsed.row, COLUMNS.name, messages.pricing.import.nameRequired));
      continue;
    }
    const { id: _id, ...base } = existing ?? { id: '', ...DEFAULTS, name: '', price: 0, retail_price: 0 };
    const merged = { ...base, ...parsed.fields, sku: parsed.sku, ...(parsed.discounts ? { discounts: parsed.discounts } : {}) };
    const result = productInputSchema.safeParse(merged);
    if (!result.success) {
      for (const issue of result.error.issues) errors.push(cellError(parsed.row, columnOfPath(issue.path), issue.message));
      continue;
    }
    const data = result.data;
    const nameKey = pricing.nameKey(data.name);
    const owner = names.get(nameKey);
    const clashRow = rowOfName.get(nameKey);
    if ((owner && owner !== existing?.id) || clashRow !== undefined) {
      errors.push(cellError(parsed.row, COLUMNS.name, messages.products.nameTaken));
      continue;
    }
    rowOfName.set(nameKey, parsed.row);
    if (!existing) plan.created.push({ row: parsed.row, data });
    else if (sameProduct(base as ProductData, data)) plan.unchanged++;
    else plan.updated.push({ row: parsed.row, id: existing.id, before: base as ProductData, data });
  }
  return plan;
}

const reportOf = (plan: Plan, dryRun: boolean, changeId: string | null): ImportReport => ({
  dry_run: dryRun,
  created: plan.created.length,
  updated: plan.updated.length,
  unchanged: plan.unchanged,
  errors: plan.errors.slice(0, MAX_REPORTED_ERRORS),
  change_id: changeId,
});

function refuse(plan: Plan, dryRun: boolean): never {
  throw new AppError('import_invalid', messages.pricing.import.invalid(plan.errors.length), { report: reportOf(plan, dryRun, null) });
}

/** Reads and checks the file; returns the rows that parsed and the errors of the others. */
async function parseFile(buffer: Buffer): Promise<{ rows: ParsedRow[]; errors: ImportRowError[] }> {
  const [headerRow, ...dataRows] = await readSheet(buffer);
  const header = readHeader(headerRow!.cells);
  const errors: ImportRowError[] = [];
  const rows: ParsedRow[] = [];
  for (const sheetRow of dataRows) {
    // An empty row between products is skipped, as Excel users leave them.
    if (sheetRow.cells.every((c) => c === null)) continue;
    const parsed = parseRow(sheetRow, header, errors);
    if (parsed) rows.push(parsed);
  }
  return { rows, errors };
}

export function createImporter(deps: { pool: Pool; invalidateCatalogue: () => void }) {
  return async function importCatalogue(buffer: Buffer, options: { dryRun: boolean; actorId: string }): Promise<ImportReport> {
    const { rows, errors } = await parseFile(buffer);
    if (options.dryRun) {
      const plan = await planImport(deps.pool, rows, errors, false);
      if (plan.errors.length > 0) refuse(plan, true);
      return reportOf(plan, true, null);
    }
    const report = await inTransaction(deps.pool, async (client) => {
      const { rows: locked } = await client.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [IMPORT_LOCK_KEY]);
      if (!locked[0]!.ok) throw new AppError('import_busy', messages.pricing.import.busy);
      const plan = await planImport(client, rows, errors, true);
      if (plan.errors.length > 0) refuse(plan, false);
      await pricing.insertProducts(client, plan.created.map((c) => c.data));
      await pricing.updateProducts(client, plan.updated.map((u) => ({ id: u.id, data: u.data })));
      await setStocks(client, plan.updated.map((u) => ({ productId: u.id, stock: u.data.stock })), { kind: 'import', actorId: options.actorId });
      const repriced = plan.updated
        .map((u) => ({ id: u.id, before: pricing.snapshotOfRow(u.before), after: pricing.snapshotOfRow(u.data) }))
        .filter((i) => !sameSnapshot(i.before, i.after));
      const changeId =
        repriced.length > 0
          ? await pricing.insertChange(client, { source: 'import', actorId: options.actorId, scope: { import: { created: plan.created.length, updated: plan.updated.length } }, rule: null, items: repriced })
          : null;
      return reportOf(plan, false, changeId);
    }).catch((error: unknown) => {
      // A name taken by a product created meanwhile: the client's file, never a 5xx.
      if (isUniqueViolation(error, 'products_name_key')) throw new AppError('import_invalid', messages.products.nameTaken);
      throw error;
    });
    deps.invalidateCatalogue();
    return report;
  };
}
