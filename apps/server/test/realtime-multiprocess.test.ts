import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, sharedDatabaseEnv, startBuiltServer, stopProcess } from './built-server';
import { setupTestApp } from './helpers';
import { createAdmin, createVerifiedUser } from './factories';
import { insertProduct, openRealtimeSocket, type RealtimeTestSocket } from './admin-orders-fixtures';

/**
 * The admin-orders work: events travel through PostgreSQL, not process memory. Two real server processes on
 * one database; an admin on the second must hear about an order placed through the first, and
 * every admin hears about every order exactly once.
 */

ensureBuilt();

// The in-process app only provides the database, users and the shared signing secret.
const ctx = await setupTestApp();
const jwtSecret = ctx.config.jwtSecret!;

const children: ChildProcess[] = [];
const dataDirs: string[] = [];

async function startServer(): Promise<{ http: string; ws: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-rt-'));
  dataDirs.push(dataDir);
  const server = await startBuiltServer(dataDir, sharedDatabaseEnv(ctx.databaseUrl, jwtSecret), children);
  return { http: server.base, ws: `ws://127.0.0.1:${server.port}/realtime` };
}

const sockets: RealtimeTestSocket[] = [];
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await Promise.all(children.map((child) => stopProcess(child)));
  dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const [first, second] = await Promise.all([startServer(), startServer()]);

const connect = async (url: string) => {
  const socket = await openRealtimeSocket(url);
  sockets.push(socket);
  return socket;
};

/** Places an order through one process's real HTTP API (POST /api/orders issues the NOTIFY in its transaction). */
async function placeOrderThrough(baseUrl: string, customer: Awaited<ReturnType<typeof createVerifiedUser>>, productId: string) {
  const response = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...customer.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ product_id: productId, quantity: 1 }], observaciones: '', canjeado_con_puntos: false }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

describe('realtime across two server processes', () => {
  it('an admin on the second process gets an order placed through the first within 1 s, exactly once', async () => {
    const adminA = await createAdmin(ctx);
    const adminB = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { nombre: 'Beatriz' });
    const product = await insertProduct(ctx.pool, { stock: 50 });

    const onSecond = await connect(second.ws);
    const alsoOnSecond = await connect(second.ws);
    const onFirst = await connect(first.ws);
    expect((await onSecond.join(adminA.session.access_token)).payload.status).toBe('ok');
    expect((await alsoOnSecond.join(adminB.session.access_token)).payload.status).toBe('ok');
    expect((await onFirst.join(adminB.session.access_token)).payload.status).toBe('ok');

    const started = Date.now();
    const orderId = await placeOrderThrough(first.http, customer, product.id);
    const event = await onSecond.waitForInsert(orderId, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.payload.record).toMatchObject({ id: orderId, user_info: { nombre: 'Beatriz' }, status: 'Pendiente' });

    const more = [await placeOrderThrough(second.http, customer, product.id), await placeOrderThrough(first.http, customer, product.id)];
    const all = [orderId, ...more];
    for (const socket of [onSecond, alsoOnSecond, onFirst]) {
      for (const id of all) await socket.waitForInsert(id, 1000);
    }
    // Give a duplicate time to show up before counting.
    await new Promise((r) => setTimeout(r, 300));
    for (const socket of [onSecond, alsoOnSecond, onFirst]) {
      expect(socket.inserts().map((m) => m.payload.record!.id).sort()).toEqual([...all].sort());
    }
  });

  it('refuses a customer socket on the second process', async () => {
    const customer = await createVerifiedUser(ctx);
    const socket = await connect(second.ws);
    const reply = await socket.join(customer.session.access_token);
    expect(reply.payload).toEqual({ status: 'error', response: { reason: 'Solo los administradores pueden recibir avisos de pedidos nuevos.' } });
  });
});
