import { afterAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
import type { ParsedMail } from 'mailparser';
import { queueDeliveryMovedEmail } from '../src/flows/order-emails';
import { createAdmin, createStaff, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { placeOrder, putSettings } from './receivables-fixtures';
import { recipientsOf, startSmtpServer, waitFor } from './smtp-fixtures';

// The promised date after checkout (decision 065): the "pedido confirmado" e-mail says it, and
// each change of the date (the admin's move, the driver's "No entregado") e-mails the customer the
// new date once through the outbox — real PostgreSQL, a real SMTP server, the clock injected.
const smtp = await startSmtpServer('accept');
let now = new Date('2026-11-26T11:00:00Z'); // Thursday 26/11, 08:00 in Buenos Aires
const ctx = await setupTestApp({ env: { SMTP_URL: smtp.url, CATALOG_NAME: 'Distribuidora Sur', OUTBOX_POLL_MS: '50' }, now: () => now });
afterAll(() => smtp.close());
const admin = await createAdmin(ctx);
const driver = await createStaff(ctx, 'driver');
const texts = messages.deliveries;

const api = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: user.headers, payload });
// Mondays and Fridays, orders until the day before at 18:00.
const zone = (await api(admin, 'POST', '/api/admin/zones', { name: 'Zona Norte', weekdays: [1, 5], cutoff_days_before: 1, cutoff_time: '18:00', driver_id: driver.userId })).json() as { id: number };

async function customerWithOrder(withZone: boolean) {
  const customer = await createVerifiedUser(ctx);
  if (withZone) expect((await api(admin, 'PATCH', `/api/admin/users/${customer.userId}/zone`, { zone_id: zone.id, stop_position: null })).statusCode).toBe(204);
  const { order } = await placeOrder(ctx, customer, 2);
  expect((await api(admin, 'POST', `/api/admin/orders/${order!.id}/status`, { status: 'Confirmado' })).statusCode).toBe(200);
  return { customer, order: order! };
}

const move = (orderId: string, date: string) => api(admin, 'PATCH', `/api/admin/orders/${orderId}/delivery-date`, { date });
/** The date e-mails queued for the order, oldest first, as the outbox holds them. */
const dateEmails = async (orderId: string) =>
  (
    await ctx.pool.query<{ recipient: string; data: Record<string, unknown> }>(
      `select recipient, data from email_outbox where order_id = $1 and kind = 'status_changed' and data ? 'delivery_date' order by id`,
      [orderId],
    )
  ).rows;

/** Starts the worker until `count` messages to `email` arrived (the worker sends several at once: find them by subject). */
async function delivered(email: string, count: number): Promise<ParsedMail[]> {
  ctx.app.outbox.start();
  try {
    return await waitFor(() => smtp.received.filter((m) => recipientsOf(m).includes(email)), (mails) => mails.length >= count, 20_000, `${count} e-mails to ${email}`);
  } finally {
    await ctx.app.outbox.stop();
  }
}

const zoned = await customerWithOrder(true);
const number = orderNumber(zoned.order.id);

describe('the promised date in the e-mails after checkout', () => {
  it('the order stores the cart’s date, and "pedido confirmado" repeats it on a line of its own', async () => {
    expect(zoned.order.delivery_date).toBe('2026-11-27');
    const mails = await delivered(zoned.customer.email, 2);
    const placed = mails.find((m) => m.subject?.includes('recibimos'));
    const confirmed = mails.find((m) => m.subject?.includes('confirmado'));
    expect(placed!.text).toContain('Entrega prevista: viernes 27/11');
    expect(confirmed!.subject).toBe(`Distribuidora Sur: tu pedido #${number} fue confirmado`);
    expect(confirmed!.text).toContain('Confirmamos tu pedido. Te avisamos cuando esté preparado.\n\nEntrega prevista: viernes 27/11\n');
    expect(confirmed!.html).toContain('<strong>Entrega prevista: viernes 27/11</strong>');
  });

  it('an order without a zone: no date in its e-mails', async () => {
    const plain = await customerWithOrder(false);
    expect(plain.order.delivery_date).toBeNull();
    const mails = await delivered(plain.customer.email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([expect.stringContaining('recibimos'), expect.stringContaining('confirmado')]);
    expect(mails.map((m) => m.text).join('\n')).not.toContain('Entrega prevista');
  });

  it('the admin moves the date: one e-mail with the new date; the same move again, or to the same day, sends nothing more', async () => {
    const res = await move(zoned.order.id, '2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect((await move(zoned.order.id, '2026-11-30')).statusCode).toBe(200);
    expect(await dateEmails(zoned.order.id)).toEqual([
      { recipient: zoned.customer.email, data: { delivery_date: '2026-11-30', previous_date: '2026-11-27' } },
    ]);
    const mails = await delivered(zoned.customer.email, 3);
    expect(mails).toHaveLength(3);
    const moved = mails.find((m) => m.subject === texts.movedSubject('Distribuidora Sur', number, 'lunes 30/11'));
    expect(moved!.text).toContain(texts.movedIntro(number, 'lunes 30/11', 'viernes 27/11'));
    expect(moved!.text).toContain('Entrega prevista: lunes 30/11');
    expect(moved!.text).toContain(`/my-orders`);
  });

  it('two moves to the same day at once: one e-mail', async () => {
    const answers = await Promise.all([move(zoned.order.id, '2026-12-04'), move(zoned.order.id, '2026-12-04')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await dateEmails(zoned.order.id)).map((e) => e.data.delivery_date)).toEqual(['2026-11-30', '2026-12-04']);
  });

  it('the driver’s "No entregado" moves it to the next date and e-mails it once, however many taps', async () => {
    now = new Date('2026-12-04T13:00:00Z'); // Friday 04/12, 10:00
    const taps = await Promise.all([1, 2].map(() => api(driver, 'POST', `/api/driver/orders/${zoned.order.id}/not-delivered`, { reason: 'cerrado' })));
    // Monday 07/12 is a feriado puente: the next delivery day is Friday 11/12.
    expect(taps.map((t) => [t.statusCode, t.json().rescheduled_to])).toEqual([
      [200, '2026-12-11'],
      [200, '2026-12-11'],
    ]);
    expect((await dateEmails(zoned.order.id)).at(-1)).toEqual({
      recipient: zoned.customer.email,
      data: { delivery_date: '2026-12-11', previous_date: '2026-12-04', not_delivered: true },
    });
    const mails = await delivered(zoned.customer.email, 5);
    const notDelivered = mails.find((m) => m.subject === texts.movedSubject('Distribuidora Sur', number, 'viernes 11/12'));
    expect(notDelivered!.text).toContain(texts.notDeliveredIntro(number, 'viernes 04/12', 'viernes 11/12'));
    expect(notDelivered!.text).toContain('Entrega prevista: viernes 11/12');
    expect(smtp.received.filter((m) => recipientsOf(m).includes(zoned.customer.email))).toHaveLength(5);
  });

  it('moved away and back, each change is told; with the status e-mails switched off, none', async () => {
    expect((await move(zoned.order.id, '2026-12-14')).statusCode).toBe(200);
    expect((await move(zoned.order.id, '2026-12-11')).statusCode).toBe(200);
    expect((await dateEmails(zoned.order.id)).map((e) => e.data.delivery_date)).toEqual(['2026-11-30', '2026-12-04', '2026-12-11', '2026-12-14', '2026-12-11']);

    expect((await putSettings(ctx, admin, { email_customer_status_changed: false })).statusCode).toBe(200);
    expect((await move(zoned.order.id, '2026-12-18')).statusCode).toBe(200);
    expect((await dateEmails(zoned.order.id)).map((e) => e.data.delivery_date)).toHaveLength(5);
  });

  it('the outbox itself refuses to tell the same new date twice (the guard under the order lock)', async () => {
    expect((await putSettings(ctx, admin, { email_customer_status_changed: true })).statusCode).toBe(200);
    const order = { id: zoned.order.id, customerEmail: zoned.customer.email };
    const change = { date: '2026-12-21', previous: '2026-12-18' };
    expect(await queueDeliveryMovedEmail(ctx.pool, order, change)).toBe(1);
    expect(await queueDeliveryMovedEmail(ctx.pool, order, change)).toBe(0);
    expect(await queueDeliveryMovedEmail(ctx.pool, order, { date: '2026-12-21', previous: '2026-12-21' })).toBe(0);
    expect((await dateEmails(zoned.order.id)).map((e) => e.data.delivery_date)).toEqual(['2026-11-30', '2026-12-04', '2026-12-11', '2026-12-14', '2026-12-11', '2026-12-21']);
  });
});
