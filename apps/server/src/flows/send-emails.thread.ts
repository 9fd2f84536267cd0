// The e-mail thread's entry (send-emails.ts, decision 075): at the lowest CPU priority, with
// database connections of its own, it runs the outbox worker until it is told to stop. Built as
// dist/email-worker.js; run from source under tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { createPool } from '../db/client';
import { createMailer } from '../lib/mailer';
import { lowerThisThreadPriority } from '../lib/thread-priority';
import { createEmailSender, type EmailThreadData, type EmailThreadMessage, type EmailThreadReply, type SenderLog } from './send-emails';

const port = parentPort;
if (!port) throw new Error('send-emails.thread runs only on a worker thread');
const { connectionString, config } = workerData as EmailThreadData;
lowerThisThreadPriority();

const say = (reply: EmailThreadReply) => port.postMessage(reply);

/** A log line's fields as plain data: an error crosses as its message and stack. */
function plain(object: Record<string, unknown>): Record<string, unknown> {
  const fields = Object.entries(object).map(([key, value]) =>
    value instanceof Error ? [key, { message: value.message, stack: value.stack }] : [key, value],
  );
  return Object.fromEntries(fields) as Record<string, unknown>;
}

const logAt = (level: keyof SenderLog) => (object: Record<string, unknown>, message: string) => say({ kind: 'log', level, object: plain(object), message });
const log: SenderLog = { info: logAt('info'), warn: logAt('warn'), error: logAt('error') };

// Each of the worker's loops uses one connection at a time; one more for the lease renewals.
const pool = createPool(connectionString, config.outbox.concurrency + 1);
const sender = createEmailSender(pool, createMailer(config, log), config, log);

port.on('message', (message: EmailThreadMessage) => {
  if (message.kind === 'nudge') sender.nudge();
  else
    void sender
      .stop()
      .then(() => pool.end())
      .finally(() => say({ kind: 'stopped' }));
});
sender.start();
say({ kind: 'ready' });
