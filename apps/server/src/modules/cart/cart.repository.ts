import { sql } from 'drizzle-orm';
import { addedUnitPrice } from '@mayorista/core/pricing';
import type { CartData } from '@mayorista/core/schemas/cart';
import type { Product } from '@mayorista/core/schemas/product';
import type { Queryable } from '../../db/transaction';
import { cart } from '../../db/schema';
// One serialisation of a product for the whole API: the catalogue's.
import { PRODUCT_COLUMNS, productFromRecord, type ProductRecord } from '../../db/product-rows';

export interface StoredCart {
  cartData: CartData;
  updatedAt: Date;
  /** Unit price of each line when it was added (migration 0013; pruned to cart_data by a trigger). */
  addedPrices: Record<string, number>;
}

/** Today's unit price of each product, the price a line added now is remembered at (the repricing work, decision 015). */
export const todaysPrices = (lines: Product[]) => Object.fromEntries(lines.map((p) => [p.id, addedUnitPrice(p)]));

/** Today's unit price of every line; only lines without a stored one keep it (`||`: the right side wins). */
export const keepAddedPrices = (todays: Record<string, number>) => sql`${JSON.stringify(todays)}::jsonb || ${cart.addedPrices}`;

const STORED_COLUMNS = `cart_data as "cartData", updated_at as "updatedAt", added_prices as "addedPrices"`;

// The cart is read and saved on every visit (a second after each change, and at once a thousand
// times the morning a price list goes out): named statements, as decision 034 asks of hot paths.

export async function findCart(db: Queryable, userId: string): Promise<StoredCart | null> {
  const { rows } = await db.query<StoredCart>({ name: 'cart_find', text: `select ${STORED_COLUMNS} from cart where user_id = $1`, values: [userId] });
  return rows[0] ?? null;
}

/**
 * One statement, so concurrent saves never interleave: the last one to run wins, whole. `todays`
 * is today's unit price of each line: a line already in the cart keeps the price it was added at.
 */
export async function upsertCart(db: Queryable, userId: string, cartData: CartData, todays: Record<string, number>): Promise<StoredCart> {
  const { rows } = await db.query<StoredCart>({
    name: 'cart_upsert',
    text: `insert into cart (user_id, cart_data, added_prices, updated_at) values ($1, $2::jsonb, $3::jsonb, clock_timestamp())
           on conflict (user_id) do update
              set cart_data = excluded.cart_data, added_prices = $3::jsonb || cart.added_prices, updated_at = clock_timestamp()
           returning ${STORED_COLUMNS}`,
    values: [userId, JSON.stringify(cartData), JSON.stringify(todays)],
  });
  return rows[0]!;
}

/**
 * Writes the cleaned cart only if nobody saved a different one since we read it, so a cleanup
 * during a GET never overwrites a newer PUT from another tab.
 */
export async function replaceCartIfUnchanged(db: Queryable, userId: string, expected: CartData, cartData: CartData): Promise<StoredCart | null> {
  const { rows } = await db.query<StoredCart>({
    name: 'cart_replace_if_unchanged',
    text: `update cart set cart_data = $3::jsonb, updated_at = clock_timestamp()
            where user_id = $1 and cart_data = $2::jsonb
           returning ${STORED_COLUMNS}`,
    values: [userId, JSON.stringify(expected), JSON.stringify(cartData)],
  });
  return rows[0] ?? null;
}

/** Today's rows of the given products, enabled or not (the caller decides what a disabled one means). */
export async function findProductsByIds(db: Queryable, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ProductRecord>({
    name: 'cart_products',
    text: `select ${PRODUCT_COLUMNS} from products where id = any($1::uuid[])`,
    values: [ids],
  });
  return rows.map(productFromRecord);
}
