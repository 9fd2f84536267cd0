import { showsIvaItemised } from '@mayorista/core/iva';
import { applyPriceListToAll, type PriceListRule } from '@mayorista/core/price-lists';
import type { CartData, CartResponse } from '@mayorista/core/schemas/cart';
import { together, type Queryable } from '../db/transaction';
import { createCartService } from '../modules/cart';
import { loadPriceListRule } from '../modules/price-lists';
import { loadSettings } from '../modules/settings';
import { readMyDelivery } from './read-deliveries';

/** Who reads or saves a cart: what the session already read about them (plugins/auth.ts). */
export interface CartCaller {
  userId: string;
  /** The list they buy at (null: the base list). */
  priceListId: string | null;
  ivaCondition: string | null;
}

type CartTerms = Pick<CartResponse, 'min_order_amount' | 'delivery' | 'prices_include_iva' | 'iva_itemised'>;

/**
 * What the answer adds to the cart: the minimum order, the higher of the business's and the zone's
 * (decisions 016, 049), the promised delivery, and the settings the IVA preview uses (decisions
 * 017–019); the order re-reads them in its transaction.
 */
async function readCartTerms(db: Queryable, caller: CartCaller, now: Date): Promise<CartTerms> {
  const [settings, delivery] = await together([loadSettings(db), readMyDelivery(db, caller.userId, now)]);
  return {
    min_order_amount: Math.max(settings.min_order_amount, delivery.zone?.min_order ?? 0),
    delivery: delivery.next_delivery,
    prices_include_iva: settings.prices_include_iva,
    iva_itemised: showsIvaItemised(caller.ivaCondition),
  };
}

/** The caller's list with its explicit prices of these products; null (no statement) on the base list or for no products. */
const listRuleFor = (db: Queryable, caller: CartCaller) => async (ids: string[]) =>
  caller.priceListId && ids.length > 0 ? loadPriceListRule(db, caller.priceListId, ids) : null;

/** The cart's products at the caller's list (decision 018), as the order will charge them; no rule (listRuleFor's null): as they are. */
const atList = (cart: CartResponse, rule: PriceListRule | null): CartResponse =>
  rule ? { ...cart, products: applyPriceListToAll(cart.products, rule) } : cart;

/**
 * GET /api/cart: cart (the saved cart) beside settings and deliveries (the terms) → cart (its
 * products) beside price-lists (the caller's list for them) → cart (a line whose product went away
 * is dropped from the stored cart). The statements of a step are sent at once, each on a pooled
 * connection: two round-trips after the session's, three when a line is dropped (decision 072).
 * Reads, and that one conditional write: no transaction.
 */
export async function readCart(db: Queryable, caller: CartCaller, now: Date): Promise<CartResponse> {
  const [{ cart, beside: rule }, terms] = await together([
    createCartService(db).getCart(caller.userId, listRuleFor(db, caller)),
    readCartTerms(db, caller, now),
  ]);
  return { ...atList(cart, rule), ...terms };
}

/**
 * PUT /api/cart: cart (the sent products) beside price-lists (the caller's list for them), settings
 * and deliveries (the terms), sent at once → cart (the rules of the lines that changed, the one
 * upsert). Two round-trips after the session's (three when a line breaks a rule: the stored cart
 * decides whether it changed; decision 072). Last write wins: the upsert is one statement, as before.
 */
export async function saveCart(db: Queryable, caller: CartCaller, cartData: CartData, now: Date): Promise<CartResponse> {
  const [cart, rule, terms] = await together([
    createCartService(db).saveCart(caller.userId, cartData),
    listRuleFor(db, caller)(Object.keys(cartData)),
    readCartTerms(db, caller, now),
  ]);
  return { ...atList(cart, rule), ...terms };
}
