import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';

/**
 * How many statements one cart request sends to PostgreSQL, how many round-trips they take one
 * after another, and how many times it waits for a pooled connection (decision 072). Counted on
 * pg's own objects, whatever pool or client runs them: a statement is written to its connection in
 * Query#submit and answered in Query#handleReadyForQuery (or #handleError); a statement's trip is
 * one more than the latest trip answered when it was written, so statements written together (on
 * several connections at once, or pipelined on one) share a trip and one that waited for an answer
 * takes the next. A checkout is a Pool#connect (pool.query calls it too). The session's read is the
 * first trip and the first checkout of every signed-in request.
 */
interface Probe {
  submit(this: Probe, connection: unknown): unknown;
  handleReadyForQuery(this: Probe, connection: unknown): unknown;
  handleError(this: Probe, error: unknown, connection: unknown): unknown;
  text?: string;
}

const queryProto = (pg as unknown as { Query: { prototype: Probe } }).Query.prototype;
const poolProto = pg.Pool.prototype as unknown as { connect(this: pg.Pool, ...args: unknown[]): unknown };
const original = {
  submit: queryProto.submit,
  handleReadyForQuery: queryProto.handleReadyForQuery,
  handleError: queryProto.handleError,
  connect: poolProto.connect,
};
let counting: { statements: string[]; trips: number; answered: number; checkouts: number; tripOf: WeakMap<Probe, number> } | null = null;

queryProto.submit = function (connection) {
  // The realtime LISTEN connection's heartbeat runs on its own clock, not for the request.
  if (counting && this.text !== 'select 1') {
    const trip = counting.answered + 1;
    counting.tripOf.set(this, trip);
    counting.trips = Math.max(counting.trips, trip);
    counting.statements.push(this.text ?? '');
  }
  return original.submit.call(this, connection);
};
const answered = (query: Probe) => {
  const trip = counting?.tripOf.get(query);
  if (counting && trip !== undefined) counting.answered = Math.max(counting.answered, trip);
};
queryProto.handleReadyForQuery = function (connection) {
  answered(this);
  return original.handleReadyForQuery.call(this, connection);
};
queryProto.handleError = function (error, connection) {
  answered(this);
  return original.handleError.call(this, error, connection);
};
poolProto.connect = function (...args) {
  if (counting) counting.checkouts++;
  return original.connect.apply(this, args);
};
afterAll(() => {
  Object.assign(queryProto, { submit: original.submit, handleReadyForQuery: original.handleReadyForQuery, handleError: original.handleError });
  poolProto.connect = original.connect;
});

async function measure(work: () => Promise<{ statusCode: number; body: string }>) {
  counting = { statements: [], trips: 0, answered: 0, checkouts: 0, tripOf: new WeakMap() };
  try {
    const res = await work();
    return { status: res.statusCode, trips: counting.trips, statements: counting.statements.length, checkouts: counting.checkouts };
  } finally {
    counting = null;
  }
}

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
