import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, sharedDatabaseEnv, startBuiltServer, stopProcess } from './built-server';
import { setupTestApp } from './helpers';
import { createVerifiedUser, type TestUser } from './factories';
import { insertProduct } from './admin-orders-fixtures';
import { recipientsOf, startSmtpServer, waitFor } from './smtp-fixtures';

/**
 * The order-life work (decision 014) "done when": e-mails are never lost and never doubled with N server processes on one
 * database, and a process killed between the order's commit and the send does not lose them.
 * Real processes (dist/main.js), a real PostgreSQL, real SMTP servers.
 */
ensureBuilt();

const ctx = await setupTestApp();
const ADMIN_INBOX = 'pedidos@example.com';
await ctx.pool.query(`update app_settings set value = value || $1::jsonb`, [JSON.stringify({ admin_email_recipients: [ADMIN_INBOX] })]);

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => stopProcess(child, 'SIGTERM')));
  dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function startServer(env: Record<string, string>): Promise<{ http: string; child: ChildProcess }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-mail-mp-'));
  dataDirs.push(dataDir);
  const server = await startBuiltServer(
    dataDir,
    { ...sharedDatabaseEnv(ctx.databaseUrl, ctx.config.jwtSecret!), LOG_LEVEL: 'error', RATE_LIMIT_ORDERS_MAX: '10000', OUTBOX_POLL_MS: '100', ...env },
    children,
  );
  return { http: server.base, child: server.child };
}

async function placeOrderThrough(baseUrl: string, customer: TestUser, productId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...customer.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ product_id: productId, quantity: 1 }] }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

const orderNumberIn = (subject: string | undefined) => /#([0-9a-f]{8})/.exec(subject ?? '')?.[1];

describe('order e-mails across server processes', () => {
  it('200 orders placed through 2 processes give exactly 200 customer and 200 admin e-mails', { timeout: 180_000 }, async () => {
    const smtp = await startSmtpServer('accept');
    try {
      const servers = await Promise.all([startServer({ SMTP_URL: smtp.url }), startServer({ SMTP_URL: smtp.url })]);
      const customers = await Promise.all(Array.from({ length: 10 }, () => createVerifiedUser(ctx)));
      const product = await insertProduct(ctx.pool, { stock: 10_000 });

      const ids: string[] = [];
      // 20 rounds of 10 concurrent orders, alternating processes: both workers race for the same rows.
      for (let round = 0; round < 20; round++) {
        ids.push(
          ...(await Promise.all(customers.map((customer, i) => placeOrderThrough(servers[(round + i) % 2]!.http, customer, product.id)))),
        );
      }
      expect(new Set(ids).size).toBe(200);

      await waitFor(() => smtp.received.length, (n) => n >= 400, 120_000, '400 e-mails');
      // Give a duplicate, if there were one, time to arrive.
      await new Promise((r) => setTimeout(r, 1000));
      const toAdmin = smtp.received.filter((m) => recipientsOf(m).includes(ADMIN_INBOX));
      const toCustomers = smtp.received.filter((m) => !recipientsOf(m).includes(ADMIN_INBOX));
      expect(toCustomers).toHaveLength(200);
      expect(toAdmin).toHaveLength(200);
      const numbers = new Set(ids.map((id) => id.slice(0, 8)));
      expect(new Set(toCustomers.map((m) => orderNumberIn(m.subject)))).toEqual(numbers);
      expect(new Set(toAdmin.map((m) => orderNumberIn(m.subject)))).toEqual(numbers);
      expect(toCustomers.every((m) => m.attachments.length === 1)).toBe(true);
      const { rows } = await ctx.pool.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from email_outbox where order_id = any($1::uuid[]) group by status`,
        [ids],
      );
      expect(rows).toEqual([{ status: 'sent', n: 400 }]);
      await Promise.all(servers.map((s) => stopProcess(s.child, 'SIGTERM')));
    } finally {
      await smtp.close();
    }
  });

  it('a process killed between the commit and the send: another process delivers every e-mail once', { timeout: 120_000 }, async () => {
    // The first process's mail server takes each message and never confirms it: the process is
    // killed mid-send, its transactions roll back, the rows stay pending.
    const hanging = await startSmtpServer('stall-data');
    const good = await startSmtpServer('accept');
    try {
      const doomed = await startServer({ SMTP_URL: hanging.url, SMTP_TIMEOUT_MS: '600000', OUTBOX_CONCURRENCY: '2' });
      const customer = await createVerifiedUser(ctx);
      const product = await insertProduct(ctx.pool, { stock: 100 });
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push(await placeOrderThrough(doomed.http, customer, product.id));
      await waitFor(() => hanging.dataStarted(), (n) => n >= 1, 20_000, 'a send in progress');
      await stopProcess(doomed.child, 'SIGKILL');

      const { rows: pending } = await ctx.pool.query<{ n: number }>(
        `select count(*)::int as n from email_outbox where order_id = any($1::uuid[]) and status = 'pending'`,
        [ids],
      );
      expect(pending[0]!.n).toBe(20);

      const survivor = await startServer({ SMTP_URL: good.url });
      await waitFor(() => good.received.length, (n) => n >= 20, 60_000, '20 e-mails after the restart');
      await new Promise((r) => setTimeout(r, 1000));
      expect(good.received).toHaveLength(20);
      const numbers = new Set(ids.map((id) => id.slice(0, 8)));
      expect(new Set(good.received.filter((m) => !recipientsOf(m).includes(ADMIN_INBOX)).map((m) => orderNumberIn(m.subject)))).toEqual(numbers);
      expect(new Set(good.received.filter((m) => recipientsOf(m).includes(ADMIN_INBOX)).map((m) => orderNumberIn(m.subject)))).toEqual(numbers);
      expect(new Set(good.received.map((m) => m.messageId)).size).toBe(20);
      await stopProcess(survivor.child, 'SIGTERM');
    } finally {
      await hanging.close();
      await good.close();
    }
  });
});
