import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Product, ProductData } from '@mayorista/core/schemas/product';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
/** The database or a transaction: every function here runs inside whichever it is given. */
export type Executor = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete'>;

/** Public URL of a stored image file name (see products.images.ts). */
export const imageUrlOf = (fileName: string | null): string | null => (fileName ? `/uploads/${fileName}` : null);

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    retail_price: row.retailPrice,
    on_sale: row.onSale,
    sale_price: row.salePrice,
    on_sale_retail: row.onSaleRetail,
    sale_price_retail: row.salePriceRetail,
    discounts: row.discounts,
    stock: row.stock,
    has_unlimited_stock: row.hasUnlimitedStock,
    is_enabled: row.isEnabled,
    sku: row.sku,
    category: row.category,
    description: row.description,
    image_url: imageUrlOf(row.imagePath),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toColumns(data: ProductData) {
  return {
    name: data.name,
    price: data.price,
    retailPrice: data.retail_price,
    onSale: data.on_sale,
    salePrice: data.sale_price,
    onSaleRetail: data.on_sale_retail,
    salePriceRetail: data.sale_price_retail,
    discounts: data.discounts,
    stock: data.stock,
    hasUnlimitedStock: data.has_unlimited_stock,
    isEnabled: data.is_enabled,
    sku: data.sku,
    category: data.category,
    description: data.description,
  };
}

/** LIKE treats % and _ as wildcards; a customer searching "10%" means the character. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Spanish ICU collation: "Azúcar" sorts with "Azucar", "ñ" after "n", case-insensitively.
const byNameInSpanish = sql`${products.name} collate "es-AR-x-icu"`;

export interface ProductFilters {
  includeDisabled: boolean;
  search?: string;
  category?: string;
  /** Which sale flag "on sale" means for this viewer: wholesale for approved customers, retail for others. */
  onSale?: 'wholesale' | 'retail';
  inStock: boolean;
  limit: number;
  offset: number;
}

function filterConditions(filters: Omit<ProductFilters, 'limit' | 'offset'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (!filters.includeDisabled) conditions.push(eq(products.isEnabled, true));
  if (filters.search) {
    // Same expression as the unique index products_name_key: accents and case never matter.
    conditions.push(
      sql`lower(public.immutable_unaccent(${products.name})) like lower(public.immutable_unaccent(${likeContains(filters.search)}))`,
    );
  }
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.onSale === 'wholesale') conditions.push(eq(products.onSale, true));
  if (filters.onSale === 'retail') conditions.push(eq(products.onSaleRetail, true));
  if (filters.inStock) conditions.push(or(eq(products.hasUnlimitedStock, true), sql`${products.stock} > 0`));
  return and(...conditions);
}

/**
 * One page in Spanish name order, and the total that matches. Two queries sent together rather
 * than one with a window count: `count(*) over()` forces the whole filtered set through a sort,
 * while the page alone walks the products_catalog_order_idx index and stops after one page
 * (≈ 3 ms instead of ≈ 13 ms with 5,000 products).
 */
export async function findProductsPage(db: Executor, filters: ProductFilters): Promise<{ items: Product[]; total: number }> {
  const where = filterConditions(filters);
  const [rows, counted] = await Promise.all([
    db.select().from(products).where(where).orderBy(byNameInSpanish, products.id).limit(filters.limit).offset(filters.offset),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(products).where(where),
  ]);
  return { items: rows.map(toProduct), total: counted[0]?.total ?? 0 };
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

export async function insertProduct(db: Executor, data: ProductData): Promise<Product> {
  const [row] = await db.insert(products).values(toColumns(data)).returning();
  return toProduct(row!);
}

export async function updateProduct(db: Executor, id: string, data: ProductData): Promise<Product | null> {
  const [row] = await db
    .update(products)
    .set({ ...toColumns(data), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row ? toProduct(row) : null;
}

export async function updateProductEnabled(db: Executor, id: string, isEnabled: boolean): Promise<Product | null> {
  const [row] = await db
    .update(products)
    .set({ isEnabled, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row ? toProduct(row) : null;
}

/** Deletes the row; returns its image file name (to remove from disk), or undefined when it did not exist. */
export async function deleteProductById(db: Executor, id: string): Promise<{ imagePath: string | null } | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ imagePath: products.imagePath });
  return row;
}

/** Locks the row for an image swap, so two uploads at once cannot both keep "their" old file. */
export async function lockProductImage(db: Executor, id: string): Promise<{ imagePath: string | null } | undefined> {
  const [row] = await db
    .select({ imagePath: products.imagePath })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}

export async function updateProductImage(db: Executor, id: string, imagePath: string): Promise<Product | null> {
  const [row] = await db
    .update(products)
    .set({ imagePath, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row ? toProduct(row) : null;
}
