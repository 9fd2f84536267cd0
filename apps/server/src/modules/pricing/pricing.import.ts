import type { PoolClient } from 'pg';
import { messages } from '@mayorista/core/messages';
import { sameSnapshot, sameTiers } from '@mayorista/core/repricing';
import { DEFAULT_IVA_RATE } from '@mayorista/core/iva';
import type { ImportReport, ImportRowError } from '@mayorista/core/schemas/pricing';
import { productInputSchema, type ProductData } from '@mayorista/core/schemas/product';
import { AppError } from '../../lib/errors';
import * as pricing from './pricing.repository';
import { COLUMNS, tierHeaders, type ColumnKey } from './sheet.columns';
import { MAX_REPORTED_ERRORS, cellError, type FileErrors, type ParsedRow } from './pricing.import-parse';

/**
 * Catalogue import (the repricing work, decision 015): the file is read and checked completely first,
 * then — unless it is a dry run — applied ALL OR NOTHING in one transaction that re-plans against
 * the locked rows. One import at a time (a transaction-scoped advisory lock).
 */

/** pg_try_advisory_xact_lock key of "an import is running". */
const IMPORT_LOCK_KEY = 1_795_400_517;

type Existing = Omit<ProductData, never> & { id: string };

const DEFAULTS: Omit<ProductData, 'name' | 'price' | 'retail_price'> = {
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  stock: 0,
  has_unlimited_stock: false,
  is_enabled: true,
  // The wholesale-ordering work (decision 016): the spreadsheet has no quantity-rule or barcode columns; new products take the defaults.
  min_quantity: 1,
  pack_size: 1,
  max_quantity: null,
  sku: null,
  barcode: null,
  category: null,
  description: null,
  weight_grams: null,
  iva_rate: DEFAULT_IVA_RATE,
};

/** The column a product-rule message belongs to. */
function columnOfPath(path: PropertyKey[]): string {
  const [first, index] = path;
  if (first === 'discounts' && typeof index === 'number') return tierHeaders(index + 1)[2];
  return COLUMNS[first as ColumnKey] ?? String(first);
}

/** The fields an import changed, old and new: what its undo compares and restores (decision 022). */
export function changedFields(
  before: ProductData,
  after: ProductData,
): { before: Partial<ProductData>; after: Partial<ProductData> } {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ProductData)[]) {
    if (sameField(key, before, after)) continue;
    old[key] = before[key];
    now[key] = after[key];
  }
  return { before: old as Partial<ProductData>, after: now as Partial<ProductData> };
}

export const sameField = (key: keyof ProductData, a: Partial<ProductData>, b: Partial<ProductData>) =>
  key === 'discounts' ? sameTiers(a.discounts ?? [], b.discounts ?? []) : a[key] === b[key];

function sameProduct(a: ProductData, b: ProductData): boolean {
  const keys: (keyof ProductData)[] = [
    'name',
    'on_sale',
    'on_sale_retail',
    'stock',
    'has_unlimited_stock',
    'is_enabled',
    'sku',
    'category',
    'description',
    'iva_rate',
    'weight_grams',
  ];
  return keys.every((k) => a[k] === b[k]) && sameSnapshot(a, b);
}

export interface Plan {
  created: { row: number; data: ProductData }[];
  updated: { row: number; id: string; before: ProductData; data: ProductData }[];
  unchanged: number;
  errors: ImportRowError[];
  /** Errors the file thread counted past the listed ones. */
  errorsNotListed: number;
}

/**
 * The catalogue product a row is about: by its ID when it has one, else by SKU; null = a new
 * product; undefined = the row is refused (its error is in `errors`).
 */
function matchRow(
  parsed: ParsedRow,
  found: { byId: Map<string, Existing>; bySku: Map<string, Existing[]> },
  seen: { ids: Map<string, number>; skus: Map<string, number> },
  errors: ImportRowError[],
): Existing | null | undefined {
  const { import: text } = messages.pricing;
  const refuse = (column: string, message: string) => {
    errors.push(cellError(parsed.row, column, message));
    return undefined;
  };
  if (parsed.id) {
    const first = seen.ids.get(parsed.id);
    if (first !== undefined) return refuse(COLUMNS.id, text.idDuplicated(first));
    seen.ids.set(parsed.id, parsed.row);
    return found.byId.get(parsed.id) ?? refuse(COLUMNS.id, text.idUnknown);
  }
  const sku = parsed.sku!;
  const first = seen.skus.get(sku);
  if (first !== undefined) return refuse(COLUMNS.sku, text.skuDuplicated(first));
  seen.skus.set(sku, parsed.row);
  const matches = found.bySku.get(sku) ?? [];
  if (matches.length > 1) return refuse(COLUMNS.sku, text.skuShared(matches.length));
  return matches[0] ?? null;
}

/**
 * The names whose owner must be looked up: a row's name that is not exactly its own product's
 * name already. A product keeping its name cannot clash (the unique index says it alone holds it),
 * and a price or stock sheet exported and imported back keeps every name: looking up 20,000
 * unchanged names cost ~0.4 s of the database's time per import (measured in the bench's import
 * under load), taken from the customers browsing meanwhile.
 */
function namesToCheck(rows: ParsedRow[], found: { byId: Map<string, Existing>; bySku: Map<string, Existing[]> }): string[] {
  const names: string[] = [];
  for (const row of rows) {
    const name = row.fields.name;
    if (!name) continue;
    const own = row.id ? found.byId.get(row.id) : found.bySku.get(row.sku!)?.[0];
    if (own?.name !== name) names.push(name);
  }
  return names;
}

/** Rows matched by ID or SKU against the catalogue: what would be created, updated or left alone. */
export async function planImport(
  db: Pick<PoolClient, 'query'>,
  rows: ParsedRow[],
  fileErrors: FileErrors,
  lock: boolean,
): Promise<Plan> {
  const errors = [...fileErrors.listed];
  const plan: Plan = { created: [], updated: [], unchanged: 0, errors, errorsNotListed: fileErrors.notListed };
  const found = await pricing.productsForImport(
    db,
    rows.flatMap((r) => (r.id ? [r.id] : [])),
    rows.flatMap((r) => (r.id ? [] : [r.sku!])),
    lock,
  );
  const names = await pricing.productIdsByName(db, namesToCheck(rows, found));
  const seen = { ids: new Map<string, number>(), skus: new Map<string, number>() };
  const rowOfName = new Map<string, number>();
  // Checking 20,000 rows takes over half a second: it runs on the import's thread (decision 068),
  // never on the thread that answers requests.
  for (const parsed of rows) {
    const existing = matchRow(parsed, found, seen, errors);
    if (existing === undefined) continue;
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

export const reportOf = (plan: Plan, dryRun: boolean, changeId: string | null): ImportReport => ({
  dry_run: dryRun,
  created: plan.created.length,
  updated: plan.updated.length,
  unchanged: plan.unchanged,
  errors: plan.errors.slice(0, MAX_REPORTED_ERRORS),
  change_id: changeId,
});

export function refuse(plan: Plan, dryRun: boolean): never {
  throw new AppError('import_invalid', messages.pricing.import.invalid(plan.errors.length + plan.errorsNotListed), {
    report: reportOf(plan, dryRun, null),
  });
}

/**
 * Rows per write statement. Each statement still covers thousands of products (set-based), but the
 * JSON text and protocol buffers of one chunk are all that is alive at a time: writing 20,000
 * products as one document each held ~100 MB more at the peak (decision 022).
 */
const WRITE_CHUNK = 2500;

async function inChunks<T>(items: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += WRITE_CHUNK) await write(items.slice(i, i + WRITE_CHUNK));
}

/** Writes a checked plan's products: the new ones (their ids by name key) and the updates, stock aside. */
export async function writeImportedProducts(client: PoolClient, plan: Plan): Promise<Map<string, string>> {
  const createdIds = new Map<string, string>();
  await inChunks(plan.created, async (chunk) => {
    for (const [key, id] of await pricing.insertProducts(
      client,
      chunk.map((c) => c.data),
    ))
      createdIds.set(key, id);
  });
  await inChunks(plan.updated, (chunk) =>
    pricing.updateProducts(
      client,
      chunk.map((u) => ({ id: u.id, data: u.data })),
    ),
  );
  return createdIds;
}

/** The stock each updated product ends with, in chunks the stock ledger takes one statement each. */
export async function forEachStockChunk(plan: Plan, write: (chunk: { productId: string; stock: number }[]) => Promise<unknown>): Promise<void> {
  // Only the products whose stock the sheet changes: the plan's `before` was read from the rows
  // this transaction locked, so it is the stock now. Locking and comparing 20,000 unchanged stocks
  // of a price sheet cost ~2 s of the database's time per import (measured in the bench's import under load).
  const moving = plan.updated.filter((u) => u.before.stock !== u.data.stock);
  await inChunks(moving, (chunk) => write(chunk.map((u) => ({ productId: u.id, stock: u.data.stock }))));
}

/** The record an import's undo reads (decision 022): the price change, its repriced items and every product's changed fields. */
export async function recordImport(client: PoolClient, plan: Plan, createdIds: Map<string, string>, actorId: string): Promise<string | null> {
  if (plan.created.length === 0 && plan.updated.length === 0) return null;
  const repriced = plan.updated
    .map((u) => ({ id: u.id, before: pricing.snapshotOfRow(u.before), after: pricing.snapshotOfRow(u.data) }))
    .filter((i) => !sameSnapshot(i.before, i.after));
  const changeId = await pricing.insertChange(client, {
    source: 'import',
    actorId,
    scope: { import: { created: plan.created.length, updated: plan.updated.length } },
    rule: null,
    items: [],
    productCount: repriced.length,
  });
  await inChunks(repriced, (chunk) => pricing.insertChangeItems(client, changeId, chunk));
  await inChunks(plan.updated, (chunk) =>
    pricing.insertImportItems(
      client,
      changeId,
      chunk.map((u) => ({ id: u.id, ...changedFields(u.before, u.data) })),
    ),
  );
  await inChunks(plan.created, (chunk) =>
    pricing.insertImportItems(
      client,
      changeId,
      chunk.map((c) => ({ id: createdIds.get(pricing.nameKey(c.data.name))!, before: null, after: c.data })),
    ),
  );
  return changeId;
}

/** One import at a time: false when another import holds the lock (the transaction-scoped advisory lock). */
export async function lockImports(client: PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [IMPORT_LOCK_KEY]);
  return rows[0]!.ok;
}
