import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { ORDERS_NOTIFY_CHANNEL, orderInsertRecordSchema, SESSIONS_REVOKED_CHANNEL, type OrderInsertRecord } from './realtime.protocol';

/** Waits between attempts to get the LISTEN connection back (database restarting, network blip). */
export const LISTEN_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export interface OrderEventsListenerOptions {
  connectionString: string;
  log: FastifyBaseLogger;
  onOrderInserted: (record: OrderInsertRecord) => void;
  /** A user's session(s) were signed out or revoked in some process; the payload is the user id. */
  onSessionsRevoked?: (userId: string) => void;
  /**
   * Called when LISTEN is back after the connection was lost: NOTIFYs sent meanwhile are gone
   * for good, so the subscribers must catch up some other way.
   */
  onResubscribed?: () => void;
  reconnectDelaysMs?: readonly number[];
}

/**
 * One dedicated connection per process LISTENing on `orders_insert` (and `sessions_revoked`,
 * so a sign-out in any process closes the session's sockets in every process). It is a plain pg.Client,
 * never a pool connection: LISTEN belongs to a session, and a pooled client would be handed to
 * other queries (or recycled) and silently stop receiving.
 */
export class OrderEventsListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private hasConnectedBefore = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: OrderEventsListenerOptions) {}

  /** Resolves once the first LISTEN is in place (or keeps retrying in the background if the database is down). */
  async start(): Promise<void> {
    await this.connect();
  }

  get connected(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'mayorista-listen' });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      // Keep an error listener: a late socket error on a dead client must not crash the process.
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (!this.stopped) {
        this.options.log.warn({ err: error }, 'order events LISTEN connection lost; reconnecting');
        this.scheduleReconnect();
      }
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === ORDERS_NOTIFY_CHANNEL) this.handlePayload(message.payload);
      else if (message.channel === SESSIONS_REVOKED_CHANNEL) this.options.onSessionsRevoked?.(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${ORDERS_NOTIFY_CHANNEL}; LISTEN ${SESSIONS_REVOKED_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Sockets may have joined while LISTEN was down (or before it dropped): they missed events.
    const recovering = this.hasConnectedBefore || this.attempt > 0;
    this.attempt = 0;
    this.hasConnectedBefore = true;
    if (recovering) this.options.onResubscribed?.();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer) return;
    const delays = this.options.reconnectDelaysMs ?? LISTEN_RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private handlePayload(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      this.options.log.error({ payload }, 'order event is not JSON');
      return;
    }
    const record = orderInsertRecordSchema.safeParse(parsed);
    if (!record.success) {
      this.options.log.error({ issues: record.error.issues }, 'order event has an unexpected shape');
      return;
    }
    this.options.onOrderInserted(record.data);
  }
}
