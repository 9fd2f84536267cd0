import type { CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import { productFromSnapshot } from '@mayorista/core/offline-snapshot';
import type { Product, ProductListResponse } from '@mayorista/core/schemas/product';

/**
 * The catalogue's search and filters over the device's snapshot (decision 043), with the server's
 * rules (apps/server/src/db/product-rows.ts): the name, SKU, category and barcode, lower case and
 * without accents; every word must appear — a word of 3+ characters anywhere, a shorter one at the
 * start of a word; an exact SKU first, then names that start with what was typed, then name order
 * (the snapshot comes in the server's name order). Pure: no storage, no network.
 */
export interface OfflineQuery {
  search?: string;
  category?: string;
  onSale?: boolean;
  inStock?: boolean;
  page: number;
  pageSize: number;
}

const MIN_SUBSTRING_WORD = 3;
const MAX_SEARCH_WORDS = 8;

export const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A snapshot made ready to search: each product with its normalised search text, built once. */
export interface SearchableSnapshot {
  snapshot: CatalogueSnapshot;
  products: Product[];
  texts: string[];
  skus: (string | null)[];
}

export function searchable(snapshot: CatalogueSnapshot): SearchableSnapshot {
  const products = snapshot.products.map((p) => productFromSnapshot(p, snapshot.generated_at));
  const texts = snapshot.products.map((p) => ` ${normalise(`${p.name} ${p.sku ?? ''} ${p.category ?? ''} ${p.barcode ?? ''}`)}`);
  const skus = snapshot.products.map((p) => (p.sku ? p.sku.toLowerCase() : null));
  return { snapshot, products, texts, skus };
}

function matcher(search: string): ((text: string) => boolean) | null {
  const words = [...new Set(normalise(search).split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  // Texts start with a space, so " word" is "at the start of a word" for short words.
  const needles = words.map((w) => (w.length >= MIN_SUBSTRING_WORD ? w : ` ${w}`));
  return (text) => needles.every((needle) => text.includes(needle));
}

export function searchSnapshot(data: SearchableSnapshot, query: OfflineQuery): ProductListResponse<Product> {
  const search = query.search?.trim() ?? '';
  const matches = search ? matcher(search) : null;
  const hits: number[] = [];
  for (let i = 0; i < data.products.length; i++) {
    const p = data.products[i]!;
    if (query.category && p.category !== query.category) continue;
    if (query.onSale && !p.on_sale) continue;
    if (query.inStock && !(p.has_unlimited_stock || p.stock > 0)) continue;
    if (matches && !matches(data.texts[i]!)) continue;
    hits.push(i);
  }
  if (search) {
    const sku = search.toLowerCase();
    const prefix = ` ${normalise(search)}`;
    const rank = (i: number) => (data.skus[i] === sku ? 0 : data.texts[i]!.startsWith(prefix) ? 1 : 2);
    // Stable: equal ranks keep the snapshot's name order.
    hits.sort((a, b) => rank(a) - rank(b));
  }
  const start = (query.page - 1) * query.pageSize;
  return {
    items: hits.slice(start, start + query.pageSize).map((i) => data.products[i]!),
    total: hits.length,
    page: query.page,
    page_size: query.pageSize,
  };
}

/** The categories in the snapshot, in Spanish order. */
export function snapshotCategories(data: SearchableSnapshot): string[] {
  const set = new Set<string>();
  for (const p of data.products) if (p.category) set.add(p.category);
  return [...set].sort(new Intl.Collator('es', { sensitivity: 'base' }).compare);
}
