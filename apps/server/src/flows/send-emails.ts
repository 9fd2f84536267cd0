import type { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Config } from '../config';
import { composeMail, type Mailer } from '../lib/mailer';
import { startThread } from '../lib/threads';
import { OUTBOX_LEASE_MS, OutboxWorker, recordFailedAttempt, renewLeases, type LeaseKeeper, type OutboxRow } from '../modules/outbox';
import { createOrderEmailRenderer } from '../modules/orders';
import { ACCOUNT_EMAIL_KINDS, createAccountEmailRenderer } from '../modules/receivables';
import { loadDocumentIssuer } from '../modules/settings';

/** What sending the outbox needs from the configuration: plain data, so it crosses to the thread. */
export type EmailSenderConfig = Pick<Config, 'mailFrom' | 'smtpUrl' | 'dataDir' | 'catalogName' | 'appUrl' | 'outbox'>;

type LogLevel = 'info' | 'warn' | 'error';
export type SenderLog = Record<LogLevel, (object: Record<string, unknown>, message: string) => void>;

/**
 * The outbox worker that sends every queued e-mail (decisions 014 and 035): each row rendered by
 * the module its kind belongs to — the account's (receipts, reminders, decision 037) or the
 * orders' — from the database as it is when it is sent, composed into MIME here, then handed to
 * the mailer. Runs on the e-mail thread (below); in the main thread only for a mailer a test passes.
 */
export function createEmailSender(pool: pg.Pool, mailer: Mailer, config: EmailSenderConfig, log: SenderLog, leaseKeeper?: LeaseKeeper): OutboxWorker {
  // Who issues the attached PDFs (decision 082), read when each one is rendered: the settings as they are then.
  const issuer = () => loadDocumentIssuer(pool);
  const mail = { catalogName: config.catalogName, appUrl: config.appUrl, issuer };
  const orders = createOrderEmailRenderer({ pool, ...mail });
  const accounts = createAccountEmailRenderer({ pool, ...mail });
  return new OutboxWorker({
    pool,
    mailer,
    render: (row) => (ACCOUNT_EMAIL_KINDS.includes(row.kind) ? accounts(row) : orders(row)),
    compose: (message) => composeMail(config.mailFrom, message),
    log,
    pollMs: config.outbox.pollMs,
    maxAttempts: config.outbox.maxAttempts,
    retryBaseMs: config.outbox.retryBaseMs,
    concurrency: config.outbox.concurrency,
    messageIdDomain: new URL(config.appUrl).hostname,
    ...(leaseKeeper ? { leaseKeeper } : {}),
  });
}

/** The outbox as the app drives it: started when ready, nudged after a commit that queued e-mails, stopped on close. */
export interface EmailOutbox {
  start(): void;
  /** Stops claiming rows; the messages in hand are sent (or fail and stay due) first. */
  stop(): Promise<void>;
  /** Something was just queued: look now instead of at the next poll. */
  nudge(): void;
}

/** What the e-mail thread starts with (`workerData`). */
export interface EmailThreadData {
  connectionString: string;
  config: EmailSenderConfig;
}
export type EmailThreadMessage = { kind: 'nudge' } | { kind: 'stop' };
export type EmailThreadReply =
  | { kind: 'ready' }
  | { kind: 'stopped' }
  | { kind: 'held'; row: Pick<OutboxRow, 'id' | 'attempts'> }
  | { kind: 'settled'; id: number }
  | { kind: 'log'; level: LogLevel; object: Record<string, unknown>; message: string };

const EMAIL_THREAD = {
  source: new URL('./send-emails.thread.ts', import.meta.url),
  built: new URL('./email-worker.js', import.meta.url),
};
/**
 * The thread's heap: a small young generation (the default sizes it for throughput, tens of MB a
 * small server does not have for e-mails), and an old generation far above what a 500-line
 * order's PDF needs.
 */
const EMAIL_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };
/**
 * A stop waits this long for the message in hand, then ends the thread (the attempt is recorded).
 * Below main.ts's 30 s, after which a stopping server exits whatever is left.
 */
const STOP_WAIT_MS = 20_000;
/**
 * A thread that died is started again after a second, doubling while it keeps dying before it is
 * ready (a broken build logs once a minute, not once a second).
 */
const RESTART_MS = 1_000;
const MAX_RESTART_MS = 60_000;

/**
 * The whole outbox on a thread of its own, at the lowest CPU priority, with its own database
 * connections (decision 075): leasing, reading the order, the PDF, the MIME, writing the .eml or
 * talking SMTP, and marking the row all happen there, so a burst of orders never shares the main
 * thread with their e-mails. The main thread starts, nudges and stops it, writes its log lines,
 * and keeps the leases of the rows it has in hand: renewed at normal priority (a PDF rendered at
 * nice 19 on a busy machine must not outlast its lease), and, if the thread dies with rows in
 * hand, their attempts recorded — a row that kills the thread is retried a few times and then
 * failed for the admin to see, never retried for ever.
 */
export class EmailThread implements EmailOutbox {
  private worker: Worker | null = null;
  private ready = false;
  private running = false;
  private stopping: Promise<void> = Promise.resolve();
  private restart: NodeJS.Timeout | null = null;
  /** Deaths in a row without reaching 'ready'. */
  private failedStarts = 0;
  /** The rows the thread has leased and not yet settled, with their attempts so far. */
  private readonly inHand = new Map<number, number>();
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly config: EmailSenderConfig,
    private readonly log: SenderLog,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.renewal ??= setInterval(() => this.renewLeases(), OUTBOX_LEASE_MS / 3).unref();
    // A start right after a stop waits for that stop to finish: one thread at a time.
    void this.stopping.then(() => {
      if (this.running && !this.worker) this.spawn();
    });
  }

  nudge(): void {
    // Posted messages wait until the thread listens: a nudge while it loads is not lost.
    this.worker?.postMessage({ kind: 'nudge' } satisfies EmailThreadMessage);
  }

  stop(): Promise<void> {
    this.running = false;
    if (this.restart) clearTimeout(this.restart);
    this.restart = null;
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    const worker = this.worker;
    const wasReady = this.ready;
    this.worker = null;
    this.ready = false;
    if (!worker) return this.stopping;
    this.stopping = (async () => {
      // A thread still loading holds no message: it is ended at once.
      if (wasReady) await this.askToStop(worker);
      await worker.terminate();
      await this.recordAbandoned('el envío se cortó al detener el servidor');
    })();
    return this.stopping;
  }

  private askToStop(worker: Worker): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, STOP_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      worker.on('message', (reply: EmailThreadReply) => reply.kind === 'stopped' && done());
      worker.once('exit', done);
      worker.postMessage({ kind: 'stop' } satisfies EmailThreadMessage);
    });
  }

  private spawn(): void {
    const data: EmailThreadData = { connectionString: connectionStringOf(this.pool), config: this.config };
    const worker = startThread(EMAIL_THREAD, { workerData: data, resourceLimits: EMAIL_THREAD_LIMITS });
    // The HTTP server keeps the process alive; this thread never does on its own.
    worker.unref();
    worker.on('message', (reply: EmailThreadReply) => this.hear(worker, reply));
    worker.on('error', (error: Error) => this.log.error({ err: error }, 'outbox: el hilo de correos falló'));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (!this.ready) this.failedStarts += 1;
      this.ready = false;
      void this.recordAbandoned(`el hilo de correos terminó (código ${code})`);
      if (this.running) this.restartLater();
    });
    this.worker = worker;
  }

  private hear(worker: Worker, reply: EmailThreadReply): void {
    if (reply.kind === 'log') this.log[reply.level](reply.object, reply.message);
    else if (reply.kind === 'held') this.inHand.set(reply.row.id, reply.row.attempts);
    else if (reply.kind === 'settled') this.inHand.delete(reply.id);
    else if (reply.kind === 'ready' && this.worker === worker) {
      this.ready = true;
      this.failedStarts = 0;
    }
  }

  private restartLater(): void {
    const delay = Math.min(MAX_RESTART_MS, RESTART_MS * 2 ** Math.max(0, this.failedStarts - 1));
    this.restart = setTimeout(() => {
      this.restart = null;
      if (this.running && !this.worker) this.spawn();
    }, delay).unref();
  }

  private renewLeases(): void {
    if (this.inHand.size === 0) return;
    renewLeases(this.pool, [...this.inHand.keys()], OUTBOX_LEASE_MS).catch((error: unknown) =>
      this.log.warn({ err: error }, 'outbox: no se pudieron renovar los préstamos de los correos en curso'),
    );
  }

  /** The rows a dead thread had in hand: each attempt recorded (due again later, or failed after the last). */
  private async recordAbandoned(reason: string): Promise<void> {
    const rows = [...this.inHand];
    this.inHand.clear();
    for (const [id, attempts] of rows) {
      await recordFailedAttempt(this.pool, { id, attempts }, reason, this.config.outbox, this.log).catch((error: unknown) =>
        this.log.error({ err: error, outboxId: id }, 'outbox: no se pudo registrar el intento'),
      );
    }
  }

}

function connectionStringOf(pool: pg.Pool): string {
  const { connectionString } = pool.options;
  if (!connectionString) throw new Error('outbox: the pool has no connectionString for the e-mail thread');
  return connectionString;
}
