import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ListenConnection } from '../src/db/listen-connection';
import { OrderEventsListener } from '../src/modules/realtime/order-events.listener';
import { createTestDatabase } from './helpers';

const database = await createTestDatabase();
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const silentLog = { warn: () => undefined, error: () => undefined } as never;

/** What a connection dropped by a NAT looks like from here: nothing more arrives, nothing fails. */
function freeze(owner: unknown, path: string[]): void {
  const client = path.reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, owner as Record<string, unknown>);
  (client as unknown as { connection: { stream: { pause(): void } } }).connection.stream.pause();
}

describe('ListenConnection', () => {
  it('delivers NOTIFYs, notices a silent drop by its heartbeat, reconnects and says it is recovering', async () => {
    const received: string[] = [];
    const events: string[] = [];
    const listen = new ListenConnection({
      connectionString: database.url,
      channels: ['canal_prueba'],
      applicationName: 'mayorista-test-listen',
      description: 'prueba',
      log: silentLog,
      heartbeatMs: 100,
      reconnectDelaysMs: [50],
      onNotification: (channel, payload) => received.push(`${channel}:${payload}`),
      onListening: (recovering) => events.push(recovering ? 'recovering' : 'listening'),
      onLost: () => events.push('lost'),
    });
    await listen.start();
    try {
      expect(events).toEqual(['listening']);
      await pool.query(`select pg_notify('canal_prueba', 'uno')`);
      await expect.poll(() => received).toEqual(['canal_prueba:uno']);

      freeze(listen, ['client']);
      await expect.poll(() => events, { timeout: 5_000, interval: 20 }).toContain('lost');
      await expect.poll(() => events, { timeout: 5_000, interval: 20 }).toEqual(['listening', 'lost', 'recovering']);
      expect(listen.connected).toBe(true);

      await pool.query(`select pg_notify('canal_prueba', 'dos')`);
      await expect.poll(() => received).toEqual(['canal_prueba:uno', 'canal_prueba:dos']);
    } finally {
      await listen.stop();
    }
    expect(listen.connected).toBe(false);
  });
});

describe('OrderEventsListener', () => {
  it('a silently dropped connection is noticed and the subscribers are told to catch up', async () => {
    let resubscribed = 0;
    const listener = new OrderEventsListener({
      connectionString: database.url,
      log: silentLog,
      heartbeatMs: 100,
      reconnectDelaysMs: [50],
      onOrderInserted: () => undefined,
      onResubscribed: () => (resubscribed += 1),
    });
    await listener.start();
    try {
      expect(listener.connected).toBe(true);
      freeze(listener, ['listen', 'client']);
      await expect.poll(() => resubscribed, { timeout: 5_000, interval: 20 }).toBe(1);
      expect(listener.connected).toBe(true);
    } finally {
      await listener.stop();
    }
  });

  it('reads order events only while someone here subscribes to them', async () => {
    const received: string[] = [];
    const errors: string[] = [];
    let subscribed = false;
    let asked = 0;
    const listener = new OrderEventsListener({
      connectionString: database.url,
      log: { warn: () => undefined, error: (_object: unknown, message: string) => errors.push(message) } as never,
      onOrderInserted: (record) => received.push(record.id),
      hasSubscribers: () => {
        asked += 1;
        return subscribed;
      },
    });
    await listener.start();
    const notify = (payload: string) => pool.query(`select pg_notify('orders_insert', $1)`, [payload]);
    const event = (id: string) =>
      JSON.stringify({ id, user_info: { nombre: 'Ana', apellido: 'Paz' }, total: 100, status: 'Pendiente', created_at: new Date().toISOString(), canjeado_con_puntos: false });
    try {
      // Nobody watching: neither a valid event nor a malformed one is even read.
      await notify(event('00000000-0000-4000-8000-000000000001'));
      await notify('no es JSON');
      // Both have arrived (and were dropped) before anyone subscribes: NOTIFYs arrive asynchronously.
      await expect.poll(() => asked, { timeout: 5_000, interval: 20 }).toBe(2);
      subscribed = true;
      await notify(event('00000000-0000-4000-8000-000000000002'));
      await expect.poll(() => received, { timeout: 5_000, interval: 20 }).toEqual(['00000000-0000-4000-8000-000000000002']);
      await notify('no es JSON');
      await expect.poll(() => errors, { timeout: 5_000, interval: 20 }).toEqual(['order event is not JSON']);
    } finally {
      await listener.stop();
    }
  });
});
