import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { createPool } from '../src/db/client';
import { checkConsistency } from '../src/db/consistency';
import { runningEmbeddedUrl } from '../src/db/embedded';
import { isProcessAlive, waitForExit } from '../src/lib/process';
import {
  ensureBuilt,
  postmasterPid as postmasterPidOf,
  queryEmbedded as queryEmbeddedIn,
  startBuiltServer,
  type BuiltServer,
} from './built-server';
import { readMails, tokenFromMail } from './factories';

/**
 * The hardening work (permissions, hostile input, races, crashes): the BUILT server on the embedded database. Orders stream in, the app is
 * killed with SIGKILL mid-stream and restarted on the same data: every order it acknowledged
 * is there, whole, and stock and points agree with the orders that exist. Then PostgreSQL
 * alone is killed: the app reports 503 and recovers when its supervisor restarts the database.
 */
// Under /tmp (world-traversable): as root, the embedded PostgreSQL runs as `postgres` and must reach it.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-crash-'));
chmodSync(dataDir, 0o755);
const ADMIN = { email: 'admin-crash@example.com', password: 'Admin-Crash-Clave-2026' };
const CUSTOMER = { email: 'cliente-crash@example.com', password: 'Cliente-Crash-Clave-2026' };
const running: ChildProcess[] = [];

type Server = BuiltServer;

const startServer = (): Promise<Server> =>
  startBuiltServer(
    dataDir,
    {
      SMTP_URL: '',
      JWT_SECRET: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_AUTH_MAX: '1000',
      RATE_LIMIT_ORDERS_MAX: '100000',
    },
    running,
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(
  server: Server,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const queryEmbedded = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  queryEmbeddedIn<T>(dataDir, sql, params);
const postmasterPid = () => postmasterPidOf(dataDir);

beforeAll(() => ensureBuilt(), 120_000);

afterAll(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
  if (existsSync(path.join(dataDir, 'postgres/postmaster.pid'))) {
    const pid = postmasterPid();
    if (isProcessAlive(pid)) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 10_000);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface PlacedOrder {
  key: string;
  productId: string;
  quantity: number;
  canjeado: boolean;
  observaciones: string;
  /** Set when the server answered 2xx: the order it acknowledged. */
  acknowledged?: { id: string; total: number };
  /** The request was in flight when the server died: it may or may not have committed. */
  unknown?: boolean;
}

describe('crash safety of the built server on the embedded database', () => {
  let server: Server;
  let adminToken: string;
  let customerToken: string;
  let customerId: string;
  let productIds: string[];
  const placed: PlacedOrder[] = [];
  const initialPoints = 50_000_000;
  const initialStock = new Map<string, number>();

  it('starts, and an approved customer with points is set up through the API', async () => {
    server = await startServer();
    const signIn = await call<{ access_token: string }>(server, 'POST', '/api/auth/token?grant_type=password', ADMIN);
    expect(signIn.status).toBe(200);
    adminToken = signIn.body.access_token;

    const signUp = await call(server, 'POST', '/api/auth/signup', {
      ...CUSTOMER,
      data: { nombre: 'Cliente', apellido: 'Crash', dni: '30999888' },
    });
    expect(signUp.status).toBe(200);
    let token: string | null = null;
    for (let i = 0; i < 100 && !token; i++) {
      const mails = await readMails(path.join(dataDir, 'outbox'), CUSTOMER.email);
      if (mails[0]) token = tokenFromMail(mails[0], '/verificar-correo');
      else await sleep(100);
    }
    const verified = await call<{ access_token: string; user: { id: string } }>(server, 'POST', '/api/auth/verify', { token });
    expect(verified.status).toBe(200);
    customerToken = verified.body.access_token;
    customerId = verified.body.user.id;
    expect((await call(server, 'PATCH', `/api/admin/users/${customerId}/approval`, { approved: true }, adminToken)).status).toBe(
      200,
    );
    const points = await call(
      server,
      'POST',
      `/api/admin/users/${customerId}/points`,
      { saldo_puntos: initialPoints, reason: 'Prueba de caída' },
      adminToken,
    );
    expect(points.status).toBe(200);

    // Three demo products with finite stock, topped up so the stream does not run out.
    const rows = await queryEmbedded<{ id: string }>(
      `select id from products where is_enabled and not has_unlimited_stock order by name limit 3`,
    );
    productIds = rows.map((r) => r.id);
    expect(productIds).toHaveLength(3);
    // Through the stock ledger, as the admin's editor does, so `db:check` still holds at the end.
    await queryEmbedded(
      `with prev as (select id, stock from products where id = any($1::uuid[]) for update),
            changed as (update products p set stock = 100000 from prev where p.id = prev.id and prev.stock <> 100000
                        returning p.id, p.stock - prev.stock as quantity)
       insert into stock_movements (product_id, kind, quantity, balance) select id, 'admin_edit', quantity, 100000 from changed`,
      [productIds],
    );
    for (const id of productIds) initialStock.set(id, 100_000);
  }, 120_000);

  it('SIGKILL mid-stream loses no acknowledged order and half-applies none', async () => {
    let dead = false;
    const worker = async (w: number) => {
      for (let i = 0; !dead; i++) {
        const order: PlacedOrder = {
          key: randomUUID(),
          productId: productIds[(w + i) % 3]!,
          quantity: 1 + ((w * 7 + i) % 5),
          canjeado: i % 3 === 0,
          observaciones: `worker ${w} #${i}`,
        };
        placed.push(order);
        try {
          const res = await call<{ order: { id: string; total: number } }>(
            server,
            'POST',
            '/api/orders',
            {
              items: [{ product_id: order.productId, quantity: order.quantity }],
              observaciones: order.observaciones,
              canjeado_con_puntos: order.canjeado,
              idempotency_key: order.key,
            },
            customerToken,
          );
          if (res.status === 201 || res.status === 200)
            order.acknowledged = { id: res.body.order.id, total: res.body.order.total };
          else throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
        } catch (error) {
          if (!dead) throw error;
          order.unknown = true;
          return;
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    // Let a good number of orders through, then pull the plug while requests are in flight.
    while (placed.filter((o) => o.acknowledged).length < 60) await sleep(20);
    dead = true;
    server.child.kill('SIGKILL');
    await Promise.all(workers);
    await new Promise((r) =>
      server.child.exitCode !== null || server.child.signalCode !== null ? r(null) : server.child.once('exit', r),
    );

    server = await startServer();
    const acknowledged = placed.filter((o) => o.acknowledged);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    // Every acknowledged order is there, complete, exactly as answered.
    const stored = await queryEmbedded<{
      id: string;
      idempotency_key: string;
      total: string;
      items: Array<{ product_id: string; quantity: number; total: number }>;
      canjeado_con_puntos: boolean;
    }>(`select id, idempotency_key, total::text, items, canjeado_con_puntos from orders where user_id = $1`, [customerId]);
    const byId = new Map(stored.map((o) => [o.id, o]));
    for (const order of acknowledged) {
      const row = byId.get(order.acknowledged!.id);
      expect(row, `acknowledged order ${order.key} missing after the crash`).toBeDefined();
      expect(Number(row!.total)).toBe(order.acknowledged!.total);
      expect(row!.items).toHaveLength(1);
      expect(row!.items[0]).toMatchObject({ product_id: order.productId, quantity: order.quantity });
      expect(row!.canjeado_con_puntos).toBe(order.canjeado);
    }

    // Nothing half-applied: stock and points are exactly what the stored orders account for.
    for (const productId of productIds) {
      const [product] = await queryEmbedded<{ stock: number }>(`select stock from products where id = $1`, [productId]);
      const taken = stored
        .flatMap((o) => o.items)
        .filter((item) => item.product_id === productId)
        .reduce((sum, item) => sum + item.quantity, 0);
      expect(product!.stock).toBe(initialStock.get(productId)! - taken);
    }
    const [profile] = await queryEmbedded<{ saldo_puntos: string }>(`select saldo_puntos::text from profiles where id = $1`, [
      customerId,
    ]);
    const spent = stored.filter((o) => o.canjeado_con_puntos).reduce((sum, o) => sum + Number(o.total), 0);
    expect(Number(profile!.saldo_puntos)).toBe(initialPoints - spent);

    // Retrying the requests whose fate was unknown (same idempotency key) never duplicates an order.
    const signIn = await call<{ access_token: string }>(server, 'POST', '/api/auth/token?grant_type=password', CUSTOMER);
    customerToken = signIn.body.access_token;
    for (const order of placed.filter((o) => o.unknown)) {
      const res = await call(
        server,
        'POST',
        '/api/orders',
        {
          // The very same body: a key reused with another body is refused (the abuse-limits work, decision 010).
          items: [{ product_id: order.productId, quantity: order.quantity }],
          observaciones: order.observaciones,
          canjeado_con_puntos: order.canjeado,
          idempotency_key: order.key,
        },
        customerToken,
      );
      expect([200, 201]).toContain(res.status);
    }
    const [counts] = await queryEmbedded<{ n: string; keys: string }>(
      `select count(*)::text as n, count(distinct idempotency_key)::text as keys from orders where user_id = $1`,
      [customerId],
    );
    expect(counts!.n).toBe(counts!.keys);
  }, 180_000);

  it('PostgreSQL killed alone: 503 on health and writes, then the supervisor brings it back', async () => {
    const pgPid = postmasterPid();
    process.kill(pgPid, 'SIGKILL');

    // Within the restart back-off the app must say so, not hang and not 500.
    let health = 0;
    for (let i = 0; i < 40 && health !== 503; i++) {
      health = (await fetch(`${server.base}/healthz`)).status;
      if (health !== 503) await sleep(25);
    }
    expect(health).toBe(503);
    const write = await call<{ code: string; message: string }>(
      server,
      'POST',
      '/api/orders',
      { items: [{ product_id: productIds[0], quantity: 1 }], idempotency_key: randomUUID() },
      customerToken,
    );
    expect(write.status).toBe(503);
    expect(write.body).toEqual({ code: 'database_unavailable', message: messages.errors.databaseUnavailable });

    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await fetch(`${server.base}/healthz`)).status !== 200) await sleep(200);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(postmasterPid()).not.toBe(pgPid);
    expect(server.output()).toMatch(/PostgreSQL embebido terminó inesperadamente/);
    // The supervisor logs the restart when its own probe gets through, which can be a moment
    // after the app's first successful query answered /healthz.
    while (Date.now() < deadline && !/PostgreSQL embebido reiniciado/.test(server.output())) await sleep(100);
    expect(server.output()).toMatch(/PostgreSQL embebido reiniciado/);

    const after = await call(
      server,
      'POST',
      '/api/orders',
      { items: [{ product_id: productIds[0], quantity: 1 }], idempotency_key: randomUUID() },
      customerToken,
    );
    expect(after.status).toBe(201);
  }, 120_000);

  it('npm run db:check passes after the crash and the restarts: stock and points equal their ledgers', async () => {
    const url = await runningEmbeddedUrl(dataDir);
    const pool = createPool(url!, 2);
    try {
      const report = await checkConsistency(pool);
      expect(report.violations).toEqual([]);
      expect(report.orders).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('still stops gracefully afterwards: the restarted PostgreSQL is stopped with the app', async () => {
    const pgPid = postmasterPid();
    server.child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => server.child.once('exit', r));
    expect(code).toBe(0);
    expect(await waitForExit(pgPid, 10_000)).toBe(true);
  }, 60_000);
});
