import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Product, ProductData } from '@mayorista/core/schemas/product';
import type { Pool } from 'pg';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { catalogueWhere, normalised, PRODUCT_COLUMNS, productFromRecord, toProduct, type ProductFilters, type ProductRecord } from '../../db/product-rows';
import { likePrefix } from '../../db/like';

export { catalogueWhere, imageUrlOf, MAX_SEARCH_WORDS, MIN_SUBSTRING_WORD, searchWords, toProduct, type ProductFilters } from '../../db/product-rows';

/** The database or a transaction: every function here runs inside whichever it is given. */
export type Executor = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete'>;

/** Every column the editor sets except stock, which only the stock ledger writes (modules/stock). */
/** Everything of a product but its prices and stock: the product editor writes these itself. */
function detailColumns(data: ProductData) {
  return {
    name: data.name,
    hasUnlimitedStock: data.has_unlimited_stock,
    isEnabled: data.is_enabled,
    minQuantity: data.min_quantity,
    packSize: data.pack_size,
    maxQuantity: data.max_quantity,
    sku: data.sku,
    barcode: data.barcode,
    category: data.category,
    description: data.description,
    ivaRate: data.iva_rate,
    weightGrams: data.weight_grams,
  };
}

/** A new product's every column but the stock (the ledger's opening movement writes it). */
function toColumns(data: ProductData) {
  return {
    ...detailColumns(data),
    price: data.price,
    retailPrice: data.retail_price,
    onSale: data.on_sale,
    salePrice: data.sale_price,
    onSaleRetail: data.on_sale_retail,
    salePriceRetail: data.sale_price_retail,
    discounts: data.discounts,
  };
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page: Spanish name order, or for a search, exact SKU first, then names that start with
 * what was typed, then the rest by name — a buyer who types a code or the start of a name sees
 * that product on top.
 * - Written as SQL on the pool, not through drizzle: building the query and mapping every row
 *   through drizzle took 13 % of the server's CPU under load (`--cpu-prof`, the speed-budget work (decisions 006, 007)). Each filter
 *   shape is a named prepared statement, so PostgreSQL parses it once per connection.
 * - Without a search, the page walks products_catalog_order_idx and stops after one page; the
 *   total comes from countProducts (remembered per filter by the service).
 * - With one, the trigram index yields the matching rows, which have to be ranked and sorted
 *   anyway, so `count(*) over ()` gives the total in the same statement for almost nothing: one
 *   round-trip and one index scan per search instead of two. `total` is null only when the page
 *   is past the last match (no row to carry it).
 */
export async function findProductsPage(
  pool: Pool,
  filters: ProductFilters,
  window: PageWindow,
): Promise<{ items: Product[]; total: number | null }> {
  const { shape, clause, values } = catalogueWhere(filters);
  const params = [...values];
  const next = () => `$${params.length}`;
  let order = `name collate "es-AR-x-icu", id`;
  let columns = PRODUCT_COLUMNS;
  if (filters.search) {
    params.push(filters.search);
    const sku = next();
    params.push(likePrefix(filters.search));
    const prefix = next();
    // search_text starts with the name, so its prefix is the name's (and costs no unaccent per row).
    order = `case when lower(sku) = lower(${sku}) then 0 when search_text like ${normalised(prefix)} then 1 else 2 end, ${order}`;
    columns += ', count(*) over ()::int as matching';
  }
  params.push(window.limit);
  const limit = next();
  params.push(window.offset);
  const offset = next();
  const { rows } = await pool.query<ProductRecord & { matching?: number }>({
    name: `catalogue_page_${shape}`,
    text: `select ${columns} from products ${clause} order by ${order} limit ${limit} offset ${offset}`,
    values: params,
  });
  return { items: rows.map(productFromRecord), total: filters.search ? (rows[0]?.matching ?? null) : null };
}

/**
 * How many products match, for "Mostrando 48 de 12.345". O(matching rows): the service keeps the
 * answer per filter in products.cache.ts, so it runs once per filter and catalogue change.
 */
export async function countProducts(pool: Pool, filters: ProductFilters): Promise<number> {
  const { shape, clause, values } = catalogueWhere(filters);
  const { rows } = await pool.query<{ total: number }>({
    name: `catalogue_count_${shape}`,
    text: `select count(*)::int as total from products ${clause}`,
    values,
  });
  return rows[0]?.total ?? 0;
}

export async function findCategories(db: Executor, includeDisabled: boolean): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category, sortKey: sql`${products.category} collate "es-AR-x-icu"` })
    .from(products)
    .where(and(isNotNull(products.category), includeDisabled ? undefined : eq(products.isEnabled, true)))
    .orderBy(sql`${products.category} collate "es-AR-x-icu"`);
  return rows.map((r) => r.category).filter((c): c is string => c !== null);
}

export async function findProductById(db: Executor, id: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ? toProduct(row) : null;
}

/** Inserts the product with no stock: the caller records its opening stock through the ledger. */
export async function insertProduct(db: Executor, data: ProductData): Promise<Product> {
  const [row] = await db.insert(products).values(toColumns(data)).returning();
  return toProduct(row!);
}

/**
 * An edit's every field but prices and stock: prices go through modules/pricing (their one writer,
 * decision 025), stock through the ledger. Returns the whole row as it is then.
 */
export async function updateProductDetails(db: Executor, id: string, data: ProductData): Promise<Product | null> {
  const [row] = await db
    .update(products)
    .set({ ...detailColumns(data), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row ? toProduct(row) : null;
}

export async function updateProductEnabled(db: Executor, id: string, isEnabled: boolean): Promise<Product | null> {
  const [row] = await db.update(products).set({ isEnabled, updatedAt: new Date() }).where(eq(products.id, id)).returning();
  return row ? toProduct(row) : null;
}

/** Deletes the row; returns its image file name (to remove from disk), or undefined when it did not exist. */
export async function deleteProductById(db: Executor, id: string): Promise<{ imagePath: string | null } | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ imagePath: products.imagePath });
  return row;
}

/**
 * The products a page address can name (core/product-slug.ts): one id, or every id starting with
 * a short id — a range on the primary key, so one index probe whatever the catalogue's size.
 */
export async function findProductsByIdRange(pool: Pool, lower: string, upper: string): Promise<Product[]> {
  const { rows } = await pool.query<ProductRecord>({
    name: 'product_by_id_range',
    text: `select ${PRODUCT_COLUMNS} from products where id between $1::uuid and $2::uuid order by created_at limit 5`,
    values: [lower, upper],
  });
  return rows.map(productFromRecord);
}

/**
 * Every enabled product in the catalogue's order (Spanish name order, then id): the offline
 * snapshot (decision 043). One statement walking products_catalog_order_idx.
 */
export async function findEnabledCatalogue(pool: Pool): Promise<Product[]> {
  const { rows } = await pool.query<ProductRecord>({
    name: 'catalogue_snapshot',
    text: `select ${PRODUCT_COLUMNS} from products where is_enabled order by name collate "es-AR-x-icu", id`,
  });
  return rows.map(productFromRecord);
}
