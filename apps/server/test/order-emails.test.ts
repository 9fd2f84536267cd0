import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney, messages, type Order } from '@mayorista/core';
import { createSmtpMailer } from '../src/lib/mailer';
import { createOrderEmailRenderer } from '../src/modules/orders/orders.emails';
import { OutboxWorker, retryDelayMs } from '../src/modules/outbox/outbox.worker';
import { setupTestApp } from './helpers';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { createProduct } from './orders-fixtures';
import { recipientsOf, startSilentServer, startSmtpServer, waitFor } from './smtp-fixtures';

/**
 * The order-life work (decision 014) with a real SMTP server (`smtp-server`) and a real PostgreSQL: the order e-mails
 * leave through the outbox worker, with the PDF attached; a server that refuses or never answers
 * is retried and then the e-mail is marked failed for the admin — and orders never notice.
 */
const smtp = await startSmtpServer('accept');
const ctx = await setupTestApp({
  env: { SMTP_URL: smtp.url, APP_URL: 'https://tienda.example.com', CATALOG_NAME: 'Distribuidora Sur', OUTBOX_POLL_MS: '50' },
});
afterAll(() => smtp.close());
const admin = await createAdmin(ctx);
await ctx.pool.query(`update app_settings set value = value || '{"admin_email_recipients": ["duenio@example.com"]}'`);

const silentLog = { warn: () => undefined, error: () => undefined };

async function placeOrder(user: TestUser, productId: string, quantity = 2): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: { items: [{ product_id: productId, quantity }], idempotency_key: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order: Order }>().order;
}

const outboxRows = async (orderId: string) =>
  (
    await ctx.pool.query<{ kind: string; status: string; attempts: number; last_error: string | null }>(
      'select kind, status, attempts, last_error from email_outbox where order_id = $1 order by id',
      [orderId],
    )
  ).rows;

/** A worker of its own on `smtpUrl`, retrying at once, so a test drives every attempt itself. */
function workerFor(smtpUrl: string, timeoutMs = 5000) {
  return new OutboxWorker({
    pool: ctx.pool,
    mailer: createSmtpMailer(smtpUrl, 'Distribuidora Sur <ventas@example.com>', {
      connectionTimeoutMs: timeoutMs,
      greetingTimeoutMs: timeoutMs,
      socketTimeoutMs: timeoutMs,
    }),
    render: createOrderEmailRenderer({ pool: ctx.pool, catalogName: 'Distribuidora Sur', appUrl: 'https://tienda.example.com', issuer: async () => null }),
    log: silentLog,
    pollMs: 50,
    maxAttempts: 3,
    retryBaseMs: 1,
  });
}

describe('order e-mails over SMTP', () => {
  it('sends the customer the summary with the order PDF attached, and the admins the new order, once each', async () => {
    ctx.app.outbox.start();
    try {
      const customer = await createVerifiedUser(ctx, { nombre: 'Lucía', apellido: 'Pérez' });
      const product = await createProduct(ctx, { name: `Aceite ${randomUUID().slice(0, 6)}`, price: 12_345 });
      const order = await placeOrder(customer, product.id, 2);
      const number = order.id.slice(0, 8);

      await waitFor(() => outboxRows(order.id), (rows) => rows.length === 2 && rows.every((r) => r.status === 'sent'), 20_000, 'sent');
      const toCustomer = smtp.received.filter((m) => recipientsOf(m).includes(customer.email));
      expect(toCustomer).toHaveLength(1);
      const mail = toCustomer[0]!;
      expect(mail.subject).toBe(messages.orderLife.emails.placedSubject('Distribuidora Sur', number));
      expect(mail.text).toContain('Hola, Lucía:');
      expect(mail.text).toContain(`2 × ${product.name}: ${formatMoney(24_690)}`);
      expect(mail.text).toContain('https://tienda.example.com/my-orders');
      expect(mail.messageId).toMatch(/^<outbox-\d+@tienda\.example\.com>$/);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({ filename: `pedido-${number}.pdf`, contentType: 'application/pdf' });
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content)), { mergePages: true });
      expect(text).toContain(`Pedido #${number}`);
      expect(text).toContain('Lucía Pérez');

      const toAdmins = smtp.received.filter((m) => recipientsOf(m).includes('duenio@example.com') && m.subject?.includes(number));
      expect(toAdmins.map((m) => m.subject)).toEqual([messages.orderLife.emails.adminNewSubject(number, 'Lucía Pérez')]);

      // A status change reaches the customer with its Spanish text.
      await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: admin.headers, payload: { status: 'Confirmado' } });
      const confirmed = await waitFor(
        () => smtp.received.filter((m) => m.subject === messages.orderLife.emails.statusSubject('Distribuidora Sur', number, 'Confirmado')),
        (found) => found.length === 1,
        20_000,
        'status e-mail',
      );
      expect(confirmed[0]!.text).toContain(messages.orderLife.emails.statusText('Confirmado'));
    } finally {
      await ctx.app.outbox.stop();
    }
  });

  it('retries a server that refuses, then marks the e-mail failed and shows it to the admin; the order is placed all the same', async () => {
    const refusing = await startSmtpServer('refuse');
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx);
    const order = await placeOrder(customer, product.id);
    const worker = workerFor(refusing.url);
    // drain() runs attempt after attempt (retryBaseMs = 1) until none is due: 2 e-mails × 3 attempts.
    expect(await worker.drain()).toBe(6);
    await refusing.close();

    const rows = await outboxRows(order.id);
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ['order_placed', 'failed', 3],
      ['admin_new_order', 'failed', 3],
    ]);
    expect(rows[0]!.last_error).toMatch(/451/);

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/admin/emails?status=failed', headers: admin.headers });
    expect(listed.json<{ items: { order_id: string }[] }>().items.filter((e) => e.order_id === order.id)).toHaveLength(2);
    const dashboard = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=day', headers: admin.headers });
    expect(dashboard.json()).toMatchObject({ emails: { failed: expect.any(Number) } });
    expect(dashboard.json().emails.failed).toBeGreaterThanOrEqual(2);

    // The admin puts one back in the queue; the good server takes it, exactly once.
    const failedId = (await ctx.pool.query<{ id: string }>(`select id from email_outbox where order_id = $1 and kind = 'order_placed'`, [order.id])).rows[0]!.id;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/emails/${failedId}/retry`, headers: admin.headers })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/emails/${failedId}/retry`, headers: admin.headers })).json()).toMatchObject({
      code: 'email_not_found',
    });
    const good = workerFor(smtp.url);
    expect(await good.drain()).toBe(1);
    expect(smtp.received.filter((m) => recipientsOf(m).includes(customer.email))).toHaveLength(1);
  });

  it('gives up on a server that never answers after its attempts, without holding orders back', async () => {
    const silent = await startSilentServer();
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx);
    const order = await placeOrder(customer, product.id);
    const worker = workerFor(silent.url, 200);
    const draining = worker.drain();
    // While the worker waits on the silent server, orders go through.
    const meanwhile = await placeOrder(customer, product.id, 1);
    expect(meanwhile.status).toBe('Pendiente');
    await draining;
    await silent.close();
    const rows = await outboxRows(order.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);
    expect(rows[0]!.last_error).toMatch(/timeout/i);
    expect(silent.connections()).toBeGreaterThanOrEqual(6);
  });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });

  it('schedules the next attempt later when a send fails (a real worker does not hammer the server)', async () => {
    const refusing = await startSmtpServer('refuse');
    const customer = await createVerifiedUser(ctx);
    const order = await placeOrder(customer, (await createProduct(ctx)).id);
    const worker = new OutboxWorker({
      pool: ctx.pool,
      mailer: createSmtpMailer(refusing.url, 'x <x@example.com>'),
      render: createOrderEmailRenderer({ pool: ctx.pool, catalogName: 'X', appUrl: 'https://x.example.com', issuer: async () => null }),
      log: silentLog,
      pollMs: 50,
      maxAttempts: 5,
      retryBaseMs: 60_000,
    });
    expect(await worker.drain()).toBe(2);
    await refusing.close();
    const { rows } = await ctx.pool.query<{ status: string; attempts: number; wait: number }>(
      `select status, attempts, extract(epoch from next_attempt_at - now())::int as wait from email_outbox where order_id = $1`,
      [order.id],
    );
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.wait).toBeGreaterThan(50);
    }
    await ctx.pool.query(`update email_outbox set status = 'sent' where order_id = $1`, [order.id]);
  });
});
