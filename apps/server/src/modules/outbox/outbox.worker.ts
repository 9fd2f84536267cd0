import type pg from 'pg';
import type { MailMessage, Mailer } from '../../lib/mailer';
import { leaseDueEmail, markAttemptFailed, markSent, renewLeases, type OutboxRow } from './outbox.repository';

export interface OutboxWorkerOptions {
  pool: pg.Pool;
  mailer: Mailer;
  /** Builds the message of a row when it is sent (the order as it is then, its PDF); the worker adds the Message-ID. */
  render: (row: OutboxRow) => Promise<MailMessage>;
  /** Composes the message into its MIME bytes before it is sent (as `raw`); absent: the mailer composes. */
  compose?: (message: MailMessage) => Promise<Buffer>;
  log: { warn(object: Record<string, unknown>, message: string): void; error(object: Record<string, unknown>, message: string): void };
  /** How often an idle worker looks for due rows (rows queued by other processes, retries). */
  pollMs: number;
  /** Attempts before a row is marked failed for the admin to see. */
  maxAttempts: number;
  /** First retry after this long, doubling each time, at most an hour. */
  retryBaseMs: number;
  /** Rows sent at the same time by this process (each holds a pool connection while sending). */
  concurrency?: number;
  /** Host part of the stable Message-ID. */
  messageIdDomain?: string;
  /** How long a leased row is passed over by every other worker (renewed while it is sent); OUTBOX_LEASE_MS unless a test shortens it. */
  leaseMs?: number;
  /**
   * Someone else keeps the leases of the rows in hand: told when a row is leased and when it is
   * settled (sent or its attempt recorded), it renews them and, if this worker dies with rows in
   * hand, records their attempts (the e-mail thread's owner, decision 075). Absent: this worker
   * renews its own leases.
   */
  leaseKeeper?: LeaseKeeper;
}

export interface LeaseKeeper {
  held(row: OutboxRow): void;
  settled(row: OutboxRow): void;
}

const MAX_RETRY_MS = 60 * 60_000;

/**
 * How long a lease lasts. The worker renews it every third of that while it renders and sends, so
 * a slow send keeps its row; a worker that died stops renewing, and its e-mail waits at most this
 * long for the next worker.
 */
export const OUTBOX_LEASE_MS = 30_000;

/**
 * Records that one attempt at a row failed, with its log line: due again after the retry delay, or
 * failed for the admin after the last attempt. `row.attempts` counts the attempts before this one.
 * The worker calls it after a failed send; the e-mail thread's owner for a thread that died mid-send.
 */
export async function recordFailedAttempt(
  pool: pg.Pool,
  row: Pick<OutboxRow, 'id' | 'attempts'> & { kind?: OutboxRow['kind'] },
  reason: string,
  policy: { maxAttempts: number; retryBaseMs: number },
  log: OutboxWorkerOptions['log'],
): Promise<void> {
  const attempts = row.attempts + 1;
  const final = attempts >= policy.maxAttempts;
  log.warn({ outboxId: row.id, ...(row.kind ? { kind: row.kind } : {}), attempts, final, err: reason }, 'outbox: falló el envío de un correo');
  await markAttemptFailed(pool, row.id, reason, retryDelayMs(attempts, policy.retryBaseMs), final);
}

/** Wait before attempt `attempts + 1`, after `attempts` failures (1 → base, 2 → 2×base, …). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the e-mail outbox (decisions 014 and 035). Each message is leased (one committed
 * UPDATE … FOR UPDATE SKIP LOCKED sets its `locked_until`), then rendered, composed, sent and
 * marked with no transaction open (the lease renewed meanwhile), so across any number of processes
 * and loops one message is in one worker's hands at a time, and it is marked sent only if the send succeeded. A process that
 * dies mid-send leaves the lease to run out, and the row is sent by the next worker: the only ways
 * to send twice are a crash between the SMTP server's "250 OK" and the mark, or a send that
 * outlasts its lease; the stable Message-ID lets the receiving side drop that copy.
 * Orders never wait for it: they only insert rows; `nudge()` makes this process look at once.
 */
export class OutboxWorker {
  private running = false;
  private loops: Promise<void>[] = [];
  /** The sleeping loops' alarms: a nudge (or stop) rings them all. */
  private readonly sleepers = new Set<() => void>();
  private nudged = false;

  constructor(private readonly options: OutboxWorkerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const loops = Math.max(1, this.options.concurrency ?? 1);
    this.loops = Array.from({ length: loops }, () => this.loop());
  }

  /** Stops claiming; waits for the messages being sent to finish (or fail and roll back). */
  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Something was just queued: look now instead of at the next poll. */
  nudge(): void {
    this.nudged = true;
    for (const wake of [...this.sleepers]) wake();
  }

  /** Sends every row due now (tests and the CLI); returns how many rows were attempted. */
  async drain(): Promise<number> {
    let attempted = 0;
    while (await this.sendNext()) attempted += 1;
    return attempted;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        this.nudged = false;
        worked = await this.sendNext();
      } catch (error) {
        this.options.log.error({ err: error }, 'outbox: no se pudo leer la cola de correos');
      }
      if (!worked && this.running && !this.nudged) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.options.pollMs);
      timer.unref();
      this.sleepers.add(wake);
    });
  }

  /** One message, leased (the lease renewed until it is marked), prepared and delivered; false when nothing is due. */
  private async sendNext(): Promise<boolean> {
    const { pool } = this.options;
    const leaseMs = this.options.leaseMs ?? OUTBOX_LEASE_MS;
    const row = await leaseDueEmail(pool, leaseMs);
    if (!row) return false;
    const keeper = this.options.leaseKeeper ?? this.ownLeases(leaseMs);
    keeper.held(row);
    try {
      await this.deliver(row, await this.prepare(row));
    } finally {
      keeper.settled(row);
    }
    return true;
  }

  /** Renews a row's lease every third of it until the row is settled. */
  private ownLeases(leaseMs: number): LeaseKeeper {
    let renewal: NodeJS.Timeout | undefined;
    return {
      held: (row) => {
        renewal = setInterval(() => void renewLeases(this.options.pool, [row.id], leaseMs).catch(() => undefined), leaseMs / 3);
        renewal.unref();
      },
      settled: () => clearInterval(renewal),
    };
  }

  private async prepare(row: OutboxRow): Promise<{ message: MailMessage } | { error: unknown }> {
    const { options } = this;
    try {
      const messageId = `<outbox-${row.id}@${options.messageIdDomain ?? 'mayorista.local'}>`;
      const message: MailMessage = { ...(await options.render(row)), messageId };
      return { message: options.compose ? { ...message, raw: await options.compose(message) } : message };
    } catch (error) {
      return { error };
    }
  }

  private async deliver(row: OutboxRow, prepared: { message: MailMessage } | { error: unknown }): Promise<void> {
    const { options } = this;
    try {
      if ('error' in prepared) throw prepared.error;
      await options.mailer.send(prepared.message);
      await markSent(options.pool, row.id);
    } catch (error) {
      await recordFailedAttempt(options.pool, row, error instanceof Error ? error.message : String(error), options, options.log);
    }
  }
}
