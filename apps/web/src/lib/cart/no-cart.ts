import type { CartContextValue, CartStatus } from './cart-context';

const nothing = () => undefined;

/**
 * The cart before its code has loaded, and for anyone who buys nothing (visitors, staff, accounts
 * waiting for approval): empty, no IVA, nothing blocked — what the rules give for no lines
 * (no-cart.test.ts checks it against them). Its actions change nothing.
 */
export function noCart(status: CartStatus): CartContextValue {
  return {
    items: [],
    count: 0,
    total: 0,
    iva: {
      breakdown: { pricesIncludeIva: true, lines: [], groups: [], net: 0, iva: 0, total: 0 },
      pricesIncludeIva: true,
      itemised: false,
    },
    totalSavings: 0,
    minOrderAmount: 0,
    missingForMinimum: 0,
    blocked: false,
    status,
    addItem: () => false,
    setQuantity: nothing,
    removeItem: nothing,
    clear: nothing,
    flushSave: () => Promise.resolve(),
    currentLines: () => [],
    reload: nothing,
  };
}
