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
});
