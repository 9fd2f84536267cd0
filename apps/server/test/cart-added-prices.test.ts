import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cart, products } from '../src/db/schema';
import { createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';

/** The repricing work, decision 022: the server keeps the unit price each cart line had when it was added. */
const ctx = await setupTestApp();

const getCart = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/cart', headers });
const putCart = (headers: Record<string, string>, cartData: Record<string, number>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/cart', headers, payload: { cart_data: cartData } });
const setPrice = (id: string, price: number) => ctx.db.update(products).set({ price }).where(eq(products.id, id));

describe('the price a cart line was added at', () => {
  it('follows the customer to another device until the line is removed or the order placed; the order uses today’s price', async () => {
    const user = await createVerifiedUser(ctx);
    const oil = await createProduct(ctx, { price: 10_000 });
    const rice = await createProduct(ctx, { price: 5_000, on_sale: true, sale_price: 4_000 });

    const saved = await putCart(user.headers, { [oil.id]: 2 });
    expect(saved.json().added_prices).toEqual({ [oil.id]: 10_000 });

    // The price rises; "another device" only reads the cart: it still knows the price at adding time.
    await setPrice(oil.id, 10_800);
    const read = await getCart(user.headers);
    expect(read.json().added_prices).toEqual({ [oil.id]: 10_000 });
    expect(read.json().products.find((p: { id: string }) => p.id === oil.id).price).toBe(10_800);

    // Changing the quantity keeps the line's price; a new line takes today's unit price (the sale's).
    const more = await putCart(user.headers, { [oil.id]: 3, [rice.id]: 1 });
    expect(more.json().added_prices).toEqual({ [oil.id]: 10_000, [rice.id]: 4_000 });

    // Removed, then added again: it starts afresh at today's price.
    await putCart(user.headers, { [rice.id]: 1 });
    const again = await putCart(user.headers, { [rice.id]: 1, [oil.id]: 1 });
    expect(again.json().added_prices).toEqual({ [oil.id]: 10_800, [rice.id]: 4_000 });

    // The order is priced today and empties the cart, and with it the remembered prices.
    await setPrice(oil.id, 12_000);
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.headers,
      payload: { items: [{ product_id: oil.id, quantity: 1 }], canjeado_con_puntos: false, idempotency_key: randomUUID() },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().order.total).toBe(12_000);
    const [row] = await ctx.db.select({ cartData: cart.cartData, addedPrices: cart.addedPrices }).from(cart).where(eq(cart.userId, user.userId));
    expect(row).toEqual({ cartData: {}, addedPrices: {} });
  });

  it('remembers today’s price for lines added by the quick order, keeping those already in the cart', async () => {
    const user = await createVerifiedUser(ctx);
    const tea = await createProduct(ctx, { price: 3_000 });
    await ctx.db.update(products).set({ sku: `TE-${tea.id.slice(0, 8)}` }).where(eq(products.id, tea.id));
    const jam = await createProduct(ctx, { price: 7_000 });
    await putCart(user.headers, { [jam.id]: 1 });
    await setPrice(jam.id, 7_700);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: user.headers,
      payload: { lines: [{ sku: `TE-${tea.id.slice(0, 8)}`, quantity: 2 }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await getCart(user.headers)).json().added_prices).toEqual({ [jam.id]: 7_000, [tea.id]: 3_000 });
  });
});
