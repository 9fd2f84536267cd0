import { and, eq, inArray, sql } from 'drizzle-orm';
import { addedUnitPrice } from '@mayorista/core/pricing';
import type { CartData } from '@mayorista/core/schemas/cart';
import type { Product } from '@mayorista/core/schemas/product';
import type { Database } from '../../db/client';
import { cart, products } from '../../db/schema';
// One serialisation of a product for the whole API: the catalogue's.
import { toProduct } from '../../db/product-rows';

/** The database or an open transaction: repositories work with either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface StoredCart {
  cartData: CartData;
  updatedAt: Date;
  /** Unit price of each line when it was added (migration 0013; pruned to cart_data by a trigger). */
  addedPrices: Record<string, number>;
}

const STORED = { cartData: cart.cartData, updatedAt: cart.updatedAt, addedPrices: cart.addedPrices };

/** Today's unit price of each product, the price a line added now is remembered at (the repricing work, decision 015). */
export const todaysPrices = (lines: Product[]) => Object.fromEntries(lines.map((p) => [p.id, addedUnitPrice(p)]));

/** Today's unit price of every line; only lines without a stored one keep it (`||`: the right side wins). */
export const keepAddedPrices = (todays: Record<string, number>) => sql`${JSON.stringify(todays)}::jsonb || ${cart.addedPrices}`;

export async function findCart(db: DbExecutor, userId: string): Promise<StoredCart | null> {
  const [row] = await db
    .select(STORED)
    .from(cart)
    .where(eq(cart.userId, userId));
  return row ?? null;
}

/**
 * One statement, so concurrent saves never interleave: the last one to run wins, whole. `todays`
 * is today's unit price of each line: a line already in the cart keeps the price it was added at.
 */
export async function upsertCart(db: DbExecutor, userId: string, cartData: CartData, todays: Record<string, number>): Promise<StoredCart> {
  const [row] = await db
    .insert(cart)
    .values({ userId, cartData, addedPrices: todays, updatedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: cart.userId, set: { cartData, addedPrices: keepAddedPrices(todays), updatedAt: sql`clock_timestamp()` } })
    .returning(STORED);
  return row!;
}

/**
 * Writes the cleaned cart only if nobody saved a different one since we read it, so a cleanup
 * during a GET never overwrites a newer PUT from another tab.
 */
export async function replaceCartIfUnchanged(
  db: DbExecutor,
  userId: string,
  expected: CartData,
  cartData: CartData,
): Promise<StoredCart | null> {
  const [row] = await db
    .update(cart)
    .set({ cartData, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(cart.userId, userId), sql`${cart.cartData} = ${JSON.stringify(expected)}::jsonb`))
    .returning(STORED);
  return row ?? null;
}

/** Today's rows of the given products, enabled or not (the caller decides what a disabled one means). */
export async function findProductsByIds(db: DbExecutor, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return rows.map(toProduct);
}
