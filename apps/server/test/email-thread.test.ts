import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Order } from '@mayorista/core';
import { setupTestApp, type TestContext } from './helpers';
import { createVerifiedUser } from './factories';
import { createProduct } from './orders-fixtures';
import { startSmtpServer, waitFor } from './smtp-fixtures';

/**
 * The whole e-mail outbox runs on a thread of its own with its own database connections (decision
 * 075). Proven without timing: an order's two e-mails are leased, rendered (the PDF included),
 * written as .eml files and marked sent while every connection of the main thread's pool is lent
 * out — on the main thread the worker could not even lease a row. A nudge reaches the thread (no
 * waiting for the poll), and a thread that dies with a send in hand has that attempt recorded.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-email-thread-'));
const ctx = await setupTestApp({ env: { DATA_DIR: dataDir, OUTBOX_POLL_MS: '50' } });
// A connection of the test's own, to watch the rows while the app's pool is all lent out.
const watcher = new pg.Pool({ connectionString: ctx.databaseUrl, max: 1 });
await ctx.pool.query(`update app_settings set value = value || '{"admin_email_recipients": ["duenio@example.com"]}'`);
afterAll(async () => {
  await watcher.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new customer orders one unit of a new product; the order placed (201). */
async function placeOrder(on: TestContext, nombre?: string): Promise<{ order: Order; email: string }> {
  const customer = await createVerifiedUser(on, nombre ? { nombre } : {});
  const product = await createProduct(on, { name: `Yerba ${randomUUID().slice(0, 6)}` });
  const placed = await on.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.headers,
    payload: { items: [{ product_id: product.id, quantity: 1 }] },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { order: placed.json<{ order: Order }>().order, email: customer.email };
}

const statusesOf = async (orderId: string) =>
  (await watcher.query<{ status: string }>('select status from email_outbox where order_id = $1 order by id', [orderId])).rows.map((r) => r.status);

describe('the e-mail thread', () => {
  it('sends an order’s e-mails with connections of its own while the main pool has none free', async () => {
    const { order, email } = await placeOrder(ctx, 'Marta');
    expect(await statusesOf(order.id)).toEqual(['pending', 'pending']);

    const held = await Promise.all(Array.from({ length: ctx.pool.options.max }, () => ctx.pool.connect()));
    try {
      ctx.app.outbox.start();
      await waitFor(() => statusesOf(order.id), (statuses) => statuses.every((s) => s === 'sent'), 20_000, 'sent');
    } finally {
      held.forEach((client) => client.release());
      await ctx.app.outbox.stop();
    }
    const written = readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
    expect(written).toHaveLength(2);
    const forCustomer = written.map((name) => readFileSync(path.join(dataDir, 'outbox', name), 'utf8')).find((eml) => eml.includes(`To: ${email}`));
    expect(forCustomer).toContain('Hola, Marta:');
    expect(forCustomer).toContain(`filename=pedido-${order.id.slice(0, 8)}.pdf`);
  });

  it('stops and starts again: a stopped outbox sends nothing, a started one sends what was queued meanwhile', async () => {
    const { order } = await placeOrder(ctx);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusesOf(order.id)).toEqual(['pending', 'pending']);
    ctx.app.outbox.start();
    try {
      await waitFor(() => statusesOf(order.id), (statuses) => statuses.every((s) => s === 'sent'), 20_000, 'sent');
    } finally {
      await ctx.app.outbox.stop();
    }
  });
});

// A second app whose SMTP server takes a message and never answers, and whose outbox polls once a
// minute: an e-mail that leaves within seconds left because of the order's nudge.
const smtp = await startSmtpServer('stall-data');
afterAll(() => smtp.close());
const slow = await setupTestApp({ env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: '60000', OUTBOX_CONCURRENCY: '1' } });

describe('the e-mail thread, driven by the main thread', () => {
  const outboxRow = async (orderId: string) =>
    (
      await slow.pool.query<{ status: string; attempts: number; leased: boolean; last_error: string | null }>(
        `select status, attempts, coalesce(locked_until > now(), false) as leased, last_error from email_outbox where order_id = $1 and kind = 'order_placed'`,
        [orderId],
      )
    ).rows[0];

  it('wakes on the order’s nudge, not at the next poll; a thread killed mid-send has that attempt recorded and its lease let go', async () => {
    const outbox = slow.app.outbox;
    outbox.start();
    try {
      // The thread's first look finds nothing; from then on it sleeps a minute unless nudged.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { order } = await placeOrder(slow);
      // The SMTP server takes the message and never answers: the send stays in hand.
      await waitFor(() => smtp.dataStarted(), (started) => started >= 1, 15_000, 'the send to start');
      expect(await outboxRow(order.id)).toMatchObject({ status: 'pending', attempts: 0, leased: true });

      // A crash of the thread, simulated by ending it from outside.
      await (outbox as unknown as { worker: Worker }).worker.terminate();
      const after = await waitFor(() => outboxRow(order.id), (row) => row?.attempts === 1, 10_000, 'the attempt recorded');
      expect(after).toMatchObject({ status: 'pending', leased: false });
      expect(after!.last_error).toContain('el hilo de correos terminó');
    } finally {
      await outbox.stop();
    }
  });
});
