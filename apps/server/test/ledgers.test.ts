import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { messages, type PointsMovementsPage, type StockMovementsPage } from '@mayorista/core';
import { createPool } from '../src/db/client';
import { checkConsistency } from '../src/db/consistency';
import { runMigrations } from '../src/db/migrate';
import { insertOrder, insertProduct } from './admin-orders-fixtures';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';

/**
 * The ledgers-and-contracts work (decision 009): every writer of stock and points goes through its ledger,
 * the cached columns equal the ledger's sum, the database refuses negative balances, the admins
 * read the history, and `db:check` finds and names a corrupted row.
 */
const ctx = await setupTestApp();
const admin = await createAdmin(ctx, { nombre: 'Ana', apellido: 'Admin' });

interface Movement {
  kind: string;
  quantity?: number;
  amount?: number;
  balance: number;
  order_id: string | null;
  actor_id: string | null;
}

async function stockLedger(productId: string): Promise<{ stock: number; sum: number; movements: Movement[] }> {
  const { rows: movements } = await ctx.pool.query<Movement>(
    `select kind, quantity, balance, order_id, actor_id from stock_movements where product_id = $1 order by id`,
    [productId],
  );
  const { rows } = await ctx.pool.query<{ stock: number }>(`select stock from products where id = $1`, [productId]);
  return { stock: rows[0]!.stock, sum: movements.reduce((s, m) => s + m.quantity!, 0), movements };
}

async function pointsLedger(userId: string): Promise<{ balance: number; sum: number; movements: Movement[] }> {
  const { rows: movements } = await ctx.pool.query<Movement>(
    `select kind, amount, balance, order_id, actor_id from points_movements where profile_id = $1 order by id`,
    [userId],
  );
  const { rows } = await ctx.pool.query<{ saldo_puntos: number }>(`select saldo_puntos from profiles where id = $1`, [userId]);
  return { balance: rows[0]!.saldo_puntos, sum: movements.reduce((s, m) => s + m.amount!, 0), movements };
}

async function placeOrder(customer: TestUser, productId: string, quantity: number, canjeado = false) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.headers,
    payload: { items: [{ product_id: productId, quantity }], canjeado_con_puntos: canjeado, idempotency_key: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order: { id: string; total: number } }>().order;
}

const changeStatus = (orderId: string, status: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers: admin.headers, payload: { status } });

const productBody = (stock: number) => ({
  name: `Ledger ${randomUUID()}`,
  price: 10_000,
  retail_price: 15_000,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  stock,
  has_unlimited_stock: false,
  is_enabled: true,
});

describe('stock ledger', () => {
  it('a product inserted with stock starts with an opening movement', async () => {
    const product = await insertProduct(ctx.pool, { stock: 7 });
    const ledger = await stockLedger(product.id);
    expect(ledger.movements).toEqual([{ kind: 'opening', quantity: 7, balance: 7, order_id: null, actor_id: null }]);
    expect(ledger.stock).toBe(ledger.sum);
  });

  it('an order takes stock with an `order` movement; cancelling it returns the units with `order_cancel_restock`', async () => {
    const product = await insertProduct(ctx.pool, { stock: 10, price: 1_000 });
    const customer = await createVerifiedUser(ctx);
    const order = await placeOrder(customer, product.id, 3);
    expect((await changeStatus(order.id, 'Cancelado')).statusCode).toBe(200);
    const ledger = await stockLedger(product.id);
    expect(ledger.movements).toEqual([
      { kind: 'opening', quantity: 10, balance: 10, order_id: null, actor_id: null },
      { kind: 'order', quantity: -3, balance: 7, order_id: order.id, actor_id: customer.userId },
      { kind: 'order_cancel_restock', quantity: 3, balance: 10, order_id: order.id, actor_id: admin.userId },
    ]);
    expect(ledger.stock).toBe(10);
    expect(ledger.sum).toBe(10);
  });

  it('an order refused for stock leaves no movement behind', async () => {
    const product = await insertProduct(ctx.pool, { stock: 2 });
    const customer = await createVerifiedUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { items: [{ product_id: product.id, quantity: 3 }], idempotency_key: randomUUID() },
    });
    expect(res.statusCode).toBe(409);
    expect((await stockLedger(product.id)).movements.map((m) => m.kind)).toEqual(['opening']);
  });

  it('unlimited-stock products record nothing for orders and cancellations', async () => {
    const product = await insertProduct(ctx.pool, { stock: 0, has_unlimited_stock: true });
    const customer = await createVerifiedUser(ctx);
    const order = await placeOrder(customer, product.id, 5);
    expect((await changeStatus(order.id, 'Cancelado')).statusCode).toBe(200);
    expect((await stockLedger(product.id)).movements).toEqual([]);
  });

  it('the admin editor: creation opens the ledger, a new number is an `admin_edit` by that admin, the same number nothing', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: productBody(12) });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<{ id: string; stock: number }>();
    expect(product.stock).toBe(12);
    const body = { ...productBody(5), name: `Ledger editado ${randomUUID()}` };
    const edited = await ctx.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: body });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ stock: number }>().stock).toBe(5);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: body })).statusCode).toBe(200);
    const ledger = await stockLedger(product.id);
    expect(ledger.movements).toEqual([
      { kind: 'opening', quantity: 12, balance: 12, order_id: null, actor_id: admin.userId },
      { kind: 'admin_edit', quantity: -7, balance: 5, order_id: null, actor_id: admin.userId },
    ]);
    expect(ledger.stock).toBe(ledger.sum);
  });

  it('a failed edit (name taken) rolls back the stock movement with it', async () => {
    const other = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: productBody(1) });
    const product = await insertProduct(ctx.pool, { stock: 4 });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { ...productBody(9), name: other.json<{ name: string }>().name },
    });
    expect(res.statusCode).toBe(409);
    const ledger = await stockLedger(product.id);
    expect(ledger).toMatchObject({ stock: 4, sum: 4 });
    expect(ledger.movements).toHaveLength(1);
  });

  it('the database refuses a negative resulting stock, and a negative cached stock even when unlimited', async () => {
    const product = await insertProduct(ctx.pool, { stock: 1, has_unlimited_stock: true });
    await expect(
      ctx.pool.query(`insert into stock_movements (product_id, kind, quantity, balance) values ($1, 'admin_edit', -2, -1)`, [product.id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'stock_movements_balance_nonnegative' });
    await expect(ctx.pool.query(`update products set stock = -1 where id = $1`, [product.id])).rejects.toMatchObject({
      code: '23514',
      constraint: 'products_stock_nonnegative',
    });
  });
});

describe('points ledger', () => {
  it('a customer created with points starts with an opening movement', async () => {
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 5_000 });
    expect((await pointsLedger(customer.userId)).movements).toEqual([
      { kind: 'opening', amount: 5_000, balance: 5_000, order_id: null, actor_id: null },
    ]);
  });

  it('a redemption debits with an `order` movement; cancelling refunds with `order_refund`', async () => {
    const product = await insertProduct(ctx.pool, { stock: 10, price: 1_500 });
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 10_000 });
    const order = await placeOrder(customer, product.id, 2, true);
    expect(order.total).toBe(3_000);
    expect((await changeStatus(order.id, 'Rechazado')).statusCode).toBe(200);
    const ledger = await pointsLedger(customer.userId);
    expect(ledger.movements).toEqual([
      { kind: 'opening', amount: 10_000, balance: 10_000, order_id: null, actor_id: null },
      { kind: 'order', amount: -3_000, balance: 7_000, order_id: order.id, actor_id: customer.userId },
      { kind: 'order_refund', amount: 3_000, balance: 10_000, order_id: order.id, actor_id: admin.userId },
    ]);
    expect(ledger.balance).toBe(ledger.sum);
  });

  it('a refused redemption (not enough points) leaves no movement and no order', async () => {
    const product = await insertProduct(ctx.pool, { stock: 10, price: 1_500 });
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 1_000 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { items: [{ product_id: product.id, quantity: 1 }], canjeado_con_puntos: true, idempotency_key: randomUUID() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_points', message: messages.points.insufficient });
    expect((await pointsLedger(customer.userId)).movements.map((m) => m.kind)).toEqual(['opening']);
    expect((await stockLedger(product.id)).movements.map((m) => m.kind)).toEqual(['opening']);
  });

  it('an admin adjustment records the difference, the admin and the reason', async () => {
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 700 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.userId}/points`,
      headers: admin.headers,
      payload: { saldo_puntos: 250, reason: 'Corrección' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await ctx.pool.query(
      `select kind, amount, balance, actor_id, reason from points_movements where profile_id = $1 order by id`,
      [customer.userId],
    );
    expect(rows[1]).toEqual({ kind: 'admin_adjustment', amount: -450, balance: 250, actor_id: admin.userId, reason: 'Corrección' });
    const ledger = await pointsLedger(customer.userId);
    expect(ledger).toMatchObject({ balance: 250, sum: 250 });
  });

  it('the database refuses a negative resulting balance', async () => {
    const customer = await createVerifiedUser(ctx);
    await expect(
      ctx.pool.query(`insert into points_movements (profile_id, kind, amount, balance) values ($1, 'admin_adjustment', -1, -1)`, [customer.userId]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'points_movements_balance_nonnegative' });
  });
});

describe('ledgers under concurrency', () => {
  /** Each movement's balance is the previous one plus its change: the ledger was written under the row lock. */
  const expectChained = (movements: Movement[], change: (m: Movement) => number) => {
    for (let i = 1; i < movements.length; i++) expect(movements[i]!.balance, JSON.stringify(movements[i])).toBe(movements[i - 1]!.balance + change(movements[i]!));
  };

  it('concurrent orders, cancellations and admin edits of one product leave a chained ledger equal to the stock', async () => {
    const product = await insertProduct(ctx.pool, { stock: 40, price: 100 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createVerifiedUser(ctx)));
    const placed = await Promise.all(
      buyers.map((buyer, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: buyer.headers,
          payload: { items: [{ product_id: product.id, quantity: 1 + (i % 4) }], idempotency_key: randomUUID() },
        }),
      ),
    );
    const ids = placed.filter((r) => r.statusCode === 201).map((r) => r.json<{ order: { id: string } }>().order.id);
    const edit = (stock: number) =>
      ctx.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, headers: admin.headers, payload: { ...productBody(stock), name: `Concurrente ${product.id}` } });
    const answers = await Promise.all([...ids.slice(0, 4).map((id) => changeStatus(id, 'Cancelado')), edit(30), edit(55)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ledger = await stockLedger(product.id);
    expectChained(ledger.movements, (m) => m.quantity!);
    expect(ledger.stock).toBe(ledger.sum);
    expect(ledger.movements.at(-1)!.balance).toBe(ledger.stock);
  });

  it('concurrent redemptions, refunds and admin adjustments of one customer leave a chained ledger equal to the balance', async () => {
    const product = await insertProduct(ctx.pool, { stock: 1_000, price: 700 });
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 20_000 });
    const redeem = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.headers,
        payload: { items: [{ product_id: product.id, quantity: 2 }], canjeado_con_puntos: true, idempotency_key: randomUUID() },
      });
    const first = await Promise.all(Array.from({ length: 8 }, redeem));
    const ids = first.filter((r) => r.statusCode === 201).map((r) => r.json<{ order: { id: string } }>().order.id);
    expect(ids.length).toBeGreaterThan(0);
    const adjust = (n: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/users/${customer.userId}/points`, headers: admin.headers, payload: { saldo_puntos: n, reason: `carrera ${n}` } });
    await Promise.all([...ids.slice(0, 3).map((id) => changeStatus(id, 'Rechazado')), adjust(9_000), adjust(12_000), redeem(), redeem()]);
    const ledger = await pointsLedger(customer.userId);
    expectChained(ledger.movements, (m) => m.amount!);
    expect(ledger.balance).toBe(ledger.sum);
    expect(ledger.movements.at(-1)!.balance).toBe(ledger.balance);
  });
});

describe('history routes', () => {
  it('GET /api/admin/products/:id/stock-movements: 401 anonymous, 403 customer, pages newest first', async () => {
    const product = await insertProduct(ctx.pool, { stock: 50, price: 100 });
    const customer = await createVerifiedUser(ctx, { nombre: 'Lucas', apellido: 'Comprador' });
    const orders = [];
    for (const quantity of [1, 2, 3]) orders.push(await placeOrder(customer, product.id, quantity));
    const url = `/api/admin/products/${product.id}/stock-movements`;

    expect((await ctx.app.inject({ method: 'GET', url: `${url}?page=0` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: customer.headers })).statusCode).toBe(403);

    const first = await ctx.app.inject({ method: 'GET', url: `${url}?page=1&page_size=2`, headers: admin.headers });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<StockMovementsPage>();
    expect(page1).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect(page1.items.map((m) => [m.kind, m.quantity, m.balance, m.order_id])).toEqual([
      ['order', -3, 44, orders[2]!.id],
      ['order', -2, 47, orders[1]!.id],
    ]);
    expect(page1.items[0]!.actor_name).toBe('Lucas Comprador');
    const page2 = (await ctx.app.inject({ method: 'GET', url: `${url}?page=2&page_size=2`, headers: admin.headers })).json<StockMovementsPage>();
    expect(page2.items.map((m) => [m.kind, m.balance])).toEqual([
      ['order', 49],
      ['opening', 50],
    ]);
    expect(page2.items[1]!.actor_name).toBeNull();

    const bad = await ctx.app.inject({ method: 'GET', url: `${url}?page=0`, headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/products/${randomUUID()}/stock-movements`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('GET /api/admin/users/:id/points-movements: 401 anonymous, 403 customer, pages newest first', async () => {
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 100 });
    for (const [n, reason] of [
      [200, 'uno'],
      [300, 'dos'],
    ] as const) {
      await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${customer.userId}/points`, headers: admin.headers, payload: { saldo_puntos: n, reason } });
    }
    const url = `/api/admin/users/${customer.userId}/points-movements`;
    expect((await ctx.app.inject({ method: 'GET', url: `${url}?page_size=abc` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: customer.headers })).statusCode).toBe(403);

    const res = await ctx.app.inject({ method: 'GET', url: `${url}?page_size=2`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<PointsMovementsPage>();
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.items.map((m) => [m.kind, m.amount, m.balance, m.reason, m.actor_name])).toEqual([
      ['admin_adjustment', 100, 300, 'dos', 'Ana Admin'],
      ['admin_adjustment', 100, 200, 'uno', 'Ana Admin'],
    ]);
    const last = (await ctx.app.inject({ method: 'GET', url: `${url}?page=2&page_size=2`, headers: admin.headers })).json<PointsMovementsPage>();
    expect(last.items.map((m) => [m.kind, m.amount])).toEqual([['opening', 100]]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${randomUUID()}/points-movements`, headers: admin.headers })).statusCode).toBe(404);
  });
});

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the real CLI (from source, through tsx) against this test's database. */
async function runDbCheck(): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/db-check-cli.ts'], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: ctx.databaseUrl, NODE_ENV: 'test', JWT_SECRET: ctx.config.jwtSecret!, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('db:check', () => {
  it('passes on consistent data, then names the customer and product whose cached value was corrupted', async () => {
    const report = await checkConsistency(ctx.pool);
    expect(report.violations).toEqual([]);
    expect(report.products).toBeGreaterThan(0);
    expect(report.customers).toBeGreaterThan(0);
    expect(report.orders).toBeGreaterThan(0);

    const ok = await runDbCheck();
    expect(ok.stdout).toContain(messages.ledgers.check.ok);
    expect(ok.code).toBe(0);

    const customer = await createVerifiedUser(ctx, { nombre: 'Rosa', apellido: 'Corrupta', saldo_puntos: 1_000 });
    const product = await insertProduct(ctx.pool, { name: 'Yerba Corrupta', stock: 5 });
    const order = await insertOrder(ctx.pool, { userId: customer.userId });
    await ctx.pool.query(`update profiles set saldo_puntos = 1234 where id = $1`, [customer.userId]);
    await ctx.pool.query(`update products set stock = 6 where id = $1`, [product.id]);
    await ctx.pool.query(`update orders set total = total + 1 where id = $1`, [order.id]);

    const broken = await checkConsistency(ctx.pool);
    expect(broken.violations).toEqual([
      messages.ledgers.check.stockMismatch('Yerba Corrupta', product.id, 6, 5),
      messages.ledgers.check.pointsMismatch(`Rosa Corrupta <${customer.email}>`, customer.userId, 1234, 1_000),
      messages.ledgers.check.orderTotal(order.id, order.total + 1, order.total),
    ]);

    const failed = await runDbCheck();
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(messages.ledgers.check.failed(3));
    expect(failed.stdout).toContain(`Cliente "Rosa Corrupta <${customer.email}>"`);
    expect(failed.stdout).toContain('Producto "Yerba Corrupta"');
  }, 60_000);
});

describe('migration 0003 on existing data', () => {
  it('moves points_adjustments into the ledger and opens every product and customer so db:check passes', async () => {
    // A database at migration 0002 (the journal cut before 0003), with data written the old way.
    const migrations = path.join(serverDir, 'src/db/migrations');
    const oldDir = mkdtempSync(path.join(os.tmpdir(), 'ledgers-migration-'));
    mkdirSync(path.join(oldDir, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0003');
    writeFileSync(path.join(oldDir, 'meta/_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries) copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(oldDir, `${e.tag}.sql`));

    const adminUrl = inject('pgAdminUrl');
    const name = `t_migration_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = createPool(adminUrl.replace(/\/[^/]+$/, `/${name}`), 2);
    try {
      const client = await pool.connect();
      await migrate(drizzle(client), { migrationsFolder: oldDir });
      client.release();
      const user = async (email: string, saldo: number) => {
        const { rows } = await pool.query<{ id: string }>(`insert into users (email, password_hash) values ($1, 'x') returning id`, [email]);
        await pool.query(`insert into profiles (id, nombre, apellido, email, dni, saldo_puntos) values ($1, 'Vieja', 'Cuenta', $2, '30111222', $3)`, [rows[0]!.id, email, saldo]);
        return rows[0]!.id;
      };
      const adminId = await user('admin@viejo.local', 0);
      const adjusted = await user('ajustado@viejo.local', 900);
      await user('plano@viejo.local', 400);
      await pool.query(`insert into points_adjustments (profile_id, admin_id, reason, before, after, created_at) values
        ($1, $2, 'Primero', 0, 500, now() - interval '2 days'), ($1, $2, 'Segundo', 500, 700, now() - interval '1 day')`, [adjusted, adminId]);
      await pool.query(
        `insert into products (name, price, retail_price, stock, has_unlimited_stock) values
           ('Con stock', 100, 200, 12, false), ('Sin stock', 100, 200, 0, false), ('Ilimitado raro', 100, 200, -3, true)`,
      );

      await runMigrations(pool);

      const { rows: points } = await pool.query(
        `select p.email, m.kind, m.amount::int, m.balance::int, m.reason, m.actor_id from points_movements m join profiles p on p.id = m.profile_id order by p.email, m.id`,
      );
      expect(points).toEqual([
        { email: 'ajustado@viejo.local', kind: 'admin_adjustment', amount: 500, balance: 500, reason: 'Primero', actor_id: adminId },
        { email: 'ajustado@viejo.local', kind: 'admin_adjustment', amount: 200, balance: 700, reason: 'Segundo', actor_id: adminId },
        { email: 'ajustado@viejo.local', kind: 'opening', amount: 200, balance: 900, reason: null, actor_id: null },
        { email: 'plano@viejo.local', kind: 'opening', amount: 400, balance: 400, reason: null, actor_id: null },
      ]);
      const { rows: stock } = await pool.query(
        `select p.name, p.stock, m.kind, m.quantity from products p left join stock_movements m on m.product_id = p.id order by p.name`,
      );
      expect(stock).toEqual([
        { name: 'Con stock', stock: 12, kind: 'opening', quantity: 12 },
        { name: 'Ilimitado raro', stock: 0, kind: null, quantity: null },
        { name: 'Sin stock', stock: 0, kind: null, quantity: null },
      ]);
      expect((await checkConsistency(pool)).violations).toEqual([]);
    } finally {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(oldDir, { recursive: true, force: true });
    }
  }, 60_000);
});
