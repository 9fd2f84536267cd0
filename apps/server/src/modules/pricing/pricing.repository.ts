import { sameSnapshot, type PriceSnapshot } from '@mayorista/core/repricing';
import type { PriceChange, RepriceScope } from '@mayorista/core/schemas/pricing';
import type { ProductData } from '@mayorista/core/schemas/product';
import type { Queryable } from '../../db/transaction';
import { catalogueWhere } from '../../db/product-rows';

/**
 * Price changes in plain SQL (decision 007): a repricing reads and writes up to tens of thousands
 * of rows, so every write is ONE statement over arrays (unnest) rather than a statement per product.
 * Product writes reach the catalogue cache through the NOTIFY triggers of migration 0004.
 *
 * The ONE writer of an existing product's prices (decision 025): repricing, import, undo and the
 * product editor's save (`writeEditedPrices`) all write them here, and each records its change.
 */

export interface PricedRow extends PriceSnapshot {
  id: string;
  name: string;
  sku: string | null;
  category: string | null;
}

export interface ChangeItem {
  id: string;
  before: PriceSnapshot;
  after: PriceSnapshot;
}

const PRICE_COLUMNS = 'id, name, sku, category, price, retail_price, sale_price, sale_price_retail, discounts';

/** Only the fields undo compares and restores, in a fixed order, so equal snapshots compare equal. */
export const snapshotOfRow = (r: PriceSnapshot): PriceSnapshot => ({
  price: Number(r.price),
  retail_price: Number(r.retail_price),
  sale_price: r.sale_price === null ? null : Number(r.sale_price),
  sale_price_retail: r.sale_price_retail === null ? null : Number(r.sale_price_retail),
  discounts: r.discounts,
});

/**
 * The products of a scope, disabled ones included (an admin reprices the whole catalogue). With
 * `lock`, rows are locked in id order, the order every other multi-product writer uses.
 */
export async function selectScope(db: Queryable, scope: RepriceScope, lock: boolean): Promise<PricedRow[]> {
  const { clause, values } = catalogueWhere({ includeDisabled: true, search: scope.search, category: scope.category, inStock: false });
  const params = [...values];
  let where = clause;
  if (scope.product_ids) {
    params.push(scope.product_ids);
    where += `${where ? ' and' : 'where'} id = any($${params.length}::uuid[])`;
  }
  const { rows } = await db.query<PricedRow>(
    `select ${PRICE_COLUMNS} from products ${where} order by id ${lock ? 'for update' : ''}`,
    params,
  );
  return rows.map((r) => ({ ...r, ...snapshotOfRow(r) }));
}

/** The given products, locked in id order. */
export async function lockProducts(db: Queryable, ids: string[]): Promise<PricedRow[]> {
  const { rows } = await db.query<PricedRow>(
    `select ${PRICE_COLUMNS} from products where id = any($1::uuid[]) order by id for update`,
    [ids],
  );
  return rows.map((r) => ({ ...r, ...snapshotOfRow(r) }));
}

/**
 * Whether the sale prices apply. Written in the same statement as the prices when given: the CHECKs
 * `products_on_sale_has_price` / `products_sale_price_valid` compare them, so an edit that turns an
 * offer off and clears its price cannot be two statements (decision 022).
 */
export interface SaleFlags {
  on_sale: boolean;
  on_sale_retail: boolean;
}

/**
 * Writes the new prices of many products in one statement; with `flags` (the editor's save) the sale
 * flags too, in the same statement. The bulk writers pass none: their statement is the same as
 * before flags existed here (no extra arrays over 20,000 rows), and each product keeps its own.
 */
export async function writePrices(db: Queryable, items: { id: string; prices: PriceSnapshot; flags?: SaleFlags }[]): Promise<void> {
  if (items.length === 0) return;
  const flagged = items.every((i) => i.flags);
  if (!flagged && items.some((i) => i.flags)) throw new Error('writePrices: flags for every item or for none');
  await db.query(
    `update products p
        set price = v.price, retail_price = v.retail_price, sale_price = v.sale_price,
            sale_price_retail = v.sale_price_retail, discounts = v.discounts,
            ${flagged ? 'on_sale = v.on_sale, on_sale_retail = v.on_sale_retail,' : ''} updated_at = now()
       from (select unnest($1::uuid[]) as id, unnest($2::bigint[]) as price, unnest($3::bigint[]) as retail_price,
                    unnest($4::bigint[]) as sale_price, unnest($5::bigint[]) as sale_price_retail,
                    unnest($6::jsonb[]) as discounts
                    ${flagged ? ', unnest($7::boolean[]) as on_sale, unnest($8::boolean[]) as on_sale_retail' : ''}) v
      where p.id = v.id`,
    [
      items.map((i) => i.id),
      items.map((i) => i.prices.price),
      items.map((i) => i.prices.retail_price),
      items.map((i) => i.prices.sale_price),
      items.map((i) => i.prices.sale_price_retail),
      items.map((i) => JSON.stringify(i.prices.discounts)),
      ...(flagged ? [items.map((i) => i.flags!.on_sale), items.map((i) => i.flags!.on_sale_retail)] : []),
    ],
  );
}

/**
 * The product editor's save of one product's prices (the row locked by the caller, `before` read
 * then): prices and sale flags in one statement, and a `manual` change in the product's price
 * history when a price moved (the repricing work, decision 015), in the caller's transaction.
 */
export async function writeEditedPrices(
  db: Queryable,
  edit: { id: string; before: PriceSnapshot; after: PriceSnapshot; flags: SaleFlags; actorId: string },
): Promise<void> {
  const { id, before, after } = edit;
  await writePrices(db, [{ id, prices: after, flags: edit.flags }]);
  if (!sameSnapshot(before, after)) {
    await insertChange(db, { source: 'manual', actorId: edit.actorId, scope: { product_id: id }, rule: null, items: [{ id, before, after }] });
  }
}

/**
 * Records an applied change and each product's old and new prices; returns its id. A caller that
 * writes the items itself in chunks (the importer) passes none and says how many there are.
 */
export async function insertChange(
  db: Queryable,
  change: { source: PriceChange['source']; actorId: string | null; scope: object; rule: object | null; items: ChangeItem[]; productCount?: number },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into price_changes (source, actor_id, scope, rule, product_count) values ($1, $2, $3, $4, $5) returning id`,
    [change.source, change.actorId, JSON.stringify(change.scope), change.rule ? JSON.stringify(change.rule) : null, change.productCount ?? change.items.length],
  );
  const id = rows[0]!.id;
  await insertChangeItems(db, id, change.items);
  return id;
}

/** Each product's old and new prices of a change. */
export async function insertChangeItems(db: Queryable, changeId: string, items: ChangeItem[]): Promise<void> {
  if (items.length === 0) return;
  // One jsonb document rather than arrays of jsonb texts: one parse instead of 40.000.
  await db.query(
    `insert into price_change_items (change_id, product_id, before, after)
     select $1, (e->>'id')::uuid, e->'before', e->'after' from jsonb_array_elements($2::jsonb) e`,
    [changeId, JSON.stringify(items.map((i) => ({ id: i.id, before: i.before, after: i.after })))],
  );
}

interface ChangeRecord {
  id: string;
  source: PriceChange['source'];
  actor_id: string | null;
  actor_name: string | null;
  scope: Record<string, unknown>;
  rule: Record<string, unknown> | null;
  product_count: number;
  created_at: Date;
  undone_at: Date | null;
}

const CHANGE_SELECT = `select c.id, c.source, c.actor_id, nullif(concat_ws(' ', a.nombre, a.apellido), '') as actor_name,
                              c.scope, c.rule, c.product_count, c.created_at, c.undone_at
                         from price_changes c left join profiles a on a.id = c.actor_id`;

const toChange = (r: ChangeRecord): PriceChange => ({
  ...r,
  created_at: r.created_at.toISOString(),
  undone_at: r.undone_at ? r.undone_at.toISOString() : null,
});

export async function findChange(db: Queryable, id: string, lock: boolean): Promise<PriceChange | null> {
  const { rows } = await db.query<ChangeRecord>(`${CHANGE_SELECT} where c.id = $1 ${lock ? 'for update of c' : ''}`, [id]);
  return rows[0] ? toChange(rows[0]) : null;
}

/** Newest first; bulk changes and imports only unless a product is named (its manual edits too). */
export async function listChanges(
  db: Queryable,
  window: { limit: number; offset: number },
): Promise<{ items: PriceChange[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<ChangeRecord>(`${CHANGE_SELECT} where c.source <> 'manual' order by c.created_at desc, c.id limit $1 offset $2`, [
      window.limit,
      window.offset,
    ]),
    db.query<{ total: number }>(`select count(*)::int as total from price_changes where source <> 'manual'`),
  ]);
  return { items: page.rows.map(toChange), total: count.rows[0]!.total };
}

export async function findItems(db: Queryable, changeId: string): Promise<ChangeItem[]> {
  const { rows } = await db.query<{ product_id: string; before: PriceSnapshot; after: PriceSnapshot }>(
    `select product_id, before, after from price_change_items where change_id = $1 order by product_id`,
    [changeId],
  );
  return rows.map((r) => ({ id: r.product_id, before: r.before, after: r.after }));
}

export async function markUndone(db: Queryable, id: string, actorId: string): Promise<void> {
  await db.query(`update price_changes set undone_at = now(), undone_by = $2 where id = $1`, [id, actorId]);
}

/** A product's price history, newest first (the product editor shows it). */
export async function productHistory(db: Queryable, productId: string, limit: number) {
  const { rows } = await db.query<{
    change_id: string;
    source: PriceChange['source'];
    actor_name: string | null;
    created_at: Date;
    before: PriceSnapshot;
    after: PriceSnapshot;
  }>(
    `select c.id as change_id, c.source, nullif(concat_ws(' ', a.nombre, a.apellido), '') as actor_name, c.created_at, i.before, i.after
       from price_change_items i
       join price_changes c on c.id = i.change_id
       left join profiles a on a.id = c.actor_id
      where i.product_id = $1
      order by c.created_at desc, c.id
      limit $2`,
    [productId, limit],
  );
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

// ---- spreadsheet import ------------------------------------------------------------------------

const PRODUCT_DATA_COLUMNS =
  'id, name, price, retail_price, on_sale, sale_price, on_sale_retail, sale_price_retail, discounts, stock, has_unlimited_stock, is_enabled, min_quantity, pack_size, max_quantity, sku, barcode, category, description, iva_rate, weight_grams';

type ProductDataRow = ProductData & { id: string };

/**
 * The products an import's rows name, by id and by SKU (a SKU may belong to several products: the
 * importer refuses that row). With `lock`, in id order like every other multi-product writer.
 */
export async function productsForImport(
  db: Queryable,
  ids: string[],
  skus: string[],
  lock: boolean,
): Promise<{ byId: Map<string, ProductDataRow>; bySku: Map<string, ProductDataRow[]> }> {
  const { rows } = await db.query<ProductDataRow>(
    `select ${PRODUCT_DATA_COLUMNS} from products where id = any($1::uuid[]) or sku = any($2::text[]) order by id ${lock ? 'for update' : ''}`,
    [ids, skus],
  );
  const byId = new Map<string, ProductDataRow>();
  const bySku = new Map<string, ProductDataRow[]>();
  for (const [index, r] of rows.entries()) {
    // 20,000 rows in one go held the event loop ~50 ms under load: let requests in between.
    if (index > 0 && index % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const product = { ...r, ...snapshotOfRow(r) };
    byId.set(r.id, product);
    if (r.sku !== null) bySku.set(r.sku, [...(bySku.get(r.sku) ?? []), product]);
  }
  return { byId, bySku };
}

/** The key of products_name_key (migration 0001), computed the same way in JS. */
export const nameKey = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Who holds each of these names already, by nameKey. */
export async function productIdsByName(db: Queryable, names: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select id, name from products where lower(public.immutable_unaccent(name)) = any(select lower(public.immutable_unaccent(n)) from unnest($1::text[]) n)`,
    [names],
  );
  return new Map(rows.map((r) => [nameKey(r.name), r.id]));
}

type ImportData = ProductData;

const RECORDSET = `v(id uuid, name text, price bigint, retail_price bigint, on_sale boolean, sale_price bigint, on_sale_retail boolean,
  sale_price_retail bigint, discounts jsonb, stock integer, has_unlimited_stock boolean, is_enabled boolean, sku text, category text, description text, iva_rate real, weight_grams integer)`;

/**
 * New products in one statement; the insert trigger of migration 0003 writes their opening stock
 * movement. Returns their ids by nameKey (names are unique, products_name_key).
 */
export async function insertProducts(db: Queryable, products: ImportData[]): Promise<Map<string, string>> {
  if (products.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; name: string }>(
    `insert into products (name, price, retail_price, on_sale, sale_price, on_sale_retail, sale_price_retail, discounts, stock, has_unlimited_stock, is_enabled, sku, category, description, iva_rate, weight_grams)
     select name, price, retail_price, on_sale, sale_price, on_sale_retail, sale_price_retail, discounts, stock, has_unlimited_stock, is_enabled, sku, category, description, iva_rate, weight_grams
       from jsonb_to_recordset($1::jsonb) as ${RECORDSET}
     returning id, name`,
    [JSON.stringify(products)],
  );
  return new Map(rows.map((r) => [nameKey(r.name), r.id]));
}

/** Every field but the stock (which goes through the ledger) of many products in one statement. */
export async function updateProducts(db: Queryable, products: { id: string; data: ImportData }[]): Promise<void> {
  if (products.length === 0) return;
  await db.query(
    `update products p
        set name = v.name, price = v.price, retail_price = v.retail_price, on_sale = v.on_sale, sale_price = v.sale_price,
            on_sale_retail = v.on_sale_retail, sale_price_retail = v.sale_price_retail, discounts = v.discounts,
            has_unlimited_stock = v.has_unlimited_stock, is_enabled = v.is_enabled, sku = v.sku, category = v.category,
            description = v.description, iva_rate = v.iva_rate, weight_grams = v.weight_grams, updated_at = now()
       from jsonb_to_recordset($1::jsonb) as ${RECORDSET}
      where p.id = v.id`,
    [JSON.stringify(products.map((p) => ({ id: p.id, ...p.data })))],
  );
}

/**
 * What an import did to each product, for its undo: the old and new values of the fields it changed
 * (before null = the import created the product, and `after` is all of it).
 */
export async function insertImportItems(db: Queryable, changeId: string, items: ImportItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.query(
    `insert into import_items (change_id, product_id, before, after)
     select $1, (e->>'id')::uuid, e->'before', e->'after' from jsonb_array_elements($2::jsonb) e`,
    [changeId, JSON.stringify(items.map((i) => ({ id: i.id, before: i.before, after: i.after })))],
  );
}

export interface ImportItem {
  id: string;
  before: Partial<ProductData> | null;
  after: Partial<ProductData>;
}

export async function findImportItems(db: Queryable, changeId: string): Promise<ImportItem[]> {
  const { rows } = await db.query<{ product_id: string; before: Partial<ProductData> | null; after: Partial<ProductData> }>(
    `select product_id, before, after from import_items where change_id = $1 order by product_id`,
    [changeId],
  );
  return rows.map((r) => ({ id: r.product_id, before: r.before, after: r.after }));
}

/** The given products as the importer reads them, locked in id order. */
export async function lockProductData(db: Queryable, ids: string[]): Promise<ProductDataRow[]> {
  const { rows } = await db.query<ProductDataRow>(
    `select ${PRODUCT_DATA_COLUMNS} from products where id = any($1::uuid[]) order by id for update`,
    [ids],
  );
  return rows.map((r) => ({ ...r, ...snapshotOfRow(r) }));
}

/** Which of these products appear in an order placed since `since` (then an undo must keep them). */
export async function orderedSince(db: Queryable, ids: string[], since: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ product_id: string }>(
    `select distinct i.product_id
       from orders o cross join lateral jsonb_to_recordset(o.items) as i(product_id text)
      where o.created_at >= $2 and i.product_id = any($1::text[])`,
    [ids, since],
  );
  return new Set(rows.map((r) => r.product_id));
}

/** Removes products an undone import created (never ordered); their stock movements and history go with them. */
export async function deleteProducts(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`delete from products where id = any($1::uuid[])`, [ids]);
}
