import type { Product } from './schemas/product';

/**
 * A product as the offline snapshot carries it (decision 043): the wholesale view at the
 * customer's prices, without what the catalogue's cards and the cart never read offline
 * (the description, the timestamps; every product in it is enabled).
 */
export type SnapshotProduct = Omit<Product, 'description' | 'created_at' | 'updated_at' | 'is_enabled'>;

/** GET /api/catalog/snapshot: the customer's whole catalogue at their prices, and what prices an order. */
export interface CatalogueSnapshot {
  /** When the server read it (ISO 8601): "precios al 25/11 14:32". */
  generated_at: string;
  prices_include_iva: boolean;
  min_order_amount: number;
  products: SnapshotProduct[];
}

/** Back to the catalogue's Product shape (what the cards and the cart take). */
export function productFromSnapshot(p: SnapshotProduct, generatedAt: string): Product {
  return { ...p, description: null, is_enabled: true, created_at: generatedAt, updated_at: generatedAt };
}

/** The snapshot's shape of a product. */
export function toSnapshotProduct(product: Product): SnapshotProduct {
  const { description: _d, created_at: _c, updated_at: _u, is_enabled: _e, ...rest } = product;
  return rest;
}
