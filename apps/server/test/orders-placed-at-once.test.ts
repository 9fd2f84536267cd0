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
 * Orders that arrive at the same moment, each in its own transaction (decision 036, which removed
 * decision 026's shared transactions): every order answers its own outcome, the stock and the
 * points add up, and the ledgers stay consistent.
 */
const ctx = await setupTestApp();
const placementPool = createPipelinedPool(ctx.pool);
afterAll(() => placementPool.end());
const service = createOrderPlacement({ pool: ctx.pool, placementPool, whatsappPhone: '5491100000000' });

const command = (items: { product_id: string; quantity: number }[], extra: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  items,
  observaciones: '',
  canjeado_con_puntos: false,
  idempotency_key: randomUUID(),
  ...extra,
});

/** Places every request in the same tick; each answers its order or its error. */
async function placeTogether(requests: { user: TestUser; command: PlaceOrderCommand }[]) {
  const answers = await Promise.allSettled(requests.map((r) => service.placeOrder(r.user.userId, r.command)));
  return answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as AppError)));
}

/** What a request placed; the test fails with the request's error otherwise. */
function placed(answer: Awaited<ReturnType<typeof placeTogether>>[number] | undefined) {
  if (!answer || answer instanceof Error) throw answer ?? new Error('sin respuesta');
  return answer;
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

describe('orders placed at the same moment', () => {
  it('each line keeps its own stock movement with the stock after it', async () => {
    const popular = await createProduct(ctx, { price: 1_000, stock: 100 });
    const other = await createProduct(ctx, { price: 2_500, stock: 50 });
    const requests = customers.map((user, i) => ({
      user,
      command: command([{ product_id: popular.id, quantity: i + 1 }, ...(i % 2 ? [{ product_id: other.id, quantity: 2 }] : [])]),
    }));
    const answers = await placeTogether(requests);
    const orders = answers.map((a) => placed(a).order);
    expect(answers.every((a) => placed(a).created)).toBe(true);

    expect(await stockOf(ctx, popular.id)).toBe(100 - (1 + 2 + 3 + 4 + 5));
    expect(await stockOf(ctx, other.id)).toBe(50 - 2 * 2);
    // One movement per order line, in the order they committed, each with the stock as it stood after it.
    const quantityOf = new Map(orders.map((o) => [o.id, o.items.find((item) => item.product_id === popular.id)!.quantity]));
    const movements = await movementsOf(popular.id);
    expect(movements.map((m) => m.order_id).sort()).toEqual(orders.map((o) => o.id).sort());
    let stock = 100;
    for (const m of movements) {
      stock -= quantityOf.get(m.order_id)!;
      expect(m).toMatchObject({ quantity: -quantityOf.get(m.order_id)!, balance: stock });
    }
    expect((await movementsOf(other.id)).map((m) => m.balance)).toEqual([48, 46]);
    await expectConsistent();
  });

  it('an order that fails its own checks answers its error; the others are written', async () => {
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
    for (const a of [answers[0], answers[1], answers[3]]) expect(placed(a).created).toBe(true);
    expect(await stockOf(ctx, product.id)).toBe(97);
    expect(await stockOf(ctx, disabled.id)).toBe(100);
    await expectConsistent();
  });

  it('only the order that cannot be served is refused', async () => {
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
    for (const i of [0, 1, 3, 4]) expect(placed(answers[i]).created).toBe(true);
    expect(await stockOf(ctx, scarce.id)).toBe(0);
    expect((await movementsOf(scarce.id)).reduce((sum, m) => sum + m.quantity, 0)).toBe(-5);
    await expectConsistent();
  });

  it('a stock refusal refuses only its own order: the others, of the short product or not, are written', async () => {
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
    for (const i of [0, 2, 3, 4]) expect(placed(answers[i]).created).toBe(true);
    expect(await stockOf(ctx, scarce.id)).toBe(4);
    expect(await stockOf(ctx, plenty.id)).toBe(100 - 1 - 2 - 3);
    await expectConsistent();
  });

  it('points: two orders of one customer at once spend the balance in turn; one too many is refused', async () => {
    const buyer = await createVerifiedUser(ctx, { saldo_puntos: 10_000 });
    const product = await createProduct(ctx, { price: 3_000, stock: 100 });
    const withPoints = (quantity: number) => ({ user: buyer, command: command([{ product_id: product.id, quantity }], { canjeado_con_puntos: true }) });
    const together = await placeTogether([{ user: customers[0]!, command: command([{ product_id: product.id, quantity: 1 }]) }, withPoints(1), withPoints(2)]);
    // Each answers the balance its own commit left: the later of the two ends at 1,000.
    expect(Math.min(placed(together[1]).saldo_puntos, placed(together[2]).saldo_puntos)).toBe(1_000);
    const debits = await ctx.pool.query<{ amount: number; balance: number }>(
      `select amount, balance from points_movements where profile_id = $1 and kind = 'order' order by id`,
      [buyer.userId],
    );
    expect(debits.rows.map((d) => d.amount).sort((a, b) => a - b)).toEqual([-6_000, -3_000]);
    expect(debits.rows.at(-1)!.balance).toBe(1_000);
    expect(debits.rows[0]!.balance + debits.rows[1]!.amount).toBe(1_000);
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

  it('the same idempotency key twice at once makes one order; the other request answers it', async () => {
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

describe('an order and another transaction committing the same summary rows', () => {
  it('take them in one order: no deadlock between orders and an admin confirming an order of the same products', { timeout: 20_000 }, async () => {
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
      // Meanwhile, at once: u1 buys H and Z, u2 buys A and H.
      const batch = placeTogether([
        { user: customers[3]!, command: command([{ product_id: (await createProduct(ctx)).id, quantity: 1 }]) },
        { user: u1, command: command([{ product_id: h!.id, quantity: 1 }, { product_id: z!.id, quantity: 1 }]) },
        { user: u2, command: command([{ product_id: a!.id, quantity: 1 }, { product_id: h!.id, quantity: 1 }]) },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The admin's commit runs the rest of its trigger: (today, H), then its customer.
      await admin.query('commit');
      const answers = await batch;
      // Neither was a deadlock's victim: both orders were written.
      for (const x of answers) expect(placed(x).created).toBe(true);
    } finally {
      await admin.query('rollback').catch(() => undefined);
      admin.release();
    }
    await expectConsistent();
  });
});
