import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema';
import { createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { cartOf, createProduct, setCart } from './orders-fixtures';

const ctx = await setupTestApp();

const getCart = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/cart', headers });
const putCart = (headers: Record<string, string>, body: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/cart', headers, payload: body as object });

describe('GET/PUT /api/cart', () => {
  it('starts empty and returns what was saved', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await getCart(user.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ cart_data: {}, updated_at: null, removed: [], products: [], min_order_amount: 0, prices_include_iva: true, iva_itemised: false, delivery: null });

    const a = await createProduct(ctx);
    const b = await createProduct(ctx);
    const saved = await putCart(user.headers, { cart_data: { [a.id]: 3, [b.id]: 12 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().cart_data).toEqual({ [a.id]: 3, [b.id]: 12 });

    const read = await getCart(user.headers);
    expect(read.json().cart_data).toEqual({ [a.id]: 3, [b.id]: 12 });
    expect(Date.parse(read.json().updated_at)).not.toBeNaN();
    // Today's product data comes along, so the browser can price the cart without another request.
    const byId = Object.fromEntries(read.json().products.map((p: { id: string }) => [p.id, p]));
    expect(Object.keys(byId).sort()).toEqual([a.id, b.id].sort());
    expect(byId[a.id]).toMatchObject({ name: a.name, price: a.price, stock: a.stock, discounts: [] });
  });

  it('keeps every customer to their own cart', async () => {
    const ana = await createVerifiedUser(ctx);
    const beto = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    await putCart(ana.headers, { cart_data: { [p.id]: 5 } });
    expect((await getCart(beto.headers)).json().cart_data).toEqual({});
    await putCart(beto.headers, { cart_data: { [p.id]: 1 } });
    expect(await cartOf(ctx, ana.userId)).toEqual({ [p.id]: 5 });
  });

  it('drops disabled and deleted products on read and reports them once, with the name when known', async () => {
    const user = await createVerifiedUser(ctx);
    const kept = await createProduct(ctx);
    const disabled = await createProduct(ctx, { name: 'Fideos Deshabilitados' });
    const deletedId = randomUUID();
    await setCart(ctx, user.userId, { [kept.id]: 2, [disabled.id]: 4, [deletedId]: 1 });
    await ctx.db.update(products).set({ isEnabled: false }).where(eq(products.id, disabled.id));

    const res = await getCart(user.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cart_data).toEqual({ [kept.id]: 2 });
    expect(body.removed).toEqual(
      expect.arrayContaining([
        { product_id: disabled.id, name: 'Fideos Deshabilitados' },
        { product_id: deletedId, name: null },
      ]),
    );
    expect(body.removed).toHaveLength(2);
    expect(await cartOf(ctx, user.userId)).toEqual({ [kept.id]: 2 });
    expect((await getCart(user.headers)).json().removed).toEqual([]);
  });

  it('does not store unknown or disabled products sent in a PUT', async () => {
    const user = await createVerifiedUser(ctx);
    const ok = await createProduct(ctx);
    const off = await createProduct(ctx, { is_enabled: false });
    const res = await putCart(user.headers, { cart_data: { [ok.id]: 1, [off.id]: 2, [randomUUID()]: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().cart_data).toEqual({ [ok.id]: 1 });
    expect(res.json().removed).toHaveLength(2);
    expect(await cartOf(ctx, user.userId)).toEqual({ [ok.id]: 1 });
  });

  it.each([
    ['a zero quantity', (id: string) => ({ cart_data: { [id]: 0 } })],
    ['a fractional quantity', (id: string) => ({ cart_data: { [id]: 1.5 } })],
    ['a quantity over 10.000', (id: string) => ({ cart_data: { [id]: 10_001 } })],
    ['a quantity as text', (id: string) => ({ cart_data: { [id]: '2' } })],
    ['a product id that is not a UUID', () => ({ cart_data: { 'no-es-uuid': 1 } })],
    ['extra fields', (id: string) => ({ cart_data: { [id]: 1 }, user_id: randomUUID() })],
    ['no cart_data', () => ({})],
  ])('refuses %s with 400 and a Spanish message, keeping the saved cart', async (_label, body) => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    await putCart(user.headers, { cart_data: { [p.id]: 7 } });
    const res = await putCart(user.headers, body(p.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/[a-záéíóúñ]/i) });
    expect(res.json().message).not.toMatch(/expected|invalid input/i);
    expect(await cartOf(ctx, user.userId)).toEqual({ [p.id]: 7 });
  });

  it('keeps one whole cart when saves race: the last write wins, never a mix', async () => {
    const user = await createVerifiedUser(ctx);
    const ids = await Promise.all(Array.from({ length: 6 }, () => createProduct(ctx).then((p) => p.id)));
    const versions = Array.from({ length: 20 }, (_, v) => Object.fromEntries(ids.map((id, i) => [id, ((v + i) % 9) + 1])));
    const results = await Promise.all(versions.map((cart_data) => putCart(user.headers, { cart_data })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const stored = await cartOf(ctx, user.userId);
    expect(versions).toContainEqual(stored);
  });

  it('returns today’s data of enabled products by id for repeating an order', async () => {
    const user = await createVerifiedUser(ctx);
    const on = await createProduct(ctx, { stock: 4 });
    const off = await createProduct(ctx, { is_enabled: false });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/cart/products?ids=${on.id},${off.id},${randomUUID()}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: { id: string }) => p.id)).toEqual([on.id]);
    expect(res.json().items[0]).toMatchObject({ stock: 4, is_enabled: true });

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/cart/products?ids=uno,dos', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/cart/products?ids=${on.id}` })).statusCode).toBe(401);
  });

  it('answers 401 signed out and 403 unapproved, before looking at the body', async () => {
    expect((await getCart({})).statusCode).toBe(401);
    expect((await putCart({}, { nonsense: true })).statusCode).toBe(401);
    const pending = await createVerifiedUser(ctx, { approved: false });
    const get = await getCart(pending.headers);
    expect(get.statusCode).toBe(403);
    expect(get.json().code).toBe('not_approved');
    expect((await putCart(pending.headers, { cart_data: {} })).statusCode).toBe(403);
    expect(await cartOf(ctx, pending.userId)).toBeNull();
  });
});
