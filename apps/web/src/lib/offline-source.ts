import type { Product, ProductListResponse } from '@mayorista/core/schemas/product';
import type { CartLine } from './cart/cart-rules';

/**
 * What the catalogue and the cart ask of the device's snapshot when the network fails (decision
 * 043). The app registers the loader at start-up (main.tsx: a dynamic import, so the snapshot and
 * IndexedDB code stay out of the first download); modules below the app only see this interface.
 */
export interface OfflineSource {
  offlineCatalogPage(query: { search?: string; category?: string; onSale?: boolean; inStock?: boolean; page: number; pageSize: number }): Promise<ProductListResponse<Product> | null>;
  offlineCategories(): Promise<string[] | null>;
  /** Signing out: the customer's prices leave the device. */
  forgetSnapshot(userId: string): Promise<void>;
  /** The cart from the device's copy, priced from the snapshot; null without a snapshot. */
  offlineCart(userId: string): Promise<{ lines: CartLine[]; minOrderAmount: number; pricesIncludeIva: boolean } | null>;
}

let loader: (() => Promise<OfflineSource>) | null = null;

export function setOfflineSource(load: () => Promise<OfflineSource>): void {
  loader = load;
}

/** The snapshot's functions, or null when none was registered or its code cannot load. */
export async function offlineSource(): Promise<OfflineSource | null> {
  try {
    return loader ? await loader() : null;
  } catch {
    return null;
  }
}
