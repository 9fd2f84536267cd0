import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nodemailer } from './lazy-modules';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * A stable Message-ID (e.g. one per outbox row): if a send is ever repeated after a crash, the
   * receiving side sees the same message and can drop the copy.
   */
  messageId?: string;
  /**
   * The whole message already composed (`composeMail`, e.g. on the outbox's low-priority thread,
   * decision 023): sent as it is, the other fields only name the recipient and the log line.
   */
  raw?: Buffer;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The slice of a pino/Fastify logger the mailer needs. */
export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * Time limits for one SMTP conversation. nodemailer's defaults (2 min to connect, 10 min of
 * silence) would hold an outbox row for minutes behind a server that does not answer.
 */
export interface SmtpTimeouts {
  connectionTimeoutMs: number;
  greetingTimeoutMs: number;
  socketTimeoutMs: number;
}
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeoutMs: 15_000, greetingTimeoutMs: 15_000, socketTimeoutMs: 30_000 };

/** Delivers through a real SMTP server (`smtp://user:pass@host:587` or `smtps://…`). */
export function createSmtpMailer(smtpUrl: string, from: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): Mailer {
  // nodemailer reads a URL's query as options and ignores other options next to a URL, so the
  // limits travel in the query (an operator's own ?socketTimeout=… in SMTP_URL still wins).
  const url = new URL(smtpUrl);
  const limits = { connectionTimeout: timeouts.connectionTimeoutMs, greetingTimeout: timeouts.greetingTimeoutMs, socketTimeout: timeouts.socketTimeoutMs };
  for (const [key, value] of Object.entries(limits)) if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  const transport = nodemailer().createTransport(url.toString());
  return {
    async send(message) {
      if (message.raw) await transport.sendMail({ envelope: { from, to: [message.to] }, raw: message.raw });
      else await transport.sendMail({ from, ...message });
    },
  };
}

/** nodemailer's stream transport: composes a message into its bytes and sends nothing (made on first use). */
const makeComposer = () => nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
let composer: ReturnType<typeof makeComposer> | undefined;

/**
 * The message as SMTP carries it (MIME, CRLF), for a mailer to send as `raw`; the outbox composes
 * on its low-priority thread. Composed by nodemailer through its public API (`streamTransport`),
 * exactly as `sendMail` would compose it, so a nodemailer upgrade changes both alike (decision 036).
 */
export async function composeMail(from: string, message: Omit<MailMessage, 'raw'>): Promise<Buffer> {
  composer ??= makeComposer();
  return (await composer.sendMail({ from, ...message })).message as Buffer;
}

const LINK_PATTERN = /https?:\/\/\S+/g;

/**
 * Without SMTP_URL every message becomes an .eml file under `outboxDir`, and its links are
 * logged, so someone trying the app can verify an account with no mail server at all.
 * The .eml is built by nodemailer itself, so it is exactly what SMTP would have carried.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailLogger): Mailer {
  const transport = nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Created once per mailer, not per message (a syscall per e-mail showed in the order profile);
  // a failed attempt is forgotten so the next message tries again.
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
    ready = null;
    throw error;
  }));
  return {
    async send(message) {
      const content = message.raw ?? ((await transport.sendMail({ from, ...message })).message as Buffer);
      await ensureDir();
      // Sortable by time, unique without coordination between processes.
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, content);
      log.info({ to: message.to, subject: message.subject, file, links: message.text.match(LINK_PATTERN) ?? [] }, 'correo guardado en outbox');
    },
  };
}

export function createMailer(
  config: { smtpUrl: string | null; mailFrom: string; dataDir: string; outbox?: { smtpTimeoutMs: number } },
  log: MailLogger,
): Mailer {
  const timeoutMs = config.outbox?.smtpTimeoutMs;
  const timeouts = timeoutMs ? { connectionTimeoutMs: timeoutMs, greetingTimeoutMs: timeoutMs, socketTimeoutMs: 2 * timeoutMs } : undefined;
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, timeouts)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}
