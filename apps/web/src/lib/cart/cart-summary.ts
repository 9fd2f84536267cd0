import { priceCart } from '@mayorista/core/pricing';
import { DEFAULT_IVA_RATE, ivaBreakdown } from '@mayorista/core/iva-breakdown';
import { missingForMinimumOrder } from '@mayorista/core/quantity-rules';
import type { CartResponse } from '@mayorista/core/schemas/cart';
import type { CartContextValue } from './cart-context';
import { changeSinceAdded } from './added-prices';
import { lineProblem, type CartLine } from './cart-rules';

/** What the server says about the cart beside its lines, refreshed by every load and save. */
export interface CartTerms {
  /** The business's minimum order amount (centavos, 0 = none). */
  minOrderAmount: number;
  /** Whether entered prices include IVA, and whether this customer sees IVA itemised. */
  ivaView: { pricesIncludeIva: boolean; itemised: boolean };
  /** The server's unit price of each line when it was added (the repricing work, decision 015). */
  added: Record<string, number>;
}

/** Until the server says otherwise: no minimum, prices include IVA and nothing is itemised. */
export const DEFAULT_TERMS: CartTerms = { minOrderAmount: 0, ivaView: { pricesIncludeIva: true, itemised: false }, added: {} };

export const termsOf = (
  cart: Pick<CartResponse, 'min_order_amount' | 'prices_include_iva' | 'iva_itemised' | 'added_prices'>,
): CartTerms => ({
  minOrderAmount: cart.min_order_amount ?? 0,
  ivaView: { pricesIncludeIva: cart.prices_include_iva ?? true, itemised: cart.iva_itemised ?? false },
  added: cart.added_prices ?? {},
});

const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * Decision 033: lines show by category, then by name — the order of a stock list, the same after a
 * reload or on another device (the saved cart keeps no order of its own: it is a jsonb object).
 * Products without a category come last. The order is placed in this order too, so Mis Pedidos
 * and its PDF list the lines as the cart showed them.
 */
export function sortForDisplay<T extends { product: { name: string; category?: string | null } }>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    const ca = a.product.category ?? '';
    const cb = b.product.category ?? '';
    if (ca !== cb) return ca === '' ? 1 : cb === '' ? -1 : byName.compare(ca, cb);
    return byName.compare(a.product.name, b.product.name);
  });
}

export type CartSummary = Pick<
  CartContextValue,
  'items' | 'minOrderAmount' | 'missingForMinimum' | 'blocked' | 'count' | 'total' | 'totalSavings' | 'iva'
>;

/** The lines priced as wholesale, with IVA, the minimum order and each line's problem: what the cart shows. */
export function summarizeCart(lines: CartLine[], { minOrderAmount, ivaView, added }: CartTerms): CartSummary {
  const priced = priceCart(lines, 'wholesale');
  // The same rule the server applies when the order is placed: IVA on the priced lines.
  const breakdown = ivaBreakdown(
    priced.lines.map((price, index) => ({
      lineTotal: price.lineTotal,
      ivaRate: lines[index]!.product.iva_rate ?? DEFAULT_IVA_RATE,
    })),
    ivaView.pricesIncludeIva,
  );
  const missingForMinimum = missingForMinimumOrder(breakdown.total, minOrderAmount);
  const items = sortForDisplay(
    lines.map((line, index) => ({
      ...line,
      price: priced.lines[index]!,
      iva: breakdown.lines[index]!,
      changedPercent: changeSinceAdded(added, line.product),
      problem: lineProblem(line),
    })),
  );
  return {
    items,
    minOrderAmount,
    missingForMinimum,
    blocked: missingForMinimum > 0 || items.some((item) => item.problem !== null),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: breakdown.total,
    totalSavings: priced.totalSavings,
    iva: { breakdown, ...ivaView },
  };
}
