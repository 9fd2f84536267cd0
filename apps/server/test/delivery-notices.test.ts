import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
import { queueDeliveryNotices } from '../src/flows/delivery-notices';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { placeOrder, putSettings } from './receivables-fixtures';
import { recipientsOf, startSmtpServer, waitFor } from './smtp-fixtures';

// "Tu pedido llega hoy": queued through the outbox at the setting's hour (Buenos Aires, the clock
// injected), once per order and date, and delivered by a real SMTP server.
const smtp = await startSmtpServer('accept');
let now = new Date('2026-11-26T11:00:00Z'); // Thursday 08:00 in Buenos Aires
const ctx = await setupTestApp({ env: { SMTP_URL: smtp.url, CATALOG_NAME: 'Distribuidora Sur', OUTBOX_POLL_MS: '50' }, now: () => now });
afterAll(() => smtp.close());
const admin = await createAdmin(ctx);
const texts = messages.deliveries;
const clock = () => now;

const api = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) => ctx.app.inject({ method, url, headers: admin.headers, payload });
const zone = (await api('POST', '/api/admin/zones', { name: 'Zona Norte', weekdays: [1, 4], cutoff_days_before: 1, cutoff_time: '18:00' })).json() as { id: number };

/** A zone customer with a Confirmado order moved to `date` (a Monday or a Thursday). */
async function confirmedOrderFor(date: string) {
  const customer = await createVerifiedUser(ctx);
  expect((await api('PATCH', `/api/admin/users/${customer.userId}/zone`, { zone_id: zone.id, stop_position: null })).statusCode).toBe(204);
  const { order } = await placeOrder(ctx, customer, 2);
  expect((await api('POST', `/api/admin/orders/${order!.id}/status`, { status: 'Confirmado' })).statusCode).toBe(200);
  const moved = await api('PATCH', `/api/admin/orders/${order!.id}/delivery-date`, { date });
  expect(moved.statusCode, moved.body).toBe(200);
  return { customer, order: order! };
}

const noticeRows = async () =>
  (await ctx.pool.query<{ order_id: string; day: string }>(`select order_id, to_char(delivery_date, 'YYYY-MM-DD') as day from delivery_notices order by 2, 1`)).rows;
const queuedFor = async (email: string) =>
  (await ctx.pool.query(`select data from email_outbox where kind = 'delivery_today' and recipient = $1`, [email])).rows.map((r) => r.data);

const today1 = await confirmedOrderFor('2026-11-26');
const today2 = await confirmedOrderFor('2026-11-26');
const monday = await confirmedOrderFor('2026-11-30');
const cancelled = await confirmedOrderFor('2026-11-26');
expect((await api('POST', `/api/admin/orders/${cancelled.order.id}/status`, { status: 'Cancelado' })).statusCode).toBe(200);

describe('Tu pedido llega hoy', () => {
  it('sends nothing while the setting is off (the default)', async () => {
    expect(await queueDeliveryNotices({ pool: ctx.pool, now: clock })).toBe(0);
    expect(await noticeRows()).toEqual([]);
  });

  it('from the hour on, one e-mail per order of the day, however many processes run it at once', async () => {
    expect((await putSettings(ctx, admin, { delivery_notice_email_enabled: true, delivery_notice_hour: 7 })).statusCode).toBe(200);
    now = new Date('2026-11-26T09:59:00Z'); // 06:59 in Buenos Aires: not yet
    expect(await queueDeliveryNotices({ pool: ctx.pool, now: clock })).toBe(0);

    now = new Date('2026-11-26T10:00:00Z'); // 07:00
    const otherProcess = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
    try {
      const counts = await Promise.all([
        queueDeliveryNotices({ pool: ctx.pool, now: clock }),
        queueDeliveryNotices({ pool: otherProcess, now: clock }),
        queueDeliveryNotices({ pool: otherProcess, now: clock }),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    } finally {
      await otherProcess.end();
    }
    expect(await queueDeliveryNotices({ pool: ctx.pool, now: clock })).toBe(0);
    expect(await noticeRows()).toEqual(
      [today1.order.id, today2.order.id].sort().map((id) => ({ order_id: id, day: '2026-11-26' })),
    );
    expect(await queuedFor(today1.customer.email)).toEqual([{ delivery_date: '2026-11-26' }]);
    expect(await queuedFor(monday.customer.email)).toEqual([]);
    expect(await queuedFor(cancelled.customer.email)).toEqual([]);

    ctx.app.outbox.start();
    try {
      await waitFor(
        () => smtp.received.filter((m) => m.subject?.includes('llega hoy')),
        (mails) => mails.length >= 2,
        20_000,
        'two notices',
      );
    } finally {
      await ctx.app.outbox.stop();
    }
    const notices = smtp.received.filter((m) => m.subject?.includes('llega hoy'));
    expect(notices.map((m) => recipientsOf(m)).flat().sort()).toEqual([today1.customer.email, today2.customer.email].sort());
    const toFirst = notices.filter((m) => recipientsOf(m).includes(today1.customer.email));
    expect(toFirst).toHaveLength(1);
    expect(toFirst[0]!.subject).toBe(texts.todaySubject('Distribuidora Sur', orderNumber(today1.order.id)));
    expect(toFirst[0]!.text).toContain(texts.todayIntro(orderNumber(today1.order.id), 'jueves 26/11'));
    expect(toFirst[0]!.text).toContain('2 × ');
  });

  it('an order moved to another day gets its notice on that day; switched off, none', async () => {
    now = new Date('2026-11-30T10:30:00Z'); // Monday 07:30
    expect(await queueDeliveryNotices({ pool: ctx.pool, now: clock })).toBe(1);
    expect(await queuedFor(monday.customer.email)).toEqual([{ delivery_date: '2026-11-30' }]);

    const late = await confirmedOrderFor('2026-12-03');
    expect((await putSettings(ctx, admin, { delivery_notice_email_enabled: false })).statusCode).toBe(200);
    now = new Date('2026-12-03T12:00:00Z'); // Thursday 09:00
    expect(await queueDeliveryNotices({ pool: ctx.pool, now: clock })).toBe(0);
    expect(await queuedFor(late.customer.email)).toEqual([]);
  });
});
