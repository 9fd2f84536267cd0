import { showsIvaItemised } from '@mayorista/core/iva';
import { applyPriceListToAll, type PriceListRule } from '@mayorista/core/price-lists';
import type { CartData, CartResponse } from '@mayorista/core/schemas/cart';
import type pg from 'pg';
import { onOneConnection, together, type Queryable } from '../db/transaction';
import { createCartService } from '../modules/cart';
import { loadPriceListRule } from '../modules/price-lists';
import { loadSettings } from '../modules/settings';
import { readMyDelivery } from './read-deliveries';

/**
 * Connections of the cart's own pipelined pool (decision 072). A request holds one for its two
 * round-trips. On the broadcast's busy machine 4 queued the saves past the pool's 5-second wait
 * (503s) and 20 measured no better than 10; with the 20 of the ordinary pool, the 8 that place
 * orders and the LISTEN one, a process opens up to 39 (README).
 */
export const CART_CONNECTIONS = 10;

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

/** The cart's products at the caller's list (decision 018), as the order will charge them. */
const atList = (cart: CartResponse, caller: CartCaller, rule: PriceListRule | null): CartResponse =>
  caller.priceListId && cart.products.length > 0 ? { ...cart, products: applyPriceListToAll(cart.products, rule) } : cart;

/**
 * GET /api/cart: cart (the saved cart) beside settings and deliveries (the terms) → cart (its
 * products) beside price-lists (the caller's list for them) → cart (a line whose product went away
 * is dropped from the stored cart). On one pipelined connection: two round-trips, three when a
 * line is dropped. Reads, and that one conditional write: no transaction.
 */
export function readCart(pool: pg.Pool, caller: CartCaller, now: Date): Promise<CartResponse> {
  return onOneConnection(pool, async (db) => {
    const [{ cart, beside: rule }, terms] = await together([
      createCartService(db).getCart(caller.userId, listRuleFor(db, caller)),
      readCartTerms(db, caller, now),
    ]);
    return { ...atList(cart, caller, rule), ...terms };
  });
}

/**
 * PUT /api/cart: cart (the sent products) beside price-lists (the caller's list for them), settings
 * and deliveries (the terms) → cart (the rules of the lines that changed, the one upsert). On one
 * pipelined connection: two round-trips (three when a line breaks a rule: the stored cart decides
 * whether it changed). Last write wins: the upsert is one statement, as before.
 */
export function saveCart(pool: pg.Pool, caller: CartCaller, cartData: CartData, now: Date): Promise<CartResponse> {
  return onOneConnection(pool, async (db) => {
    const [cart, rule, terms] = await together([
      createCartService(db).saveCart(caller.userId, cartData),
      listRuleFor(db, caller)(Object.keys(cartData)),
      readCartTerms(db, caller, now),
    ]);
    return { ...atList(cart, caller, rule), ...terms };
  });
}
