import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { OrderStatus } from '@mayorista/core';
import type { OrderItemSnapshot, OrderUserInfo } from '../src/db/schema';

/**
 * Test data for the admin orders and realtime tests. Orders are inserted directly (the orders
 * module's POST is someone else's; these tests must not depend on its pricing), and the insert
 * issues the same pg_notify the order transaction does, in the same transaction.
 */

export interface TestProductOptions {
  name?: string;
  price?: number;
  stock?: number;
  has_unlimited_stock?: boolean;
}

export async function insertProduct(pool: pg.Pool, options: TestProductOptions = {}): Promise<{ id: string; name: string; price: number }> {
  const name = options.name ?? `Producto ${randomUUID().slice(0, 8)}`;
  const price = options.price ?? 150_000;
  const { rows } = await pool.query<{ id: string }>(
    `insert into products (name, price, retail_price, stock, has_unlimited_stock) values ($1, $2, $3, $4, $5) returning id`,
    [name, price, price * 2, options.stock ?? 100, options.has_unlimited_stock ?? false],
  );
  return { id: rows[0]!.id, name, price };
}

export async function productStock(pool: pg.Pool, productId: string): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(`select stock from products where id = $1`, [productId]);
  return rows[0]!.stock;
}

export async function pointsOf(pool: pg.Pool, userId: string): Promise<number> {
  const { rows } = await pool.query<{ saldo_puntos: number }>(`select saldo_puntos from profiles where id = $1`, [userId]);
  return Number(rows[0]!.saldo_puntos);
}

export interface TestOrderOptions {
  userId: string;
  userInfo?: Partial<OrderUserInfo>;
  lines?: Array<{ product: { id: string; name: string; price: number }; quantity: number }>;
  status?: OrderStatus;
  canjeado_con_puntos?: boolean;
  observaciones?: string;
  total?: number;
  createdAt?: Date;
}

export interface TestOrder {
  id: string;
  total: number;
  status: OrderStatus;
  created_at: string;
}

export async function insertOrder(pool: pg.Pool, options: TestOrderOptions): Promise<TestOrder> {
  const userInfo: OrderUserInfo = { nombre: 'Cliente', apellido: 'Prueba', email: 'cliente@example.com', dni: '30123456', ...options.userInfo };
  const lines = options.lines ?? [{ product: { id: randomUUID(), name: 'Producto borrado', price: 1000 }, quantity: 1 }];
  const items: OrderItemSnapshot[] = lines.map(({ product, quantity }) => ({
    product_id: product.id,
    name: product.name,
    quantity,
    price: product.price,
    total: product.price * quantity,
    discounts: { base_price: product.price, savings: 0, applied: 'none', tier: null },
  }));
  const total = options.total ?? items.reduce((sum, item) => sum + item.total, 0);
  const canjeado = options.canjeado_con_puntos ?? options.status === 'Pendiente de Canje';
  const status = options.status ?? (canjeado ? 'Pendiente de Canje' : 'Pendiente');

  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string; created_at: Date }>(
      `insert into orders (user_id, user_info, items, total, status, observaciones, canjeado_con_puntos, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now())) returning id, created_at`,
      [options.userId, JSON.stringify(userInfo), JSON.stringify(items), total, status, options.observaciones ?? '', canjeado, options.createdAt ?? null],
    );
    const row = rows[0]!;
    const payload = {
      id: row.id,
      user_info: { nombre: userInfo.nombre, apellido: userInfo.apellido },
      total,
      status,
      created_at: row.created_at.toISOString(),
      canjeado_con_puntos: canjeado,
    };
    await client.query(`select pg_notify('orders_insert', $1)`, [JSON.stringify(payload)]);
    await client.query('commit');
    return { id: row.id, total, status, created_at: payload.created_at };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export interface RealtimeMessage {
  topic: string;
  event: string;
  payload: { status?: string; response?: { reason?: string }; record?: { id: string; user_info: { nombre: string } } } & Record<string, unknown>;
  ref: string | number | null;
}

/** A WebSocket client for the tests that records every message and waits for the one it needs. */
export async function openRealtimeSocket(url: string) {
  const { WebSocket } = await import('ws');
  const socket = new WebSocket(url);
  const received: RealtimeMessage[] = [];
  const waiters = new Set<() => void>();
  let closed: { code: number } | null = null;
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as RealtimeMessage);
    waiters.forEach((w) => w());
  });
  socket.on('close', (code) => {
    closed = { code };
    waiters.forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextRef = 1;

  const waitFor = <T>(check: () => T | undefined, timeoutMs = 2000, what = 'message'): Promise<T> =>
    new Promise((resolve, reject) => {
      const attempt = () => {
        const found = check();
        if (found === undefined) return;
        clearTimeout(timer);
        waiters.delete(attempt);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });

  return {
    socket,
    received,
    get closeCode() {
      return (closed as { code: number } | null)?.code ?? null;
    },
    sendRaw: (text: string) => socket.send(text),
    /** Sends a message and resolves with the server's reply to it. */
    async push(topic: string, event: string, payload: Record<string, unknown> = {}): Promise<RealtimeMessage> {
      const ref = String(nextRef++);
      socket.send(JSON.stringify({ topic, event, payload, ref }));
      return waitFor(() => received.find((m) => m.event === 'phx_reply' && m.ref === ref), 2000, `reply ${ref}`);
    },
    join: (accessToken: string) => {
      const ref = String(nextRef++);
      socket.send(JSON.stringify({ topic: 'orders', event: 'phx_join', payload: { access_token: accessToken }, ref }));
      return waitFor(() => received.find((m) => m.event === 'phx_reply' && m.ref === ref), 2000, `join reply ${ref}`);
    },
    inserts: () => received.filter((m) => m.event === 'INSERT'),
    waitForInsert: (orderId: string, timeoutMs = 2000) =>
      waitFor(() => received.find((m) => m.event === 'INSERT' && m.payload.record?.id === orderId), timeoutMs, `INSERT ${orderId}`),
    waitForClose: (timeoutMs = 2000) => waitFor(() => (closed ? closed.code : undefined), timeoutMs, 'close'),
    waitFor,
    close: () => socket.close(),
  };
}
export type RealtimeTestSocket = Awaited<ReturnType<typeof openRealtimeSocket>>;
