import { randomBytes, randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import type { PriceList } from '@mayorista/core/schemas/price-lists';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct, ordersOf } from './orders-fixtures';

const ctx = await setupTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin(ctx);
});

const snapshotOf = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/catalog/snapshot', headers: { ...headers, ...extra } });

describe('GET /api/catalog/snapshot — the offline catalogue (decision 043)', () => {
  it('is for approved customers only, authenticated first', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/catalog/snapshot' })).statusCode).toBe(401);
    const pending = await createVerifiedUser(ctx, { approved: false });
    const refused = await snapshotOf(pending.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_approved' });
  });

  it('carries every enabled product at wholesale prices, private to the caller, revalidated with its ETag', async () => {
    const customer = await createVerifiedUser(ctx);
    const shown = await createProduct(ctx, { price: 12_345, stock: 7, discounts: [{ minQuantity: 10, discountType: 'percentage', discountValue: 5 }] });
    const hidden = await createProduct(ctx, { is_enabled: false });
    const first = await snapshotOf(customer.headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const body = first.json<CatalogueSnapshot>();
    expect(Date.parse(body.generated_at)).not.toBeNaN();
    expect(body).toMatchObject({ prices_include_iva: true, min_order_amount: 0 });
    const ids = body.products.map((p) => p.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    const product = body.products.find((p) => p.id === shown.id)!;
    expect(product).toMatchObject({ price: 12_345, stock: 7, has_unlimited_stock: false, pack_size: 1, min_quantity: 1 });
    expect(product.discounts).toEqual([{ minQuantity: 10, discountType: 'percentage', discountValue: 5 }]);
    // Compact: what the offline catalogue never reads is left out.
    expect(product).not.toHaveProperty('description');
    expect(product).not.toHaveProperty('created_at');

    const etag = String(first.headers.etag);
    const again = await snapshotOf(customer.headers, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // 2 MB of JSON for 5,000 products: compressed once per ETag for browsers that accept it.
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await snapshotOf(customer.headers, { 'accept-encoding': accept });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toContain('Accept-Encoding');
      expect(JSON.parse(decode(compressed.rawPayload).toString('utf8'))).toEqual(body);
    }

    // A change in the catalogue is a new ETag.
    await ctx.pool.query('update products set price = 13000 where id = $1', [shown.id]);
    ctx.app.catalogueCache.invalidate();
    const changed = await snapshotOf(customer.headers, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<CatalogueSnapshot>().products.find((p) => p.id === shown.id)!.price).toBe(13_000);
  });

  it('a customer on a price list gets the list prices, never the base ones', async () => {
    const product = await createProduct(ctx, { price: 10_000 });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/price-lists',
      headers: admin.headers,
      payload: { name: `Lista ${randomBytes(4).toString('hex')}`, percentage: 0, items: [{ product_id: product.id, price: 8_000 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json<PriceList>();
    const onList = await createVerifiedUser(ctx);
    const assigned = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${onList.userId}/price-list`, headers: admin.headers, payload: { price_list_id: list.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const base = await createVerifiedUser(ctx);

    const listed = (await snapshotOf(onList.headers)).json<CatalogueSnapshot>().products.find((p) => p.id === product.id)!;
    const plain = (await snapshotOf(base.headers)).json<CatalogueSnapshot>().products.find((p) => p.id === product.id)!;
    expect(listed.price).toBe(8_000);
    expect(plain.price).toBe(10_000);
  });
});

describe('POST /api/orders with expected_total — a queued order is placed only at the total the person saw', () => {
  const place = (user: TestUser, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload });

  it('another total places nothing and answers 409 with the server total; the same key then places it once', async () => {
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx, { price: 2_500, stock: 50 });
    const key = randomUUID();
    const items = [{ product_id: product.id, quantity: 4 }];

    const refused = await place(customer, { items, observaciones: '', idempotency_key: key, expected_total: 9_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'order_total_changed', total: 10_000, expected_total: 9_000 });
    expect(await ordersOf(ctx, customer.userId)).toHaveLength(0);

    // The person confirmed the new total: the same key, the same lines.
    const placed = await place(customer, { items, observaciones: '', idempotency_key: key, expected_total: 10_000 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.total).toBe(10_000);
    // The reply lost on the way back: sending again answers the same order.
    const replay = await place(customer, { items, observaciones: '', idempotency_key: key, expected_total: 10_000 });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order.id).toBe(placed.json().order.id);
    expect(await ordersOf(ctx, customer.userId)).toHaveLength(1);
  });

  it('refuses a malformed expected_total with 400, after authentication', async () => {
    const product = await createProduct(ctx);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: { items: [{ product_id: product.id, quantity: 1 }], expected_total: -1 } });
    expect(anonymous.statusCode).toBe(401);
    const customer = await createVerifiedUser(ctx);
    for (const expected_total of [-1, 1.5, '100']) {
      const res = await place(customer, { items: [{ product_id: product.id, quantity: 1 }], observaciones: '', expected_total });
      expect(res.statusCode).toBe(400);
    }
  });
});
