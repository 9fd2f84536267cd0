import { describe, expect, it } from 'vitest';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';
import { measure } from './round-trip-probe';

const ctx = await setupTestApp({ now: () => new Date('2026-11-25T15:00:00Z') });
const admin = await createAdmin(ctx);

/** The broadcast's customer: on a price list with explicit prices, in a delivery zone, ten products. */
async function broadcastCustomer(): Promise<{ user: TestUser; ids: string[] }> {
  const user = await createVerifiedUser(ctx);
  const ids = await Promise.all(Array.from({ length: 10 }, () => createProduct(ctx, { price: 20_000 }).then((p) => p.id)));
  const { rows } = await ctx.pool.query<{ id: string }>(`insert into price_lists (name, percentage_bp) values ($1, -500) returning id`, [
    `Lista ${user.userId}`,
  ]);
  await ctx.pool.query(`insert into price_list_items (list_id, product_id, price) values ($1, $2, 15000)`, [rows[0]!.id, ids[0]]);
  await ctx.pool.query(`update profiles set price_list_id = $2 where id = $1`, [user.userId, rows[0]!.id]);
  const zone = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/zones',
    headers: admin.headers,
    payload: { name: `Zona ${user.userId}`, weekdays: [4], cutoff_days_before: 1, cutoff_time: '18:00', min_order: 50_000 },
  });
  expect(zone.statusCode, zone.body).toBe(201);
  const placed = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${user.userId}/zone`,
    headers: admin.headers,
    payload: { zone_id: zone.json().id, stop_position: null },
  });
  expect(placed.statusCode).toBe(204);
  return { user, ids };
}

const put = (user: TestUser, cartData: Record<string, number>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/cart', headers: user.headers, payload: { cart_data: cartData } });
const get = (user: TestUser) => ctx.app.inject({ method: 'GET', url: '/api/cart', headers: user.headers });
const lines = (ids: string[]) => Object.fromEntries(ids.map((id, i) => [id, 1 + (i % 2)]));

describe('round-trips of one cart request (decision 072)', () => {
  it('PUT /api/cart as the broadcast saves it: the session, then the reads together, then the upsert', async () => {
    const { user, ids } = await broadcastCustomer();
    // Warm: connections open and named statements prepared, as on a running server.
    expect((await put(user, lines(ids.slice(0, 4)))).statusCode).toBe(200);
    for (const upTo of [7, 10]) {
      // Before: 7 statements in 6 trips with 7 checkouts (products, stored cart, upsert, list, then settings and zone).
      // Now: the session; products, list, settings and zone at once, each on a pooled connection; the upsert.
      expect(await measure(() => put(user, lines(ids.slice(0, upTo))))).toEqual({ status: 200, trips: 3, statements: 6, checkouts: 6 });
    }
  });

  it('only a line that breaks its rule makes the save read the stored cart, a trip of its own', async () => {
    const { user, ids } = await broadcastCustomer();
    expect((await put(user, { [ids[0]!]: 5 })).statusCode).toBe(200);
    await ctx.pool.query(`update products set pack_size = 12 where id = $1`, [ids[0]]);
    // Changed and breaking the rule: the stored cart read instead of the upsert, then 422.
    expect(await measure(() => put(user, { [ids[0]!]: 7 }))).toEqual({ status: 422, trips: 3, statements: 6, checkouts: 6 });
    // Unchanged since it was stored: let through, so the stored cart read and then the upsert.
    expect(await measure(() => put(user, { [ids[0]!]: 5, [ids[1]!]: 1 }))).toEqual({ status: 200, trips: 4, statements: 7, checkouts: 7 });
  });

  it('GET /api/cart: the session, then the cart beside the terms, then its products beside the list', async () => {
    const { user, ids } = await broadcastCustomer();
    expect((await put(user, lines(ids))).statusCode).toBe(200);
    // Before: 6 statements in 5 trips with 6 checkouts.
    expect(await measure(() => get(user))).toEqual({ status: 200, trips: 3, statements: 6, checkouts: 6 });
  });
});
