import { offlineCartData } from './pending-cart';
import { fromCartData, type CartLine } from './cart-rules';

/** Fired on window when an order from the offline queue was placed (lib/offline/queue.ts). */
export const QUEUED_ORDER_PLACED = 'mayorista:queued-order-placed';

/**
 * The cart without network (decision 043): the device's copy of it, priced from the customer's
 * snapshot. Null when this device keeps no snapshot (the cart then says it could not load).
 * The snapshot's code loads only here, never in the first download.
 */
export async function loadOfflineCart(
  userId: string,
): Promise<{ lines: CartLine[]; minOrderAmount: number; pricesIncludeIva: boolean } | null> {
  const data = offlineCartData(userId);
  const found = await import('../offline/snapshot').then((m) => m.snapshotProducts(userId, Object.keys(data))).catch(() => null);
  if (!found) return null;
  return {
    lines: fromCartData(data, found.products),
    minOrderAmount: found.snapshot.min_order_amount,
    pricesIncludeIva: found.snapshot.prices_include_iva,
  };
}
