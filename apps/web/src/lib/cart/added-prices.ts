import { addedUnitPrice } from '@mayorista/core/pricing';
import { percentChange } from '@mayorista/core/repricing';
import type { CartProduct } from './cart-rules';

/**
 * "Subió 8 % desde que lo agregaste" (the repricing work, decision 022). The server keeps the unit price
 * each line had when it entered the cart (`added_prices` of the cart's answers), so the notice
 * follows the customer to any device until the line is removed or the order placed; the order is
 * always priced by the server with today's prices.
 */

/** The price of one unit, sale included, before any quantity tier: what "the price" means to a buyer. */
export const unitPriceOf = (product: CartProduct) => addedUnitPrice(product);

/** Whole-percent change of a line's unit price since it was added; 0 when unknown or unchanged. */
export function changeSinceAdded(added: Record<string, number>, product: CartProduct): number {
  const before = added[product.id];
  return before ? percentChange(before, unitPriceOf(product)) : 0;
}
