import type { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Config } from '../config';
import { composeMail, type Mailer } from '../lib/mailer';
import { startThread } from '../lib/threads';
import { OutboxWorker } from '../modules/outbox';
import { createOrderEmailRenderer } from '../modules/orders';
import { ACCOUNT_EMAIL_KINDS, createAccountEmailRenderer } from '../modules/receivables';

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
export function createEmailSender(pool: pg.Pool, mailer: Mailer, config: EmailSenderConfig, log: SenderLog): OutboxWorker {
  const mail = { catalogName: config.catalogName, appUrl: config.appUrl };
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
  | { kind: 'log'; level: LogLevel; object: Record<string, unknown>; message: string };

const EMAIL_THREAD = {
  source: new URL('./send-emails.thread.ts', import.meta.url),
  built: new URL('./email-worker.js', import.meta.url),
};
/**
 * The thread's heap: a small young generation (the default sizes it for throughput, tens of MB a
 * small server does not have for e-mails), and an old generation far above what a 500-line
 * order's PDF needs; a thread over it ends and is started again, its rows retried.
 */
const EMAIL_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };
/** A stop waits this long for the message in hand (the SMTP limits are 15–30 s), then ends the thread. */
const STOP_WAIT_MS = 45_000;
/**
 * A thread that died is started again after a second, doubling while it keeps dying before it is
 * ready (a broken build logs once a minute, not once a second). Its leased rows are due again when
 * their leases run out, as with a process that dies.
 */
const RESTART_MS = 1_000;
const MAX_RESTART_MS = 60_000;

/**
 * The whole outbox on a thread of its own, at the lowest CPU priority, with its own database
 * connections (decision 075): leasing, reading the order, the PDF, the MIME, writing the .eml or
 * talking SMTP, and marking the row all happen there, so a burst of orders never shares the
 * main thread with their e-mails; the main thread only nudges it. Its log lines come back here.
 */
export class EmailThread implements EmailOutbox {
  private worker: Worker | null = null;
  private ready = false;
  private running = false;
  private restart: NodeJS.Timeout | null = null;
  /** Deaths in a row without reaching 'ready'. */
  private failedStarts = 0;

  constructor(
    private readonly data: EmailThreadData,
    private readonly log: SenderLog,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.spawn();
  }

  nudge(): void {
    if (this.ready) this.worker?.postMessage({ kind: 'nudge' } satisfies EmailThreadMessage);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.restart) clearTimeout(this.restart);
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // A thread still loading holds no message: it is ended at once.
    if (this.ready) await this.askToStop(worker);
    this.ready = false;
    await worker.terminate();
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
    const worker = startThread(EMAIL_THREAD, { workerData: this.data, resourceLimits: EMAIL_THREAD_LIMITS });
    // The HTTP server keeps the process alive; this thread never does on its own.
    worker.unref();
    worker.on('message', (reply: EmailThreadReply) => {
      if (reply.kind === 'ready' && this.worker === worker) {
        this.ready = true;
        this.failedStarts = 0;
      }
      if (reply.kind === 'log') this.log[reply.level](reply.object, reply.message);
    });
    worker.on('error', (error: Error) => this.log.error({ err: error }, 'outbox: el hilo de correos falló'));
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (!this.ready) this.failedStarts += 1;
      this.ready = false;
      if (!this.running) return;
      const delay = Math.min(MAX_RESTART_MS, RESTART_MS * 2 ** Math.max(0, this.failedStarts - 1));
      this.restart = setTimeout(() => {
        this.restart = null;
        if (this.running) this.spawn();
      }, delay).unref();
    });
    this.worker = worker;
  }
}
