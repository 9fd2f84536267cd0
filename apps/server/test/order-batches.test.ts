import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createPipelinedPool } from '../src/db/client';
import { checkConsistency } from '../src/db/consistency';
import { AppError } from '../src/lib/errors';
import { createOrderPlacement, type PlaceOrderCommand } from '../src/flows/place-order';
import { createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct, pointsOf, stockOf } from './orders-fixtures';

/**
 * Decision 026: orders that arrive together share one transaction. With ONE lane, the first
 * request starts alone and every request made while it runs waits for the next batch, so the
 * batches here are known: [first], [all the others]. Orders written in one transaction share its
 * xmin; that is how these tests see which orders were batched.
 */
const ctx = await setupTestApp();
const placementPool = createPipelinedPool(ctx.pool);
afterAll(() => placementPool.end());
const service = createOrderPlacement({ pool: ctx.pool, placementPool, whatsappPhone: '5491100000000', placementBatches: { lanes: 1, maxBatch: 16 } });

const command = (items: { product_id: string; quantity: number }[], extra: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  items,
  observaciones: '',
  canjeado_con_puntos: false,
  idempotency_key: randomUUID(),
  ...extra,
});

/** Places every request in the same tick (so all but the first share a batch); each answers its order or its error. */
async function placeTogether(requests: { user: TestUser; command: PlaceOrderCommand }[]) {
  const answers = await Promise.allSettled(requests.map((r) => service.placeOrder(r.user.userId, r.command)));
  return answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as AppError)));
}

/** What a request placed; the test fails with the request's error otherwise. */
function placed(answer: Awaited<ReturnType<typeof placeTogether>>[number] | undefined) {
  if (!answer || answer instanceof Error) throw answer ?? new Error('sin respuesta');
  return answer;
}

async function transactionOf(orderIds: string[]): Promise<Map<string, string>> {
  const { rows } = await ctx.pool.query<{ id: string; xmin: string }>(`select id, xmin::text as xmin from orders where id = any($1::uuid[])`, [orderIds]);
  return new Map(rows.map((r) => [r.id, r.xmin]));
}

async function movementsOf(productId: string) {
  const { rows } = await ctx.pool.query<{ quantity: number; balance: number; order_id: string }>(
    `select quantity, balance, order_id from stock_movements where product_id = $1 and kind = 'order' order by id`,
    [productId],
  );
  return rows;
}

async function expectConsistent() {
  const report = await checkConsistency(ctx.pool);
  expect(report.violations).toEqual([]);
}

const customers = await Promise.all([1, 2, 3, 4, 5].map(() => createVerifiedUser(ctx, { saldo_puntos: 0 })));

describe('orders placed together (decision 026)', () => {
  it('share one transaction, and each line keeps its own stock movement with the stock after it', async () => {
    const popular = await createProduct(ctx, { price: 1_000, stock: 100 });
    const other = await createProduct(ctx, { price: 2_500, stock: 50 });
    const requests = customers.map((user, i) => ({
      user,
      command: command([{ product_id: popular.id, quantity: i + 1 }, ...(i % 2 ? [{ product_id: other.id, quantity: 2 }] : [])]),
    }));
    const answers = await placeTogether(requests);
    const orders = answers.map((a) => placed(a).order);
    expect(answers.every((a) => placed(a).created)).toBe(true);
    const xmin = await transactionOf(orders.map((o) => o.id));
    expect(new Set(orders.slice(1).map((o) => xmin.get(o.id))).size).toBe(1);
    expect(xmin.get(orders[0]!.id)).not.toBe(xmin.get(orders[1]!.id));

    expect(await stockOf(ctx, popular.id)).toBe(100 - (1 + 2 + 3 + 4 + 5));
    expect(await stockOf(ctx, other.id)).toBe(50 - 2 * 2);
    // One movement per order line: the first order's, then the batch's customer by customer (its
    // lock order), each with the stock as it stood after it.
    const quantityOf = new Map(orders.map((o) => [o.id, o.items.find((item) => item.product_id === popular.id)!.quantity]));
    const userOf = new Map(orders.map((o) => [o.id, o.user_id]));
    const movements = await movementsOf(popular.id);
    expect(movements.map((m) => m.order_id)).toEqual([
      orders[0]!.id,
      ...orders
        .slice(1)
        .map((o) => o.id)
        .sort((a, b) => (userOf.get(a)! < userOf.get(b)! ? -1 : 1)),
    ]);
    let stock = 100;
    for (const m of movements) {
      stock -= quantityOf.get(m.order_id)!;
      expect(m).toMatchObject({ quantity: -quantityOf.get(m.order_id)!, balance: stock });
    }
    expect((await movementsOf(other.id)).map((m) => m.balance)).toEqual([48, 46]);
    await expectConsistent();
  });

  it('an order that fails its own checks answers its error; the rest of its batch is written together', async () => {
    const product = await createProduct(ctx, { stock: 100 });
    const disabled = await createProduct(ctx, { stock: 100, is_enabled: false });
    const answers = await placeTogether([
      { user: customers[0]!, command: command([{ product_id: product.id, quantity: 1 }]) },
      { user: customers[1]!, command: command([{ product_id: product.id, quantity: 1 }]) },
      { user: customers[2]!, command: command([{ product_id: disabled.id, quantity: 1 }]) },
      { user: customers[3]!, command: command([{ product_id: product.id, quantity: 1 }]) },
    ]);
    expect(answers[2]).toBeInstanceOf(AppError);
    expect((answers[2] as AppError).code).toBe('product_unavailable');
    const ids = [answers[1], answers[3]].map((a) => placed(a).order.id);
    const xmin = await transactionOf(ids);
    expect(xmin.get(ids[0]!)).toBe(xmin.get(ids[1]!));
    expect(await stockOf(ctx, product.id)).toBe(97);
    expect(await stockOf(ctx, disabled.id)).toBe(100);
    await expectConsistent();
  });

  it('a refused write sends its orders of the short product back one at a time: only the order that cannot be served is refused', async () => {
    const scarce = await createProduct(ctx, { stock: 5 });
    const elsewhere = await createProduct(ctx, { stock: 10 });
    const answers = await placeTogether([
      { user: customers[0]!, command: command([{ product_id: elsewhere.id, quantity: 1 }]) },
      { user: customers[1]!, command: command([{ product_id: scarce.id, quantity: 2 }]) },
      { user: customers[2]!, command: command([{ product_id: scarce.id, quantity: 9 }]) },
      { user: customers[3]!, command: command([{ product_id: scarce.id, quantity: 2 }]) },
      { user: customers[4]!, command: command([{ product_id: scarce.id, quantity: 1 }]) },
    ]);
    expect(answers[2]).toBeInstanceOf(AppError);
    expect((answers[2] as AppError).code).toBe('insufficient_stock');
    const ids = [1, 3, 4].map((i) => placed(answers[i]).order.id);
    // Written one by one after the refusal: three transactions.
    expect(new Set((await transactionOf(ids)).values()).size).toBe(3);
    expect(await stockOf(ctx, scarce.id)).toBe(0);
    expect((await movementsOf(scarce.id)).reduce((sum, m) => sum + m.quantity, 0)).toBe(-5);
    await expectConsistent();
  });

  it('after a stock refusal, the orders that do not ask for the short product are written together again', async () => {
    const scarce = await createProduct(ctx, { stock: 5 });
    const plenty = await createProduct(ctx, { stock: 100 });
    const answers = await placeTogether([
      { user: customers[0]!, command: command([{ product_id: plenty.id, quantity: 1 }]) },
      { user: customers[1]!, command: command([{ product_id: scarce.id, quantity: 9 }, { product_id: plenty.id, quantity: 1 }]) },
      { user: customers[2]!, command: command([{ product_id: plenty.id, quantity: 2 }]) },
      { user: customers[3]!, command: command([{ product_id: plenty.id, quantity: 3 }]) },
      { user: customers[4]!, command: command([{ product_id: scarce.id, quantity: 1 }]) },
    ]);
    expect((answers[1] as AppError).code).toBe('insufficient_stock');
    const [a, b, alone] = [2, 3, 4].map((i) => placed(answers[i]).order.id);
    const xmin = await transactionOf([a!, b!, alone!]);
    expect(xmin.get(a!)).toBe(xmin.get(b!));
    expect(xmin.get(alone!)).not.toBe(xmin.get(a!));
    expect(await stockOf(ctx, scarce.id)).toBe(4);
    expect(await stockOf(ctx, plenty.id)).toBe(100 - 1 - 2 - 3);
    await expectConsistent();
  });

  it('points: two orders of one customer in one batch spend the balance in turn; one too many is refused alone', async () => {
    const buyer = await createVerifiedUser(ctx, { saldo_puntos: 10_000 });
    const product = await createProduct(ctx, { price: 3_000, stock: 100 });
    const withPoints = (quantity: number) => ({ user: buyer, command: command([{ product_id: product.id, quantity }], { canjeado_con_puntos: true }) });
    const together = await placeTogether([{ user: customers[0]!, command: command([{ product_id: product.id, quantity: 1 }]) }, withPoints(1), withPoints(2)]);
    // Both answer the balance as their (shared) commit left it.
    expect(placed(together[1]).saldo_puntos).toBe(1_000);
    expect(placed(together[2]).saldo_puntos).toBe(1_000);
    const debits = await ctx.pool.query<{ amount: number; balance: number }>(
      `select amount, balance from points_movements where profile_id = $1 and kind = 'order' order by id`,
      [buyer.userId],
    );
    expect(debits.rows).toEqual([
      { amount: -3_000, balance: 7_000 },
      { amount: -6_000, balance: 1_000 },
    ]);
    expect(await pointsOf(ctx, buyer.userId)).toBe(1_000);

    const again = await placeTogether([{ user: customers[0]!, command: command([{ product_id: product.id, quantity: 1 }]) }, withPoints(1), withPoints(1)]);
    // 1,000 points left: neither 3,000-point order fits.
    for (const a of again.slice(1)) {
      expect(a).toBeInstanceOf(AppError);
      expect((a as AppError).code).toBe('insufficient_points');
    }
    expect(await pointsOf(ctx, buyer.userId)).toBe(1_000);
    await expectConsistent();
  });

  it('the same idempotency key twice in one batch makes one order; the other request answers it', async () => {
    const product = await createProduct(ctx, { stock: 100 });
    const key = randomUUID();
    const answers = await placeTogether([
      { user: customers[0]!, command: command([{ product_id: product.id, quantity: 1 }]) },
      { user: customers[1]!, command: command([{ product_id: product.id, quantity: 4 }], { idempotency_key: key }) },
      { user: customers[1]!, command: command([{ product_id: product.id, quantity: 4 }], { idempotency_key: key }) },
    ]);
    const [a, b] = [placed(answers[1]), placed(answers[2])];
    expect(a.order.id).toBe(b.order.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await stockOf(ctx, product.id)).toBe(100 - 1 - 4);
    await expectConsistent();
  });
});

describe('a batch and another transaction committing the same summary rows (decision 026, migration 0017)', () => {
  it('take them in one order: no deadlock between a batch and an admin confirming an order of the same products', { timeout: 20_000 }, async () => {
    // Products A < H < Z and customers u1 < u2 in key order; unlimited stock, so no product row
    // lock puts the two transactions in a queue before their commits.
    const [a, h, z] = (await Promise.all([1, 2, 3].map(() => createProduct(ctx, { has_unlimited_stock: true })))).sort((x, y) => (x.id < y.id ? -1 : 1));
    const [u1, u2] = [customers[0]!, customers[1]!].sort((x, y) => (x.userId < y.userId ? -1 : 1)) as [TestUser, TestUser];
    const earlier = placed((await placeTogether([{ user: customers[2]!, command: command([{ product_id: a!.id, quantity: 1 }, { product_id: h!.id, quantity: 1 }]) }]))[0]);

    // The admin's confirmation: its summary trigger has taken (today, A) and is about to take (today, H).
    const admin = await ctx.pool.connect();
    try {
      await admin.query('begin');
      await admin.query(`update orders set status = 'Confirmado' where id = $1`, [earlier.order.id]);
      await admin.query(
        `select 1 from sales_daily_products where product_id = $1 and day = (select public.sales_summary_day(o) from orders o where o.id = $2) for update`,
        [a!.id, earlier.order.id],
      );
      // Meanwhile a batch: u1 buys H and Z, u2 buys A and H.
      const batch = placeTogether([
        { user: customers[3]!, command: command([{ product_id: (await createProduct(ctx)).id, quantity: 1 }]) },
        { user: u1, command: command([{ product_id: h!.id, quantity: 1 }, { product_id: z!.id, quantity: 1 }]) },
        { user: u2, command: command([{ product_id: a!.id, quantity: 1 }, { product_id: h!.id, quantity: 1 }]) },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The admin's commit runs the rest of its trigger: (today, H), then its customer.
      await admin.query('commit');
      const answers = await batch;
      const ids = [answers[1], answers[2]].map((x) => placed(x).order.id);
      const xmin = await transactionOf(ids);
      // Written together: the batch was not a deadlock's victim re-run one order at a time.
      expect(xmin.get(ids[0]!)).toBe(xmin.get(ids[1]!));
    } finally {
      await admin.query('rollback').catch(() => undefined);
      admin.release();
    }
    await expectConsistent();
  });
});
