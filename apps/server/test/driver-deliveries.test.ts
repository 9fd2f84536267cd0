import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { orderNumber } from '@mayorista/core/constants';
import { checkConsistency } from '../src/db/consistency';
import { createOrderEmailRenderer } from '../src/modules/orders';
import { createAdmin, createStaff, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { stockOf } from './orders-fixtures';
import { accountOf, placeOrder } from './receivables-fixtures';

// The driver at the door (decision 051), against a real PostgreSQL with the clock injected.
const now = new Date('2026-11-26T13:00:00Z'); // Thursday 10:00 in Buenos Aires
const ctx = await setupTestApp({ now: () => now });
const admin = await createAdmin(ctx);
const driver = await createStaff(ctx, 'driver');
const otherDriver = await createStaff(ctx, 'driver');
const texts = messages.deliveries;

const api = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const zoneRes = await api(admin, 'POST', '/api/admin/zones', { name: 'Zona Norte', weekdays: [1, 4], cutoff_days_before: 1, cutoff_time: '18:00', driver_id: driver.userId });
const zone = zoneRes.json() as { id: number };

/** A customer of the zone with a Confirmado order of `units` × $100 for today (moved there by the admin). */
async function orderForToday(units = 3) {
  const customer = await createVerifiedUser(ctx);
  await api(admin, 'PATCH', `/api/admin/users/${customer.userId}/zone`, { zone_id: zone.id, stop_position: 1 });
  const { order, product } = await placeOrder(ctx, customer, units);
  expect((await api(admin, 'POST', `/api/admin/orders/${order!.id}/status`, { status: 'Confirmado' })).statusCode).toBe(200);
  const moved = await api(admin, 'PATCH', `/api/admin/orders/${order!.id}/delivery-date`, { date: '2026-11-26' });
  expect(moved.statusCode, moved.body).toBe(200);
  return { customer, order: order!, product };
}

const customerEmails = async (email: string) =>
  (await ctx.pool.query<{ kind: string; data: unknown }>(`select kind, data from email_outbox where recipient = $1 order by id`, [email])).rows;

const listener = new pg.Client({ connectionString: ctx.databaseUrl });
await listener.connect();
await listener.query('listen orders_insert');
const heard: { id: string; event?: string; reason?: string; delivery_date?: string }[] = [];
listener.on('notification', (n) => heard.push(JSON.parse(n.payload ?? '{}')));
afterAll(() => listener.end());

describe('the driver delivers and collects', () => {
  it('fewer units and cash: stock back, the charge on what was delivered, the payment with its receipt, once per key', async () => {
    const { customer, order, product } = await orderForToday(3);
    const stops = (await api(driver, 'GET', '/api/driver/stops')).json();
    expect(stops.date).toBe('2026-11-26');
    expect(stops.stops.map((s: { order_id: string }) => s.order_id)).toContain(order.id);
    expect((await api(otherDriver, 'GET', '/api/driver/stops')).json().stops).toEqual([]);

    const body = { lines: [{ product_id: product.id, quantity: 2 }], collected: { amount: 20_000, method: 'cash' }, idempotency_key: randomUUID() };
    const first = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().order).toMatchObject({ status: 'Entregado', total: 20_000 });
    expect(first.json().payment).toMatchObject({ amount: 20_000, method: 'cash', applied: [{ order_id: order.id, amount: 20_000 }] });
    const again = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, body);
    expect([again.statusCode, again.json().payment.receipt_number]).toEqual([200, first.json().payment.receipt_number]);
    const reused = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, { ...body, collected: { amount: 1_000, method: 'cash' } });
    expect([reused.statusCode, reused.json().message]).toEqual([422, texts.keyReused]);

    expect(await stockOf(ctx, product.id)).toBe(1_000 - 2);
    expect(await accountOf(ctx, customer)).toMatchObject({ balance: 0 });
    const { rows } = await ctx.pool.query(`select kind, amount::int from account_movements where profile_id = $1 order by id`, [customer.userId]);
    expect(rows).toEqual([
      { kind: 'charge', amount: 20_000 },
      { kind: 'payment', amount: -20_000 },
    ]);
    const receipts = await ctx.pool.query(`select 1 from email_outbox where kind = 'payment_receipt' and recipient = $1`, [customer.email]);
    expect(receipts.rowCount).toBe(1);
    expect(heard.filter((h) => h.id === order.id && h.event === 'delivered')).toHaveLength(1);
    expect((await checkConsistency(ctx.pool)).violations).toEqual([]);
  });

  it('a partial delivery e-mails the customer once: Entregado, with the delivered quantities', async () => {
    const { customer, order, product } = await orderForToday(3);
    const before = await customerEmails(customer.email);
    const res = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, { lines: [{ product_id: product.id, quantity: 1 }], idempotency_key: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await customerEmails(customer.email)).slice(before.length);
    expect(after).toEqual([{ kind: 'status_changed', data: { status: 'Entregado', partial: true } }]);
    const { rows } = await ctx.pool.query(`select 1 from order_edits where order_id = $1`, [order.id]);
    expect(rows).toHaveLength(1);
    const mail = await ctx.pool.query(`select id::int, kind, recipient, order_id as "orderId", data from email_outbox where order_id = $1 and kind = 'status_changed' and data ? 'partial'`, [order.id]);
    const message = await createOrderEmailRenderer({ pool: ctx.pool, catalogName: 'Distribuidora', appUrl: 'http://localhost', issuer: async () => null })(mail.rows[0]);
    expect(message.subject).toContain('entregado');
    expect(message.text).toContain(texts.partialDeliveredIntro(orderNumber(order.id)));
    expect(message.text).toContain(`1 × ${product.name}`);
  });

  it('two taps at once record one delivery and one payment', async () => {
    const { customer, order } = await orderForToday(1);
    const body = { collected: { amount: 10_000, method: 'cash' }, idempotency_key: randomUUID() };
    const answers = await Promise.all([1, 2].map(() => api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const { rows } = await ctx.pool.query(`select kind from account_movements where profile_id = $1 order by id`, [customer.userId]);
    expect(rows.map((r) => r.kind)).toEqual(['charge', 'payment']);
  });

  it('refuses more than ordered, another zone’s driver and a cancelled order, changing nothing', async () => {
    const { customer, order, product } = await orderForToday(2);
    const above = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, { lines: [{ product_id: product.id, quantity: 3 }], idempotency_key: randomUUID() });
    expect([above.statusCode, above.json().message]).toEqual([422, texts.quantityAboveOrdered]);
    const negative = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, { lines: [{ product_id: product.id, quantity: -1 }], idempotency_key: randomUUID() });
    expect([negative.statusCode, negative.json().message]).toEqual([400, texts.quantityNegative]);
    const stranger = await api(otherDriver, 'POST', `/api/driver/orders/${order.id}/delivered`, { idempotency_key: randomUUID() });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'not_your_stop']);
    expect((await api(admin, 'POST', `/api/admin/orders/${order.id}/status`, { status: 'Cancelado' })).statusCode).toBe(200);
    const cancelled = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, { idempotency_key: randomUUID() });
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([409, texts.orderCancelled]);
    expect((await accountOf(ctx, customer)).balance).toBe(0);
    expect(await stockOf(ctx, product.id)).toBe(1_000);
  });
});

describe('the visit in the activity log', () => {
  it('records the state the driver found (Confirmado, not the Preparado passed through) and reads the driver by name', async () => {
    const owner = await createSuperAdmin(ctx);
    const { order } = await orderForToday(2);
    const res = await api(driver, 'POST', `/api/driver/orders/${order.id}/delivered`, { idempotency_key: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const log = (await api(owner, 'GET', `/api/admin/audit?entity=order&entity_id=${order.id}`)).json();
    const visit = log.items.find((row: { action: string }) => row.action === 'order.delivered');
    expect(visit.summary.before).toEqual({ status: 'Confirmado', total: order.total });
    expect(visit.summary.after).toMatchObject({ status: 'Entregado' });

    // The zone's row names its driver by id; the read joins the name (one query for the page).
    const zones = (await api(owner, 'GET', `/api/admin/audit?entity=zone&entity_id=${zone.id}`)).json();
    const created = zones.items.find((row: { summary: { after?: { driver_id?: string } } }) => row.summary.after?.driver_id === driver.userId);
    const { rows } = await ctx.pool.query<{ name: string }>(`select btrim(nombre || ' ' || apellido) as name from profiles where id = $1`, [driver.userId]);
    expect(created.names).toEqual({ [driver.userId]: rows[0]!.name, [String(zone.id)]: 'Zona Norte' });
    // A customer's rows (their zone, set by orderForToday) name the customer, the row's entity.
    const customerRows = (await api(owner, 'GET', `/api/admin/audit?entity=customer&page_size=5`)).json();
    expect(customerRows.items.length).toBeGreaterThan(0);
    for (const row of customerRows.items) expect(row.names[row.entity_id]).toBeTruthy();
  });
});

describe('not delivered', () => {
  it('moves the order to the zone’s next delivery date, tells the admins live, and a second tap changes nothing', async () => {
    const { order } = await orderForToday(1);
    const first = await api(driver, 'POST', `/api/driver/orders/${order.id}/not-delivered`, { reason: 'cerrado', note: 'Persiana baja' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ rescheduled_to: '2026-11-30', order: { delivery_date: '2026-11-30', status: 'Confirmado' } });
    const second = await api(driver, 'POST', `/api/driver/orders/${order.id}/not-delivered`, { reason: 'cerrado' });
    expect(second.json().rescheduled_to).toBe('2026-11-30');
    const attempts = await ctx.pool.query(`select reason, note from delivery_attempts where order_id = $1`, [order.id]);
    expect(attempts.rows).toEqual([{ reason: 'cerrado', note: 'Persiana baja' }]);
    expect(heard.filter((h) => h.id === order.id && h.event === 'not_delivered')).toEqual([expect.objectContaining({ reason: 'cerrado', delivery_date: '2026-11-30' })]);
    const bad = await api(driver, 'POST', `/api/driver/orders/${order.id}/not-delivered`, { reason: 'lluvia' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, texts.invalidReason]);
  });
});
