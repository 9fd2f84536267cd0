import type pg from 'pg';
import { inTransaction } from '../../db/transaction';
import type { MailMessage, Mailer } from '../../lib/mailer';
import { claimEmail, markAttemptFailed, markSent, peekDueEmail, type OutboxRow } from './outbox.repository';

export interface OutboxWorkerOptions {
  pool: pg.Pool;
  mailer: Mailer;
  /** Builds the message of a row when it is sent (the order as it is then, its PDF). */
  render: (row: OutboxRow) => Promise<MailMessage>;
  /** Composes the message into its MIME bytes before the row is claimed (sent as `raw`); absent: the mailer composes. */
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
}

const MAX_RETRY_MS = 60 * 60_000;

/** How long a row another process was sending is passed over before this one looks at it again. */
const HELD_ELSEWHERE_MS = 2_000;

/** Wait before attempt `attempts + 1`, after `attempts` failures (1 → base, 2 → 2×base, …). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the e-mail outbox (decision 014). Each message is prepared first (rendered, composed;
 * no transaction open, decision 023), then claimed, sent and marked in ONE transaction with its row locked (SKIP LOCKED for the other workers), so across any number of
 * processes a message is sent once: it is marked sent only if the send succeeded, and a process
 * that dies mid-send leaves the row pending for the next worker. The only way to send twice is a
 * crash in the instant between the SMTP server's "250 OK" and the COMMIT; the stable Message-ID
 * lets the receiving side drop that copy.
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

  /** Rows this process's loops are preparing or sending, so two loops never prepare the same one. */
  private readonly inHand = new Set<number>();

  /**
   * Rows another process held when this one went to claim them, and until when to pass over them.
   * Without this the loop (and `drain`) would peek the same row again at once and render its PDF
   * over and over for as long as the other process takes to send it.
   */
  private readonly heldElsewhere = new Map<number, number>();

  /** The rows not to peek: in this process's hands, or recently held by another process. */
  private skipped(): number[] {
    const now = Date.now();
    for (const [id, until] of this.heldElsewhere) if (until <= now) this.heldElsewhere.delete(id);
    return [...this.inHand, ...this.heldElsewhere.keys()];
  }

  /** The end of the last peek: this process's loops peek one after another. */
  private peeking: Promise<unknown> = Promise.resolve();

  /**
   * The next due row, already in `inHand` when the next loop peeks: loops woken together (a nudge
   * wakes them all) would otherwise peek the same row and each render and compose it.
   */
  private takeNextDue(): Promise<OutboxRow | null> {
    const next = this.peeking.then(async () => {
      const due = await peekDueEmail(this.options.pool, this.skipped());
      if (due) this.inHand.add(due.id);
      return due;
    });
    this.peeking = next.catch(() => undefined);
    return next;
  }

  /**
   * One message: prepared (rendered and composed) with no transaction open, then claimed, sent
   * and marked in ONE transaction. Preparing first keeps the transaction — and the snapshot that
   * holds back PostgreSQL's cleanup of the rows orders keep updating — as short as the send
   * itself (decision 023). false when nothing is due.
   */
  private async sendNext(): Promise<boolean> {
    const due = await this.takeNextDue();
    if (!due) return false;
    try {
      const prepared = await this.prepare(due);
      await inTransaction(this.options.pool, async (client) => {
        const row = await claimEmail(client, due.id);
        if (row) await this.deliver(client, row, prepared);
        // Gone meanwhile (another worker holds or sent it, or it is not due any more): the next
        // peeks pass over it for a while; if it fails there, it is due again after that.
        else this.heldElsewhere.set(due.id, Date.now() + HELD_ELSEWHERE_MS);
      });
      return true;
    } finally {
      this.inHand.delete(due.id);
    }
  }

  private async prepare(row: OutboxRow): Promise<{ message: MailMessage } | { error: unknown }> {
    const { options } = this;
    try {
      const message: MailMessage = { ...(await options.render(row)), messageId: `<outbox-${row.id}@${options.messageIdDomain ?? 'mayorista.local'}>` };
      return { message: options.compose ? { ...message, raw: await options.compose(message) } : message };
    } catch (error) {
      return { error };
    }
  }

  private async deliver(client: pg.PoolClient, row: OutboxRow, prepared: { message: MailMessage } | { error: unknown }): Promise<void> {
    const { options } = this;
    try {
      if ('error' in prepared) throw prepared.error;
      await options.mailer.send(prepared.message);
      await markSent(client, row.id);
    } catch (error) {
      const attempts = row.attempts + 1;
      const final = attempts >= options.maxAttempts;
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn({ outboxId: row.id, kind: row.kind, attempts, final, err: reason }, 'outbox: falló el envío de un correo');
      await markAttemptFailed(client, row.id, reason, retryDelayMs(attempts, options.retryBaseMs), final);
    }
  }
}
