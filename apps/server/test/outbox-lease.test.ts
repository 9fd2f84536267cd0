import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer';
import { OutboxWorker } from '../src/modules/outbox';
import { createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';

/**
 * With several server processes, one may look for e-mails while another is sending them (decision
 * 035: the other holds a lease on each row, `locked_until`). It must pass over them without
 * rendering or sending anything, and send them once a lease runs out (the other process died).
 */
const ctx = await setupTestApp();

describe('an e-mail another process is sending', () => {
  it(
    "is passed over (not rendered, not sent here), and sent here once that process's lease runs out",
    { timeout: 20_000 },
    async () => {
      const customer = await createVerifiedUser(ctx);
      const product = await createProduct(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.headers,
        payload: { items: [{ product_id: product.id, quantity: 1 }], idempotency_key: randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(201);
      const orderId = res.json<{ order: { id: string } }>().order.id;
      const queued = (await ctx.pool.query(`select id from email_outbox where order_id = $1`, [orderId])).rowCount!;
      expect(queued).toBeGreaterThan(0);

      let renders = 0;
      const sent: MailMessage[] = [];
      const worker = new OutboxWorker({
        pool: ctx.pool,
        mailer: { send: async (message) => void sent.push(message) },
        render: async (row) => {
          renders += 1;
          return { to: row.recipient, subject: 'Pedido', text: 'Hola', html: '<p>Hola</p>' };
        },
        log: { warn: () => undefined, error: () => undefined },
        pollMs: 50,
        maxAttempts: 3,
        retryBaseMs: 1,
      });

      // "Another process" is taking the rows at this very instant (its lease statement holds them).
      const other = await ctx.pool.connect();
      await other.query('begin');
      await other.query(`select id from email_outbox where order_id = $1 for update`, [orderId]);
      try {
        // Never waits for the other transaction: nothing is due for this process.
        expect(await worker.drain()).toBe(0);
        // The other process's leases are taken; then it dies without sending.
        await other.query(`update email_outbox set locked_until = now() + interval '1 second' where order_id = $1`, [orderId]);
        await other.query('commit');
      } finally {
        other.release();
      }
      expect(await worker.drain()).toBe(0);
      expect(renders).toBe(0);
      expect(sent).toEqual([]);

      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await worker.drain()).toBe(queued);
      expect(renders).toBe(queued);
      expect(sent.map((m) => m.to).sort()).toEqual(
        (await ctx.pool.query<{ recipient: string }>(`select recipient from email_outbox where order_id = $1`, [orderId])).rows
          .map((r) => r.recipient)
          .sort(),
      );
      const { rows } = await ctx.pool.query<{ status: string; locked_until: Date | null }>(
        `select status, locked_until from email_outbox where order_id = $1`,
        [orderId],
      );
      expect(rows.every((r) => r.status === 'sent' && r.locked_until === null)).toBe(true);
    },
  );
});
