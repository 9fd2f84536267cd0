import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** Waits between attempts to get a LISTEN connection back (database restarting, network blip). */
export const LISTEN_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/**
 * How often a LISTEN connection proves it is alive. A connection a NAT or load balancer dropped
 * silently sends no 'end' or 'error' (TCP keepalive takes hours by default), so without this a
 * process would stop hearing NOTIFYs and never know.
 */
export const LISTEN_HEARTBEAT_MS = 30_000;

export interface ListenConnectionOptions {
  connectionString: string;
  channels: readonly string[];
  /** `application_name` of the session, so operators (and tests) can find it in pg_stat_activity. */
  applicationName: string;
  /** What the logs call it when it is lost. */
  description: string;
  log: FastifyBaseLogger;
  onNotification: (channel: string, payload: string) => void;
  /**
   * LISTEN is in place. `recovering` is true when it had been lost (or the first attempt failed):
   * NOTIFYs sent meanwhile are gone for good, so the owner must catch up some other way.
   */
  onListening?: (recovering: boolean) => void;
  /** LISTEN is gone: notifications may be missed until `onListening` is called again. */
  onLost?: () => void;
  reconnectDelaysMs?: readonly number[];
  heartbeatMs?: number;
}

/**
 * One dedicated connection that LISTENs on some channels, reconnects with backoff when it is lost,
 * and checks it is alive with a heartbeat. A plain pg.Client, never a pool connection: LISTEN
 * belongs to a session, and a pooled client would be handed to other queries (or recycled) and
 * silently stop receiving. Shared by the new-order events and the catalogue cache.
 */
export class ListenConnection {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private hasListenedBefore = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ListenConnectionOptions) {}

  /** Resolves once the first LISTEN is in place (or keeps retrying in the background if the database is down). */
  async start(): Promise<void> {
    await this.connect();
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Sends a NOTIFY from this session, which hears its own: it arrives after every notification
   * committed before it (the catalogue cache's catchUp). Throws when the connection is down.
   */
  async notify(channel: string, payload: string): Promise<void> {
    if (!this.client) throw new Error('LISTEN connection is down');
    await this.client.query('select pg_notify($1, $2)', [channel, payload]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopHeartbeat();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { connectionString, applicationName, channels } = this.options;
    const client = new pg.Client({ connectionString, application_name: applicationName });
    const onLost = this.lossHandler(client);
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => this.options.onNotification(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    const recovering = this.hasListenedBefore || this.attempt > 0;
    this.client = client;
    this.attempt = 0;
    this.hasListenedBefore = true;
    this.startHeartbeat(client, onLost);
    this.options.onListening?.(recovering);
  }

  /** Runs once per client, on its first 'error', 'end' or failed heartbeat. */
  private lossHandler(client: pg.Client): (error?: Error) => void {
    let lost = false;
    return (error) => {
      if (lost) return;
      lost = true;
      const wasCurrent = this.client === client;
      if (wasCurrent) {
        this.client = null;
        this.stopHeartbeat();
      }
      client.removeAllListeners('notification');
      // Keep an error listener: a late socket error on a dead client must not crash the process.
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.options.onLost?.();
      this.options.log.warn({ err: error }, `${this.options.description}: LISTEN connection lost; reconnecting`);
      this.scheduleReconnect();
    };
  }

  /** A query that does not answer within one interval counts as a lost connection. */
  private startHeartbeat(client: pg.Client, onLost: (error?: Error) => void): void {
    const interval = this.options.heartbeatMs ?? LISTEN_HEARTBEAT_MS;
    let beating = false;
    this.heartbeatTimer = setInterval(() => {
      if (beating) return;
      beating = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`${this.options.description}: heartbeat got no answer`)), interval);
      });
      Promise.race([client.query('select 1'), timeout])
        .catch((error: unknown) => onLost(error as Error))
        .finally(() => {
          clearTimeout(timer);
          beating = false;
        });
    }, interval);
    this.heartbeatTimer.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
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
}
