import { fromCartData, type CartLine } from '../cart/cart-rules';
import { knownCartKey, readPendingCart } from '../cart/pending-cart';
import { snapshotProducts } from './snapshot';

/** What the cart holds for this device when the server cannot be asked: the pending copy, else the last confirmed cart. */
function offlineCartData(userId: string): Record<string, number> {
  const pending = readPendingCart(userId);
  if (pending) return pending;
  try {
    const raw = localStorage.getItem(knownCartKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The cart without network (decision 043): the device's copy of it, priced from the customer's
 * snapshot. Null when this device keeps no snapshot (the cart then says it could not load).
 */
export async function offlineCart(userId: string): Promise<{ lines: CartLine[]; minOrderAmount: number; pricesIncludeIva: boolean } | null> {
  const data = offlineCartData(userId);
  const found = await snapshotProducts(userId, Object.keys(data));
  if (!found) return null;
  return {
    lines: fromCartData(data, found.products),
    minOrderAmount: found.snapshot.min_order_amount,
    pricesIncludeIva: found.snapshot.prices_include_iva,
  };
}
