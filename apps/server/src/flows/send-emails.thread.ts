// The e-mail thread's entry (send-emails.ts, decision 075): at the lowest CPU priority, with
// database connections of its own, it runs the outbox worker until it is told to stop. Built as
// dist/email-worker.js; run from source under tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { createBackgroundPool } from '../db/client';
import { createMailer } from '../lib/mailer';
import { lowerThisThreadPriority } from '../lib/thread-priority';
import { createEmailSender, type EmailThreadData, type EmailThreadMessage, type EmailThreadReply, type SenderLog } from './send-emails';

const port = parentPort;
if (!port) throw new Error('send-emails.thread runs only on a worker thread');
const { connectionString, config } = workerData as EmailThreadData;
lowerThisThreadPriority();

const say = (reply: EmailThreadReply) => port.postMessage(reply);

/** An error crosses as its message, stack and PostgreSQL's code and detail when it has them. */
function plainError(error: Error & { code?: unknown; detail?: unknown }): Record<string, unknown> {
  return { message: error.message, stack: error.stack, ...(error.code ? { code: error.code } : {}), ...(error.detail ? { detail: error.detail } : {}) };
}

/**
 * A log line crosses as plain data. A field that cannot be copied to the main thread must not
 * cost the line (nor throw where the worker records an attempt): it crosses as its text.
 */
function sayLog(level: keyof SenderLog, object: Record<string, unknown>, message: string): void {
  const fields = Object.fromEntries(Object.entries(object).map(([key, value]) => [key, value instanceof Error ? plainError(value) : value]));
  try {
    say({ kind: 'log', level, object: fields, message });
  } catch {
    say({ kind: 'log', level, object: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])), message });
  }
}

const logAt = (level: keyof SenderLog) => (object: Record<string, unknown>, message: string) => sayLog(level, object, message);
const log: SenderLog = { info: logAt('info'), warn: logAt('warn'), error: logAt('error') };

// Each of the worker's loops uses one connection at a time; one more for the lease renewals.
const pool = createBackgroundPool(connectionString, config.outbox.concurrency + 1);
// The main thread keeps the leases of the rows in hand (send-emails.ts): told of each one here.
const sender = createEmailSender(pool, createMailer(config, log), config, log, {
  held: (row) => say({ kind: 'held', row: { id: row.id, attempts: row.attempts } }),
  settled: (row) => say({ kind: 'settled', id: row.id }),
});

port.on('message', (message: EmailThreadMessage) => {
  if (message.kind === 'nudge') sender.nudge();
  else
    void sender
      .stop()
      .then(() => pool.end())
      .catch(() => undefined)
      .finally(() => say({ kind: 'stopped' }));
});
sender.start();
say({ kind: 'ready' });
