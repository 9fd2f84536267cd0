import type { FastifyBaseLogger } from 'fastify';
import { ListenConnection } from '../../db/listen-connection';
import { ORDERS_NOTIFY_CHANNEL, orderInsertRecordSchema, SESSIONS_REVOKED_CHANNEL, type OrderInsertRecord } from './realtime.protocol';

export interface OrderEventsListenerOptions {
  connectionString: string;
  log: FastifyBaseLogger;
  onOrderInserted: (record: OrderInsertRecord) => void;
  /**
   * Whether anyone in this process is waiting for order events (an admin's socket has joined).
   * When nobody is, a payload is not even parsed: every order placed anywhere sends one, and
   * parsing and validating it was ~7 % of the server's main thread under the orders benchmark.
   */
  hasSubscribers?: () => boolean;
  /** A user's session(s) were signed out or revoked in some process; the payload is the user id. */
  onSessionsRevoked?: (userId: string) => void;
  /**
   * Called when LISTEN is back after the connection was lost: NOTIFYs sent meanwhile are gone
   * for good, so the subscribers must catch up some other way.
   */
  onResubscribed?: () => void;
  reconnectDelaysMs?: readonly number[];
  heartbeatMs?: number;
}

/**
 * One LISTEN connection per process on `orders_insert` (and `sessions_revoked`, so a sign-out in
 * any process closes the session's sockets in every process); reconnection and the heartbeat that
 * notices a silently dropped connection are the shared ListenConnection's.
 */
export class OrderEventsListener {
  private readonly listen: ListenConnection;

  constructor(private readonly options: OrderEventsListenerOptions) {
    this.listen = new ListenConnection({
      connectionString: options.connectionString,
      channels: [ORDERS_NOTIFY_CHANNEL, SESSIONS_REVOKED_CHANNEL],
      applicationName: 'mayorista-listen',
      description: 'order events',
      log: options.log,
      reconnectDelaysMs: options.reconnectDelaysMs,
      heartbeatMs: options.heartbeatMs,
      onNotification: (channel, payload) => this.dispatch(channel, payload),
      // Sockets may have joined while LISTEN was down (or before it dropped): they missed events.
      onListening: (recovering) => {
        if (recovering) options.onResubscribed?.();
      },
    });
  }

  /** Resolves once the first LISTEN is in place (or keeps retrying in the background if the database is down). */
  start(): Promise<void> {
    return this.listen.start();
  }

  get connected(): boolean {
    return this.listen.connected;
  }

  stop(): Promise<void> {
    return this.listen.stop();
  }

  private dispatch(channel: string, payload: string): void {
    if (!payload) return;
    if (channel === ORDERS_NOTIFY_CHANNEL) this.handlePayload(payload);
    else if (channel === SESSIONS_REVOKED_CHANNEL) this.options.onSessionsRevoked?.(payload);
  }

  private handlePayload(payload: string): void {
    if (this.options.hasSubscribers && !this.options.hasSubscribers()) return;
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
