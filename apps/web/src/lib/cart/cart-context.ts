import { createContext } from 'react';
import type { LinePrice } from '@mayorista/core/pricing';
import type { IvaBreakdown, IvaLine } from '@mayorista/core/iva-breakdown';
import type { CartLine, CartProduct } from './cart-rules';

export type CartStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PricedCartLine extends CartLine {
  price: LinePrice;
  /** The line's share of net and IVA (core/iva.ts). */
  iva: IvaLine;
  /** A rule the saved quantity breaks (set after it was chosen), with the quantity that fixes it. */
  problem: { text: string; fix: number | null } | null;
  /** Whole-percent change of the unit price since the line was added (0 = unchanged or unknown). */
  changedPercent: number;
}

export interface CartContextValue {
  /** Lines by category, then name (decision 033), each with its wholesale price preview. */
  items: PricedCartLine[];
  /** Units in the cart (the nav badge). */
  count: number;
  /** Preview in centavos (with IVA: what the customer pays); the server recomputes it when the order is placed. */
  total: number;
  /**
   * The business-identity work (decision 019): the IVA breakdown, whether entered prices include IVA, and
   * whether this customer (a Responsable Inscripto) sees it itemised; both flags come from the server.
   */
  iva: { breakdown: IvaBreakdown; pricesIncludeIva: boolean; itemised: boolean };
  totalSavings: number;
  /** The business's minimum order amount (centavos, 0 = none) and what the cart still misses of it. */
  minOrderAmount: number;
  missingForMinimum: number;
  /** The order cannot be placed yet: below the minimum, or a line breaks its product's rules. */
  blocked: boolean;
  status: CartStatus;
  /** the validation rules add: refused beyond stock ('Stock insuficiente'); returns whether the units were added. */
  addItem(product: CartProduct, quantity?: number): boolean;
  /** the validation rules update: ≤ 0 removes, above stock caps with 'Solo quedan {n} unidades de {product}'. */
  setQuantity(productId: string, quantity: number): void;
  removeItem(productId: string): void;
  /** Empties the cart and saves at once (the states and transitions). */
  clear(): void;
  /** Saves now whatever change is waiting for the debounce, and resolves when the save finished. */
  flushSave(options?: { quiet?: boolean }): Promise<void>;
  /**
   * The lines as they are right now, read from the provider's latest state rather than from the
   * last render: a quantity committed by the same tap that places the order is already in it.
   */
  currentLines(): { product_id: string; quantity: number }[];
  reload(): void;
}

export const CartContext = createContext<CartContextValue | null>(null);
