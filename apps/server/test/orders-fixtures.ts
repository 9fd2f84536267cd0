import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DiscountTier } from '@mayorista/core';
import { cart, orders, products, profiles } from '../src/db/schema';
import type { TestContext } from './helpers';

export interface TestProductOptions {
  name?: string;
  price?: number;
  stock?: number;
  has_unlimited_stock?: boolean;
  is_enabled?: boolean;
  on_sale?: boolean;
  sale_price?: number | null;
  discounts?: DiscountTier[];
}

/** Inserts a product straight into the table; prices in centavos. Names are unique per call. */
export async function createProduct(ctx: TestContext, options: TestProductOptions = {}) {
  const price = options.price ?? 10_000;
  const [row] = await ctx.db
    .insert(products)
    .values({
      name: options.name ?? `Producto ${randomBytes(4).toString('hex')}`,
      price,
      retailPrice: price * 2,
      onSale: options.on_sale ?? false,
      salePrice: options.sale_price ?? null,
      discounts: options.discounts ?? [],
      stock: options.stock ?? 100,
      hasUnlimitedStock: options.has_unlimited_stock ?? false,
      isEnabled: options.is_enabled ?? true,
    })
    .returning();
  return row!;
}

export async function stockOf(ctx: TestContext, productId: string): Promise<number> {
  const [row] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export async function pointsOf(ctx: TestContext, userId: string): Promise<number> {
  const [row] = await ctx.db.select({ saldo: profiles.saldoPuntos }).from(profiles).where(eq(profiles.id, userId));
  return row!.saldo;
}

export async function ordersOf(ctx: TestContext, userId: string) {
  return ctx.db.select().from(orders).where(eq(orders.userId, userId));
}

export async function cartOf(ctx: TestContext, userId: string): Promise<Record<string, number> | null> {
  const [row] = await ctx.db.select({ data: cart.cartData }).from(cart).where(eq(cart.userId, userId));
  return row?.data ?? null;
}

export async function setCart(ctx: TestContext, userId: string, data: Record<string, number>): Promise<void> {
  await ctx.db.insert(cart).values({ userId, cartData: data }).onConflictDoUpdate({ target: cart.userId, set: { cartData: data } });
}
