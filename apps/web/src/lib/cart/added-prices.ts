import { priceLine } from '@mayorista/core/pricing';
import { percentChange } from '@mayorista/core/repricing';
import type { CartLine, CartProduct } from './cart-rules';

/**
 * The unit price each cart line had when it was added (issue 17 §6: "Subió 8 % desde que lo
 * agregaste"), kept per user in localStorage: it is a hint for this browser only — the order is
 * always priced by the server with today's prices. An entry lives until the line leaves the cart
 * (removed, or the cart emptied when the order is placed).
 */

const keyFor = (userId: string) => `mayorista:cart-added-prices:${userId}`;

/** The price of one unit, sale included, before any quantity tier: what "the price" means to a buyer. */
export const unitPriceOf = (product: CartProduct) => priceLine(product, 1, 'wholesale').unitPrice;

function read(userId: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Brings the remembered prices in step with the cart: lines without an entry get today's price,
 * entries of lines no longer in the cart are dropped. Returns the map.
 */
export function syncAddedPrices(userId: string, lines: CartLine[]): Record<string, number> {
  const stored = read(userId);
  const next: Record<string, number> = {};
  for (const line of lines) {
    const kept = stored[line.product.id];
    next[line.product.id] = typeof kept === 'number' && kept > 0 ? kept : unitPriceOf(line.product);
  }
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(next));
  } catch {
    /* storage full or blocked: the notice is a hint, the cart works without it */
  }
  return next;
}

/** Whole-percent change of a line's unit price since it was added; 0 when unknown or unchanged. */
export function changeSinceAdded(added: Record<string, number>, product: CartProduct): number {
  const before = added[product.id];
  return before ? percentChange(before, unitPriceOf(product)) : 0;
}
