import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer';
import { OutboxWorker } from '../src/modules/outbox/outbox.worker';
import { createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';

/**
 * With several server processes, one may peek an e-mail another is in the middle of sending (it
 * holds the row's claim until its send ends). The worker used to peek that same row again at once,
 * render its PDF again and fail to claim it again, for as long as the other send lasted.
 */
const ctx = await setupTestApp();

describe('an e-mail another process is sending', () => {
  it('is passed over (rendered once, not sent here), and sent here later if that process let it go', { timeout: 20_000 }, async () => {
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

    // "Another process" holds the claims, as its worker does while it sends.
    const other = await ctx.pool.connect();
    await other.query('begin');
    await other.query(`select id from email_outbox where order_id = $1 for update`, [orderId]);

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
    try {
      // Before, this never returned while the other transaction lived.
      expect(await worker.drain()).toBe(queued);
      expect(renders).toBe(queued);
      expect(sent).toEqual([]);
    } finally {
      // The other process dies without sending: its claims are released, the rows are still due.
      await other.query('rollback');
      other.release();
    }
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await worker.drain()).toBe(queued);
    expect(sent.map((m) => m.to).sort()).toEqual(
      (await ctx.pool.query<{ recipient: string }>(`select recipient from email_outbox where order_id = $1`, [orderId])).rows.map((r) => r.recipient).sort(),
    );
    const { rows } = await ctx.pool.query<{ status: string }>(`select status from email_outbox where order_id = $1`, [orderId]);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
