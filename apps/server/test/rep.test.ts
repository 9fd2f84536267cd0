import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertProduct } from './admin-orders-fixtures';
import { createAdmin, createStaff, createSuperAdmin, createVerifiedUser, setupTestAppWithOutbox, type TestUser } from './factories';
import { snapshotDatabase } from './route-permissions';

/** Sales reps (decision 047): their customers, orders and payments for them, collections — real PostgreSQL. */
const ctx = await setupTestAppWithOutbox({ env: { RATE_LIMIT_AUTH_MAX: '100000', RATE_LIMIT_EMAIL_MAX: '100000' } });

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

async function repWithCustomer() {
  const admin = await createAdmin(ctx);
  const rep = await createStaff(ctx, 'sales');
  const customer = await createVerifiedUser(ctx, { nombre: 'Kiosco', apellido: 'Norte' });
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
  const isoDay = ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const assigned = await inject('PATCH', `/api/admin/users/${customer.userId}/rep`, admin, { rep_id: rep.userId, visit_days: [isoDay] });
  expect(assigned.statusCode, assigned.body).toBe(204);
  return { admin, rep, customer };
}

describe('a rep and their customers', () => {
  it('"Mis clientes": only the rep\'s customers, today\'s visits first, with balance and overdue', async () => {
    const { rep, customer } = await repWithCustomer();
    const other = await createVerifiedUser(ctx);
    const res = await inject('GET', '/api/rep/customers', rep);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ id: customer.userId, visit_today: true, balance: 0, overdue: 0, last_order_at: null })]);
    expect((await inject('GET', `/api/rep/customers/${other.userId}`, rep)).statusCode).toBe(403);
  });

  it('"Tomar pedido" places the order for the customer: channel vendedor, taken by the rep, the customer sees it, audited', async () => {
    const { rep, customer } = await repWithCustomer();
    const products = await Promise.all(Array.from({ length: 10 }, () => insertProduct(ctx.pool, { price: 1_000 })));
    const body = { items: products.map((p) => ({ product_id: p.id, quantity: 2 })), idempotency_key: randomUUID() };
    const placed = await inject('POST', `/api/rep/customers/${customer.userId}/orders`, rep, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    expect((await inject('POST', `/api/rep/customers/${customer.userId}/orders`, rep, body)).statusCode).toBe(200);
    const { rows } = await ctx.pool.query(`select user_id, channel, taken_by, jsonb_array_length(items) as lines from orders where id = $1`, [orderId]);
    expect(rows[0]).toEqual({ user_id: customer.userId, channel: 'vendedor', taken_by: rep.userId, lines: 10 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: customer.headers })).json().items.map((o: { id: string }) => o.id)).toContain(orderId);
    expect((await inject('GET', '/api/rep/orders', rep)).json().items).toEqual([expect.objectContaining({ id: orderId, customer_id: customer.userId, delivery_date: null })]);
    const audit = await ctx.pool.query(`select action, actor_id, actor_role from audit_log where entity = 'order' and entity_id = $1`, [orderId]);
    expect(audit.rows).toEqual([{ action: 'order.take', actor_id: rep.userId, actor_role: 'sales' }]);
  });

  it('a cash payment for their customer: receipt numbered like the office\'s, in the summary and the day\'s collections; confirmed once', async () => {
    const { admin, rep, customer } = await repWithCustomer();
    const paid = await inject('POST', `/api/rep/customers/${customer.userId}/payments`, rep, { amount: 50_000, method: 'cash', idempotency_key: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ amount: 50_000, receipt_number: expect.any(Number) });
    const summary = (await inject('GET', '/api/rep/summary', rep)).json();
    expect(summary).toMatchObject({ collections: 1, collections_total: 50_000 });
    const day = await inject('GET', `/api/admin/collections?rep_id=${rep.userId}`, admin);
    expect(day.json().items).toEqual([expect.objectContaining({ payment_id: paid.json().id, amount: 50_000, method: 'cash', confirmed_at: null })]);
    expect((await inject('POST', `/api/admin/collections/${paid.json().id}/confirm`, admin)).statusCode).toBe(204);
    expect((await inject('POST', `/api/admin/collections/${paid.json().id}/confirm`, admin)).statusCode).toBe(204);
    const after = (await inject('GET', `/api/admin/collections?rep_id=${rep.userId}`, admin)).json();
    expect(after.items[0].confirmed_at).not.toBeNull();
    // The rep cannot read the office's collections.
    expect((await inject('GET', '/api/admin/collections', rep)).statusCode).toBe(403);
  });

  it('the day\'s collections say who confirmed each and which were reversed since (the office\'s "Rendición")', async () => {
    const { rep, customer } = await repWithCustomer();
    const owner = await createSuperAdmin(ctx, { nombre: 'Ana', apellido: 'Dueña' });
    const pay = async (amount: number) => {
      const paid = await inject('POST', `/api/rep/customers/${customer.userId}/payments`, rep, { amount, method: 'cash', idempotency_key: randomUUID() });
      expect(paid.statusCode, paid.body).toBe(201);
      return paid.json<{ id: number }>().id;
    };
    const kept = await pay(48_000);
    const mistaken = await pay(1_000);
    expect((await inject('POST', `/api/admin/payments/${mistaken}/reverse`, owner, { reason: 'Cargado dos veces' })).statusCode).toBe(201);
    expect((await inject('POST', `/api/admin/collections/${kept}/confirm`, owner)).statusCode).toBe(204);
    const day = (await inject('GET', `/api/admin/collections?rep_id=${rep.userId}`, owner)).json();
    expect(day.items).toEqual([
      expect.objectContaining({ payment_id: kept, amount: 48_000, confirmed_at: expect.any(String), confirmed_by_name: 'Ana Dueña', reversed: false }),
      expect.objectContaining({ payment_id: mistaken, amount: 1_000, confirmed_at: null, confirmed_by_name: null, reversed: true }),
    ]);
  });

  it('"Confirmar rendición" confirms a rep\'s receipts in one request, all or none', async () => {
    const { admin, rep, customer } = await repWithCustomer();
    const pay = async (amount: number) =>
      (await inject('POST', `/api/rep/customers/${customer.userId}/payments`, rep, { amount, method: 'cash', idempotency_key: randomUUID() })).json<{ id: number }>().id;
    const [first, second] = [await pay(10_000), await pay(20_000)];
    const confirmedIds = async () =>
      (await inject('GET', `/api/admin/collections?rep_id=${rep.userId}`, admin))
        .json<{ items: { payment_id: number; confirmed_at: string | null }[] }>()
        .items.filter((c) => c.confirmed_at !== null)
        .map((c) => c.payment_id);
    // One of them is not a rep's payment: 404, and the other is not confirmed either.
    const refused = await inject('POST', '/api/admin/collections/confirm', admin, { payment_ids: [first, 999_999_999] });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found' });
    expect(await confirmedIds()).toEqual([]);
    // Nothing to confirm, or not numbers: 400 in Spanish, before anything is read.
    const empty = await inject('POST', '/api/admin/collections/confirm', admin, { payment_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/al menos un cobro/);
    expect((await inject('POST', '/api/admin/collections/confirm', admin, { payment_ids: ['x'] })).statusCode).toBe(400);
    // Both together; again keeps the first confirmation.
    expect((await inject('POST', '/api/admin/collections/confirm', admin, { payment_ids: [first, second] })).statusCode).toBe(204);
    expect((await inject('POST', '/api/admin/collections/confirm', admin, { payment_ids: [second, second] })).statusCode).toBe(204);
    expect((await confirmedIds()).sort()).toEqual([first, second].sort());
    const audit = await ctx.pool.query(`select entity_id from audit_log where action = 'collection.confirm' and entity_id = any($1::text[])`, [[String(first), String(second)]]);
    expect(audit.rows.map((r) => r.entity_id).sort()).toEqual([String(first), String(second), String(second)].sort());
    expect((await inject('POST', '/api/admin/collections/confirm', rep, { payment_ids: [first] })).statusCode).toBe(403);
  });

  it('"Deshacer" takes back a confirmation made by mistake: the receipt is to confirm again, the audit keeps who had confirmed it', async () => {
    const { admin, rep, customer } = await repWithCustomer();
    const paid = await inject('POST', `/api/rep/customers/${customer.userId}/payments`, rep, { amount: 15_000, method: 'cash', idempotency_key: randomUUID() });
    const id = paid.json<{ id: number }>().id;
    const state = async () =>
      (await inject('GET', `/api/admin/collections?rep_id=${rep.userId}`, admin)).json<{ items: { payment_id: number; confirmed_at: string | null; confirmed_by_name: string | null }[] }>().items.find((c) => c.payment_id === id);
    expect((await inject('POST', '/api/admin/collections/confirm', admin, { payment_ids: [id] })).statusCode).toBe(204);
    const confirmed = await state();
    expect(confirmed?.confirmed_at).not.toBeNull();
    // The rep cannot undo the office's confirmation; the office can.
    expect((await inject('DELETE', `/api/admin/collections/${id}/confirm`, rep)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/admin/collections/${id}/confirm`, admin)).statusCode).toBe(204);
    expect(await state()).toMatchObject({ confirmed_at: null, confirmed_by_name: null });
    const audit = await ctx.pool.query(`select actor_id, summary from audit_log where action = 'collection.unconfirm' and entity_id = $1`, [String(id)]);
    expect(audit.rows).toEqual([
      { actor_id: admin.userId, summary: { before: { handed_in: true, confirmed_by: admin.userId, confirmed_at: confirmed!.confirmed_at }, after: { handed_in: false } } },
    ]);
    // Undone already: nothing to undo, nothing written. Not a rep's payment, or not a number: 404 and 400.
    expect((await inject('DELETE', `/api/admin/collections/${id}/confirm`, admin)).statusCode).toBe(204);
    expect((await ctx.pool.query(`select 1 from audit_log where action = 'collection.unconfirm' and entity_id = $1`, [String(id)])).rows).toHaveLength(1);
    const unknown = await inject('DELETE', '/api/admin/collections/999999999/confirm', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    expect((await inject('DELETE', '/api/admin/collections/abc/confirm', admin)).statusCode).toBe(400);
    // And it can be confirmed again.
    expect((await inject('POST', '/api/admin/collections/confirm', admin, { payment_ids: [id] })).statusCode).toBe(204);
    expect((await state())?.confirmed_at).not.toBeNull();
  });

  it('"Tomar pedido" reads the catalogue at the customer\'s price list and their account figures; another rep\'s customer is 403', async () => {
    const { admin, rep, customer } = await repWithCustomer();
    const product = await insertProduct(ctx.pool, { price: 10_000 });
    const list = await inject('POST', '/api/admin/price-lists', admin, { name: `Lista vendedor ${randomUUID()}`, percentage: 0, items: [{ product_id: product.id, price: 8_000 }] });
    expect(list.statusCode, list.body).toBe(201);
    expect((await inject('PATCH', `/api/admin/users/${customer.userId}/price-list`, admin, { price_list_id: list.json().id })).statusCode).toBe(200);
    const catalog = await inject('GET', `/api/rep/customers/${customer.userId}/catalog`, rep);
    expect(catalog.statusCode, catalog.body).toBe(200);
    expect(catalog.headers['cache-control']).toBe('private, no-cache');
    const listed = catalog.json<{ products: { id: string; price: number }[]; min_order_amount: number }>();
    expect(listed.products.find((p) => p.id === product.id)).toMatchObject({ price: 8_000 });
    // The same body as the customer's own snapshot: one price authority, one ETag.
    const own = await ctx.app.inject({ method: 'GET', url: '/api/catalog/snapshot', headers: customer.headers });
    expect(catalog.headers.etag).toBe(own.headers.etag);
    const revalidated = await ctx.app.inject({ method: 'GET', url: `/api/rep/customers/${customer.userId}/catalog`, headers: { ...rep.headers, 'if-none-match': String(catalog.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    const account = await inject('GET', `/api/rep/customers/${customer.userId}/account`, rep);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ balance: 0, overdue: 0, credit_limit: null });

    const otherRep = await createStaff(ctx, 'sales');
    for (const path of ['catalog', 'account']) {
      const refused = await inject('GET', `/api/rep/customers/${customer.userId}/${path}`, otherRep);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'not_your_customer' });
    }
    // A customer cannot use the rep's route for themselves.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/rep/customers/${customer.userId}/catalog`, headers: customer.headers })).statusCode).toBe(403);
  });

  it('"Tomar pedido" with a total other than the server\'s: 409 order_total_changed with its total, nothing written; the same key then places once', async () => {
    const { rep, customer } = await repWithCustomer();
    const product = await insertProduct(ctx.pool, { price: 1_000 });
    const key = randomUUID();
    const body = { items: [{ product_id: product.id, quantity: 3 }], idempotency_key: key };
    const before = await snapshotDatabase(ctx.pool);
    const stale = await inject('POST', `/api/rep/customers/${customer.userId}/orders`, rep, { ...body, expected_total: 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'order_total_changed', total: expect.any(Number) });
    expect(await snapshotDatabase(ctx.pool)).toEqual(before);
    const confirmed = await inject('POST', `/api/rep/customers/${customer.userId}/orders`, rep, { ...body, expected_total: stale.json().total });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const replay = await inject('POST', `/api/rep/customers/${customer.userId}/orders`, rep, { ...body, expected_total: stale.json().total });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order.id).toBe(confirmed.json().order.id);
  });

  it('ordering or collecting for a customer not theirs: 403 and nothing written anywhere', async () => {
    const { rep } = await repWithCustomer();
    const stranger = await createVerifiedUser(ctx);
    const product = await insertProduct(ctx.pool, { price: 1_000 });
    const before = await snapshotDatabase(ctx.pool);
    const order = await inject('POST', `/api/rep/customers/${stranger.userId}/orders`, rep, { items: [{ product_id: product.id, quantity: 1 }], idempotency_key: randomUUID() });
    expect(order.statusCode).toBe(403);
    expect(order.json()).toMatchObject({ code: 'not_your_customer', message: 'Ese cliente no está asignado a vos.' });
    const payment = await inject('POST', `/api/rep/customers/${stranger.userId}/payments`, rep, { amount: 1_000, method: 'cash', idempotency_key: randomUUID() });
    expect(payment.statusCode).toBe(403);
    expect(await snapshotDatabase(ctx.pool)).toEqual(before);
  });

  it("a rep's summary is their own: naming another rep is refused", async () => {
    const { rep } = await repWithCustomer();
    const other = await createStaff(ctx, 'sales');
    expect((await inject('GET', `/api/rep/summary?rep_id=${other.userId}`, rep)).statusCode).toBe(400);
    expect((await inject('GET', '/api/rep/summary', rep)).json()).toMatchObject({ orders: 0, collections: 0 });
  });

  it('only a sales rep can be assigned; a staff account cannot be given a rep', async () => {
    const admin = await createAdmin(ctx);
    const warehouse = await createStaff(ctx, 'warehouse');
    const customer = await createVerifiedUser(ctx);
    const res = await inject('PATCH', `/api/admin/users/${customer.userId}/rep`, admin, { rep_id: warehouse.userId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'not_a_rep' });
    const rep = await createStaff(ctx, 'sales');
    expect((await inject('PATCH', `/api/admin/users/${warehouse.userId}/rep`, admin, { rep_id: rep.userId })).statusCode).toBe(404);
  });

  it('the office assigns every customer of a zone to a rep at once: one transaction, one audit row on the zone', async () => {
    const admin = await createAdmin(ctx);
    const [rep, otherRep] = await Promise.all([createStaff(ctx, 'sales'), createStaff(ctx, 'sales')]);
    const zone = (await inject('POST', '/api/admin/zones', admin, { name: `Zona ${randomUUID()}`, weekdays: [1, 4], cutoff_days_before: 1, cutoff_time: '18:00' })).json<{ id: number }>();
    const customers = await Promise.all([1, 2, 3].map(() => createVerifiedUser(ctx)));
    for (const c of customers) expect((await inject('PATCH', `/api/admin/users/${c.userId}/zone`, admin, { zone_id: zone.id })).statusCode).toBe(204);
    await inject('PATCH', `/api/admin/users/${customers[0]!.userId}/rep`, admin, { rep_id: otherRep.userId });
    const outside = await createVerifiedUser(ctx);

    const res = await inject('PATCH', `/api/admin/zones/${zone.id}/rep`, admin, { rep_id: rep.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ zone_id: zone.id, rep_id: rep.userId, customers: 3 });
    const { rows } = await ctx.pool.query(`select id, rep_id from profiles where id = any($1::uuid[])`, [[...customers, outside].map((c) => c.userId)]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.rep_id]))).toEqual({
      ...Object.fromEntries(customers.map((c) => [c.userId, rep.userId])),
      [outside.userId]: null,
    });
    expect((await inject('GET', '/api/rep/customers', rep)).json().items).toHaveLength(3);
    const audit = await ctx.pool.query(`select action, actor_id, summary from audit_log where entity = 'zone' and entity_id = $1 and action = 'customers.rep_by_zone'`, [String(zone.id)]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].summary.after).toMatchObject({ rep_id: rep.userId, customers: 3 });
    expect(audit.rows[0].summary.before.reps).toEqual(expect.arrayContaining([{ rep_id: otherRep.userId, customers: 1 }, { rep_id: null, customers: 2 }]));
    expect(audit.rows[0].summary).toMatchObject({ with_other_rep: 1, without_rep: 2 });

    // Back to no rep at all; refusals change nothing.
    expect((await inject('PATCH', `/api/admin/zones/${zone.id}/rep`, admin, { rep_id: null })).json()).toMatchObject({ customers: 3, rep_id: null });
    const warehouse = await createStaff(ctx, 'warehouse');
    const unchanged = await snapshotDatabase(ctx.pool);
    const notRep = await inject('PATCH', `/api/admin/zones/${zone.id}/rep`, admin, { rep_id: warehouse.userId });
    expect([notRep.statusCode, notRep.json().code]).toEqual([422, 'not_a_rep']);
    expect((await inject('PATCH', '/api/admin/zones/999999/rep', admin, { rep_id: rep.userId })).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/admin/zones/${zone.id}/rep`, rep, { rep_id: rep.userId })).statusCode).toBe(403);
    expect(await snapshotDatabase(ctx.pool)).toEqual(unchanged);
  });

  it('the owner sets a rep\'s commission: the rep\'s summary and the office\'s show it on the period\'s sales, rounded half up', async () => {
    const { admin, rep, customer } = await repWithCustomer();
    const owner = await createSuperAdmin(ctx);
    const product = await insertProduct(ctx.pool, { price: 33_333 });
    const placed = await inject('POST', `/api/rep/customers/${customer.userId}/orders`, rep, { items: [{ product_id: product.id, quantity: 3 }], idempotency_key: randomUUID() });
    expect(placed.statusCode, placed.body).toBe(201);
    const sales = placed.json().order.total as number;

    expect((await inject('GET', '/api/rep/summary', rep)).json()).toMatchObject({ sales_total: sales, commission_bp: null, commission: 0 });
    const set = await inject('PATCH', `/api/admin/staff/${rep.userId}/commission`, owner, { commission_bp: 250 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ id: rep.userId, commission_bp: 250 })]));
    const expected = Math.floor((sales * 250 + 5_000) / 10_000);
    expect((await inject('GET', '/api/rep/summary', rep)).json()).toMatchObject({ sales_total: sales, commission_bp: 250, commission: expected });
    expect((await inject('GET', `/api/admin/reps/${rep.userId}/summary`, admin)).json()).toMatchObject({ sales_total: sales, commission: expected });
    const audit = await ctx.pool.query(`select actor_id, summary from audit_log where action = 'staff.commission' and entity_id = $1`, [rep.userId]);
    expect(audit.rows).toEqual([{ actor_id: owner.userId, summary: { before: { commission_bp: null }, after: { commission_bp: 250 } } }]);

    // Only the owner sets it, only on a rep, only 0–100 % in whole basis points; the office reads, a rep does not.
    const unchanged = await snapshotDatabase(ctx.pool);
    expect((await inject('PATCH', `/api/admin/staff/${rep.userId}/commission`, admin, { commission_bp: 900 })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/admin/staff/${admin.userId}/commission`, owner, { commission_bp: 100 })).json()).toMatchObject({ code: 'not_a_rep' });
    for (const bad of [2.5, -1, 10_001, '250']) expect((await inject('PATCH', `/api/admin/staff/${rep.userId}/commission`, owner, { commission_bp: bad })).statusCode).toBe(400);
    expect((await inject('GET', `/api/admin/reps/${customer.userId}/summary`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `/api/admin/reps/${rep.userId}/summary`, rep)).statusCode).toBe(403);
    expect(await snapshotDatabase(ctx.pool)).toEqual(unchanged);
  });
});
