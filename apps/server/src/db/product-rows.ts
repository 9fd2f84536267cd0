import type { Product } from '@mayorista/core/schemas/product';
import { likeContains, likePrefix } from './like';
import type { products } from './schema';

/**
 * The products table as more than one module reads it: a row as the API's Product (the cart, the
 * saved lists and the catalogue map their rows through it) and the catalogue's filters as SQL
 * (the catalogue page and the price exports share them). The modules own their writes; these
 * reads are shared here, below every module, so no module imports another's repository.
 */
type ProductRow = typeof products.$inferSelect;
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
    min_quantity: row.minQuantity,
    pack_size: row.packSize,
    max_quantity: row.maxQuantity,
    sku: row.sku,
    barcode: row.barcode,
    category: row.category,
    description: row.description,
    iva_rate: row.ivaRate,
    weight_grams: row.weightGrams,
    image_url: imageUrlOf(row.imagePath),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Shorter words match at the start of a word only (see catalogueWhere). */
export const MIN_SUBSTRING_WORD = 3;

/** More words than this add nothing a buyer needs and only multiply the prepared statements. */
export const MAX_SEARCH_WORDS = 8;

/** The distinct words of a search, in the order typed: each must appear somewhere, in any order. */
export function searchWords(search: string): string[] {
  return [...new Set(search.split(/\s+/).filter((w) => w.length > 0))].slice(0, MAX_SEARCH_WORDS);
}

export interface ProductFilters {
  includeDisabled: boolean;
  search?: string;
  category?: string;
  /** Which sale flag "on sale" means for this viewer: wholesale for approved customers, retail for others. */
  onSale?: 'wholesale' | 'retail';
  inStock: boolean;
}

/** The same normalisation as the generated column products.search_text (migration 0004). */
export const normalised = (param: string) => `lower(public.immutable_unaccent(${param}))`;

/**
 * The WHERE clause of a catalogue page, its parameters, and a key naming its shape (one letter per
 * filter, plus the number of search words) so each shape is one named prepared statement.
 * A column read here must also be compared by the products update trigger (migration 0031,
 * notify_products_updated): a change to it is what makes the remembered counts stale (decision 084).
 */
export function catalogueWhere(filters: ProductFilters): { shape: string; clause: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  let shape = '';
  const add = (flag: string, condition: string, ...params: unknown[]) => {
    shape += flag;
    let text = condition;
    for (const param of params) text = text.replace('$?', `$${values.push(param)}`);
    conditions.push(text);
  };
  // A literal `is_enabled` (not `= $1`) lets the planner use the partial index products_catalog_order_idx.
  if (!filters.includeDisabled) add('e', 'is_enabled');
  // One condition per word, each served by the trigram index products_search_trgm_idx: "123 yerba"
  // finds "Yerba 123". The word is normalised in SQL, exactly as the column is. A word of one or
  // two characters has no trigram of its own, so "%te%" would read every row: it matches the start
  // of a word instead ("te" finds "Té verde", not "Aceite"), which the index serves.
  for (const word of filters.search ? searchWords(filters.search) : []) {
    if (word.length >= MIN_SUBSTRING_WORD) add('s', `search_text like ${normalised('$?')}`, likeContains(word));
    else
      add(
        't',
        `(search_text like ${normalised('$?')} or search_text like ${normalised('$?')})`,
        likePrefix(word),
        `% ${likePrefix(word)}`,
      );
  }
  if (filters.category) add('c', 'category = $?', filters.category);
  if (filters.onSale === 'wholesale') add('w', 'on_sale');
  if (filters.onSale === 'retail') add('r', 'on_sale_retail');
  if (filters.inStock) add('i', '(has_unlimited_stock or stock > 0)');
  return { shape, clause: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', values };
}

/** The columns of a product row, in API order (for the hand-written catalogue query below). */
export const PRODUCT_COLUMNS =
  'id, name, price, retail_price, on_sale, sale_price, on_sale_retail, sale_price_retail, discounts, stock, has_unlimited_stock, is_enabled, min_quantity, pack_size, max_quantity, sku, barcode, category, description, iva_rate, weight_grams, image_path, created_at, updated_at';

export interface ProductRecord {
  id: string;
  name: string;
  price: number;
  retail_price: number;
  on_sale: boolean;
  sale_price: number | null;
  on_sale_retail: boolean;
  sale_price_retail: number | null;
  discounts: Product['discounts'];
  stock: number;
  has_unlimited_stock: boolean;
  is_enabled: boolean;
  min_quantity: number;
  pack_size: number;
  max_quantity: number | null;
  sku: string | null;
  barcode: string | null;
  category: string | null;
  description: string | null;
  iva_rate: Product['iva_rate'];
  weight_grams: number | null;
  image_path: string | null;
  created_at: Date;
  updated_at: Date;
}

export const productFromRecord = (r: ProductRecord): Product => ({
  id: r.id,
  name: r.name,
  price: r.price,
  retail_price: r.retail_price,
  on_sale: r.on_sale,
  sale_price: r.sale_price,
  on_sale_retail: r.on_sale_retail,
  sale_price_retail: r.sale_price_retail,
  discounts: r.discounts,
  stock: r.stock,
  has_unlimited_stock: r.has_unlimited_stock,
  is_enabled: r.is_enabled,
  min_quantity: r.min_quantity,
  pack_size: r.pack_size,
  max_quantity: r.max_quantity,
  sku: r.sku,
  barcode: r.barcode,
  category: r.category,
  description: r.description,
  iva_rate: r.iva_rate,
  weight_grams: r.weight_grams,
  image_url: imageUrlOf(r.image_path),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});
