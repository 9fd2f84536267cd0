import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkConsistency, formatConsistencyReport } from '../src/db/consistency';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';
import { accountOf, pay, placeAndDeliver, setCredit, testClock } from './receivables-fixtures';

const clock = testClock('2026-06-01');
const ctx = await setupTestApp({ now: clock.now });
const admin = await createAdmin(ctx);
const otherAdmin = await createAdmin(ctx);

describe('the cuenta corriente under concurrency', () => {
  it('50 concurrent payments (two staff, several customers) get receipts 1..50, no gap, no duplicate', async () => {
    const customers = await Promise.all([0, 1, 2, 3, 4].map(() => createVerifiedUser(ctx)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pay(ctx, i % 2 ? admin : otherAdmin, customers[i % 5]!.userId, { amount: 1_000 + i })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.json().receipt_number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const [i, customer] of customers.entries()) {
      const paid = results.filter((_, j) => j % 5 === i).reduce((sum, r) => sum + (r.json().amount as number), 0);
      expect((await accountOf(ctx, customer)).balance).toBe(-paid);
    }
  });

  it('two orders at once cannot both use the last credit', async () => {
    const customer = await createVerifiedUser(ctx);
    await setCredit(ctx, admin, customer.userId, { credit_limit: 10_000 });
    const product = await createProduct(ctx, { price: 10_000, stock: 100 });
    const order = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.headers,
        payload: { items: [{ product_id: product.id, quantity: 1 }], observaciones: '', idempotency_key: randomUUID() },
      });
    const answers = await Promise.all([order(), order(), order()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
  });

  it('a payment while the order is being delivered: both land, in one order or the other', async () => {
    const customer = await createVerifiedUser(ctx);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { items: [{ product_id: (await createProduct(ctx, { price: 10_000 })).id, quantity: 2 }], observaciones: '' },
    });
    const orderId = placed.json().order.id as string;
    for (const status of ['Confirmado', 'Preparado']) {
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/status`,
        headers: admin.headers,
        payload: { status },
      });
    }
    const [delivered, paid] = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/status`,
        headers: admin.headers,
        payload: { status: 'Entregado' },
      }),
      pay(ctx, otherAdmin, customer.userId, { amount: 20_000 }),
    ]);
    expect([delivered.statusCode, paid.statusCode]).toEqual([200, 201]);
    expect(await accountOf(ctx, customer)).toMatchObject({ balance: 0, overdue: 0, next_due: null });
  });

  it('the ledger refuses UPDATE and DELETE: a mistake is corrected by a reversing row', async () => {
    const customer = await createVerifiedUser(ctx);
    await pay(ctx, admin, customer.userId, { amount: 1_000 });
    await expect(
      ctx.pool.query(`update account_movements set amount = -1 where profile_id = $1`, [customer.userId]),
    ).rejects.toThrow(/ledger_append_only/);
    await expect(ctx.pool.query(`delete from account_movements where profile_id = $1`, [customer.userId])).rejects.toThrow(
      /ledger_append_only/,
    );
    await expect(ctx.pool.query(`delete from payments where profile_id = $1`, [customer.userId])).rejects.toThrow(
      /ledger_append_only/,
    );
  });

  it('db:check holds after a random run of orders, deliveries, payments, credit notes and reversals', async () => {
    const customers = await Promise.all([0, 1, 2].map(() => createVerifiedUser(ctx)));
    // Park–Miller: exact in doubles, the same run every time.
    let seed = 30;
    const random = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    const payments: number[] = [];
    for (let step = 0; step < 40; step++) {
      clock.set(`2026-07-${String(1 + Math.floor(step / 2)).padStart(2, '0')}`);
      const customer = customers[random(3)]!;
      const action = random(4);
      if (action === 0) {
        await placeAndDeliver(ctx, customer, admin, 1 + random(3));
      } else if (action === 1) {
        const res = await pay(ctx, admin, customer.userId, { amount: 1_000 * (1 + random(30)) });
        expect(res.statusCode, res.body).toBe(201);
        payments.push(res.json().id);
      } else if (action === 2) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/users/${customer.userId}/credit-notes`,
          headers: admin.headers,
          payload: { amount: 500 * (1 + random(10)), reason: 'Corrección de precio' },
        });
        expect(res.statusCode, res.body).toBe(201);
      } else if (payments.length > 0) {
        const id = payments.splice(random(payments.length), 1)[0]!;
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/payments/${id}/reverse`,
          headers: admin.headers,
          payload: { reason: 'Cheque rechazado' },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const report = await checkConsistency(ctx.pool);
    expect(report.violations).toEqual([]);
    expect(report.accounts).toBeGreaterThanOrEqual(3);
    expect(formatConsistencyReport(report)).toContain(`Cuentas corrientes revisadas: ${report.accounts}`);
    const { rows } = await ctx.pool.query(`select count(distinct kind)::int as kinds from account_movements`);
    expect(rows[0].kinds).toBeGreaterThanOrEqual(4);
  });

  it('db:check notices a cached balance that no longer matches its ledger', async () => {
    const customer = await createVerifiedUser(ctx);
    const order = await placeAndDeliver(ctx, customer, admin, 1);
    expect(order.status).toBe('Entregado');
    await ctx.pool.query(`update customer_accounts set balance = balance + 1 where profile_id = $1`, [customer.userId]);
    const report = await checkConsistency(ctx.pool);
    expect(report.violations.some((v) => v.includes(customer.userId))).toBe(true);
    await ctx.pool.query(`update customer_accounts set balance = balance - 1 where profile_id = $1`, [customer.userId]);
  });
});
