import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { formatMoney } from '@mayorista/core/money';
import { products } from '../src/db/schema';
import { createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { cartOf, createProduct, ordersOf, setCart, stockOf } from './orders-fixtures';

// The wholesale-ordering work (decision 016): quantity rules per product and the minimum order amount, enforced by the server.
const ctx = await setupTestApp();

const putCart = (user: TestUser, cartData: Record<string, number>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/cart', headers: user.headers, payload: { cart_data: cartData } });
const placeOrder = (user: TestUser, items: { product_id: string; quantity: number }[]) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload: { items } });

async function productWithRules(rules: { minQuantity?: number; packSize?: number; maxQuantity?: number | null }, stock = 500) {
  const p = await createProduct(ctx, { name: `Yerba ${Math.random().toString(36).slice(2, 8)}`, stock });
  if (Object.keys(rules).length > 0) await ctx.db.update(products).set(rules).where(eq(products.id, p.id));
  return p;
}

async function setMinimumOrder(amount: number) {
  const admin = await createVerifiedUser(ctx, { is_admin: true });
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { min_order_amount: amount } });
  expect(res.statusCode).toBe(200);
}

describe('quantity rules on cart save (PUT /api/cart)', () => {
  it('refuses a quantity that is not a whole pack, naming the product, and stores nothing', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await productWithRules({ packSize: 12 });
    const refused = await putCart(user, { [p.id]: 13 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'quantity_rule_violated',
      message: messages.cart.notPackMultiple(12, 24, p.name),
      product_id: p.id,
    });
    expect(await cartOf(ctx, user.userId)).toBeNull();

    const accepted = await putCart(user, { [p.id]: 24 });
    expect(accepted.statusCode).toBe(200);
    expect(await cartOf(ctx, user.userId)).toEqual({ [p.id]: 24 });
  });

  it('refuses below the minimum and above the maximum', async () => {
    const user = await createVerifiedUser(ctx);
    const min = await productWithRules({ minQuantity: 24, packSize: 12 });
    const below = await putCart(user, { [min.id]: 12 });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe(messages.cart.belowMinimum(24, min.name));
    const max = await productWithRules({ maxQuantity: 10 });
    const above = await putCart(user, { [max.id]: 11 });
    expect(above.statusCode).toBe(422);
    expect(above.json().message).toBe(messages.cart.aboveMaximum(10, max.name));
    expect(await cartOf(ctx, user.userId)).toBeNull();
  });

  it('refuses more than the stock with the spec text', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await productWithRules({}, 5);
    const res = await putCart(user, { [p.id]: 15 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.cart.insufficientStockText(p.name));
  });

  it('keeps an untouched line that a later rule breaks, so the buyer can still save other changes', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await productWithRules({});
    const other = await createProduct(ctx);
    await setCart(ctx, user.userId, { [p.id]: 13 });
    await ctx.db.update(products).set({ packSize: 12 }).where(eq(products.id, p.id));

    const res = await putCart(user, { [p.id]: 13, [other.id]: 2 });
    expect(res.statusCode).toBe(200);
    expect(await cartOf(ctx, user.userId)).toEqual({ [p.id]: 13, [other.id]: 2 });
    // Changing that line to another quantity that breaks the rule is refused.
    expect((await putCart(user, { [p.id]: 14, [other.id]: 2 })).statusCode).toBe(422);
  });
});

describe('quantity rules and the minimum order on POST /api/orders', () => {
  it('refuses a line that breaks its product rules, whole: no order, stock untouched', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await productWithRules({ packSize: 12 });
    const res = await placeOrder(user, [{ product_id: p.id, quantity: 13 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'quantity_rule_violated', product_id: p.id });
    expect(res.json().message).toContain(p.name);
    expect(await ordersOf(ctx, user.userId)).toHaveLength(0);
    expect(await stockOf(ctx, p.id)).toBe(500);
  });

  it('blocks an order below the minimum amount, then allows it once the total reaches it', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { price: 10_000 });
    await setMinimumOrder(25_000);
    try {
      const below = await placeOrder(user, [{ product_id: p.id, quantity: 2 }]);
      expect(below.statusCode).toBe(422);
      expect(below.json()).toMatchObject({
        code: 'below_minimum_order',
        message: messages.cartPage.belowMinimumOrder(formatMoney(25_000), formatMoney(5_000)),
        minimum: 25_000,
        missing: 5_000,
      });
      expect(await ordersOf(ctx, user.userId)).toHaveLength(0);
      expect(await stockOf(ctx, p.id)).toBe(100);

      const enough = await placeOrder(user, [{ product_id: p.id, quantity: 3 }]);
      expect(enough.statusCode).toBe(201);
      expect(await stockOf(ctx, p.id)).toBe(97);
    } finally {
      await setMinimumOrder(0);
    }
  });
});

describe('POST /api/cart/lines (quick order)', () => {
  const postLines = (user: TestUser, lines: unknown[], preview = false) =>
    ctx.app.inject({ method: 'POST', url: '/api/cart/lines', headers: user.headers, payload: { lines, preview } });
  const withSku = async (sku: string, rules: { packSize?: number } = {}) => {
    const p = await productWithRules(rules);
    await ctx.db.update(products).set({ sku }).where(eq(products.id, p.id));
    return p;
  };
  const code = () => `Q-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

  it('adds the valid lines in one request and reports unknown codes and rule problems by product, changing nothing for them', async () => {
    const user = await createVerifiedUser(ctx);
    const [skuA, skuB, skuC] = [code(), code(), code()];
    const a = await withSku(skuA);
    const b = await withSku(skuB, { packSize: 12 });
    const c = await withSku(skuC);
    await setCart(ctx, user.userId, { [a.id]: 2 });

    const res = await postLines(user, [
      { sku: skuA.toLowerCase(), quantity: 3 },
      { sku: skuB, quantity: 13 },
      { sku: 'NO-EXISTE', quantity: 1 },
      { sku: skuC, quantity: 2.5 },
      { sku: skuC, quantity: -1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.added).toEqual([{ sku: skuA.toLowerCase(), product_id: a.id, name: a.name, quantity: 3 }]);
    expect(body.unknown).toEqual(['NO-EXISTE']);
    expect(body.problems).toEqual([
      { sku: skuB, product_id: b.id, name: b.name, message: messages.cart.notPackMultiple(12, 24, b.name) },
      // The two lines of skuC are one line of 1.5 units: not a whole quantity.
      { sku: skuC, product_id: c.id, name: c.name, message: messages.cart.notWhole(c.name) },
    ]);
    expect(await cartOf(ctx, user.userId)).toEqual({ [a.id]: 5 });
  });

  it('previews without changing the cart', async () => {
    const user = await createVerifiedUser(ctx);
    const sku = code();
    const p = await withSku(sku);
    const res = await postLines(user, [{ sku, quantity: 4 }], true);
    expect(res.json().added).toHaveLength(1);
    expect(res.json().products[0]).toMatchObject({ id: p.id, price: p.price });
    expect(await cartOf(ctx, user.userId)).toEqual({});
  });

  it('refuses 5,000 pasted lines with a Spanish message, before touching the cart', async () => {
    const user = await createVerifiedUser(ctx);
    const lines = Array.from({ length: 5000 }, (_, i) => ({ sku: `X-${i}`, quantity: 1 }));
    const res = await postLines(user, lines);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(JSON.stringify(res.json())).toContain('Como máximo 500 líneas por pedido rápido.');
    expect(await cartOf(ctx, user.userId)).toBeNull();
  });
});

describe('barcodes (the wholesale-ordering work, decision 016)', () => {
  it('finds a product by barcode in the catalogue search and in a quick order', async () => {
    const user = await createVerifiedUser(ctx);
    const barcode = `779${String(Date.now()).slice(-10)}`;
    const p = await productWithRules({});
    await ctx.db.update(products).set({ barcode }).where(eq(products.id, p.id));

    const search = await ctx.app.inject({ method: 'GET', url: `/api/products?search=${barcode}`, headers: user.headers });
    expect(search.statusCode).toBe(200);
    expect(search.json().items.map((i: { id: string }) => i.id)).toEqual([p.id]);
    expect(search.json().items[0].barcode).toBe(barcode);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/cart/lines', headers: user.headers, payload: { lines: [{ sku: barcode, quantity: 24 }] } });
    expect(res.json().added).toEqual([{ sku: barcode, product_id: p.id, name: p.name, quantity: 24 }]);
    expect(await cartOf(ctx, user.userId)).toEqual({ [p.id]: 24 });
  });

  it('finds "azucar ledesma" in "Azúcar Ledesma 1 kg", words in any order', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { name: `Azúcar Ledesma 1 kg ${Math.random().toString(36).slice(2, 6)}` });
    const search = await ctx.app.inject({ method: 'GET', url: '/api/products?search=ledesma%20azucar', headers: user.headers });
    expect(search.json().items.map((i: { id: string }) => i.id)).toContain(p.id);
  });
});

describe('saved lists and favourites (the wholesale-ordering work, decision 016)', () => {
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  it('saves the cart as a list, renames it, adds it back at today’s prices after emptying the cart, and deletes it', async () => {
    const user = await createVerifiedUser(ctx);
    const a = await createProduct(ctx);
    const b = await productWithRules({ packSize: 6 });
    await setCart(ctx, user.userId, { [a.id]: 3, [b.id]: 12 });

    const created = await call(user, 'POST', '/api/lists', { name: '  Semanal ' });
    expect(created.statusCode).toBe(201);
    const list = created.json();
    expect(list).toMatchObject({ name: 'Semanal', items: { [a.id]: 3, [b.id]: 12 } });
    expect((await call(user, 'PUT', `/api/lists/${list.id}`, { name: 'Quincenal' })).json().name).toBe('Quincenal');

    await setCart(ctx, user.userId, {});
    // The pack changed since the list was saved: that line is reported, the rest goes in.
    await ctx.db.update(products).set({ packSize: 5 }).where(eq(products.id, b.id));
    const back = await call(user, 'POST', `/api/lists/${list.id}/to-cart`);
    expect(back.statusCode).toBe(200);
    expect(back.json().added).toEqual([{ product_id: a.id, name: a.name, quantity: 3 }]);
    expect(back.json().problems).toEqual([{ product_id: b.id, name: b.name, message: messages.cart.notPackMultiple(5, 15, b.name) }]);
    expect(await cartOf(ctx, user.userId)).toEqual({ [a.id]: 3 });

    expect((await call(user, 'GET', '/api/lists')).json().items.map((l: { name: string }) => l.name)).toEqual(['Quincenal']);
    expect((await call(user, 'DELETE', `/api/lists/${list.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/lists')).json().items).toEqual([]);
  });

  it('answers another customer’s list id as not found, and changes nothing', async () => {
    const owner = await createVerifiedUser(ctx);
    const other = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    await setCart(ctx, owner.userId, { [p.id]: 2 });
    const list = (await call(owner, 'POST', '/api/lists', { name: 'Mía' })).json();
    for (const [method, url, body] of [
      ['PUT', `/api/lists/${list.id}`, { name: 'Robada' }],
      ['DELETE', `/api/lists/${list.id}`, undefined],
      ['POST', `/api/lists/${list.id}/to-cart`, undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'list_not_found', message: messages.lists.notFound });
    }
    expect((await call(owner, 'GET', '/api/lists')).json().items[0]).toMatchObject({ name: 'Mía' });
    expect(await cartOf(ctx, other.userId)).toBeNull();
  });

  it('refuses to save an empty cart as a list', async () => {
    const user = await createVerifiedUser(ctx);
    const res = await call(user, 'POST', '/api/lists', { name: 'Vacía' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'empty_cart', message: messages.lists.emptyCart });
    expect((await call(user, 'GET', '/api/lists')).json().items).toEqual([]);
  });

  it('stars and unstars products, idempotently', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    expect((await call(user, 'PUT', `/api/favorites/${p.id}`)).statusCode).toBe(204);
    expect((await call(user, 'PUT', `/api/favorites/${p.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/favorites')).json()).toEqual({ product_ids: [p.id], items: [expect.objectContaining({ id: p.id, name: p.name })] });
    expect((await call(user, 'PUT', `/api/favorites/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    // A disabled product keeps its star but is not offered in the "Favoritos" view.
    const hidden = await createProduct(ctx, { is_enabled: false });
    expect((await call(user, 'PUT', `/api/favorites/${hidden.id}`)).statusCode).toBe(204);
    const withHidden = (await call(user, 'GET', '/api/favorites')).json();
    expect(withHidden.product_ids).toEqual([hidden.id, p.id]);
    expect(withHidden.items.map((i: { id: string }) => i.id)).toEqual([p.id]);
    await call(user, 'DELETE', `/api/favorites/${hidden.id}`);
    expect((await call(user, 'DELETE', `/api/favorites/${p.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/favorites')).json()).toEqual({ product_ids: [], items: [] });
  });
});
