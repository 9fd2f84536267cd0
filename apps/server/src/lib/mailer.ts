import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The slice of a pino/Fastify logger the mailer needs. */
export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
}

/** Delivers through a real SMTP server (`smtp://user:pass@host:587` or `smtps://…`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

const LINK_PATTERN = /https?:\/\/\S+/g;

/**
 * Without SMTP_URL every message becomes an .eml file under `outboxDir`, and its links are
 * logged, so someone trying the app can verify an account with no mail server at all.
 * The .eml is built by nodemailer itself, so it is exactly what SMTP would have carried.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time, unique without coordination between processes.
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, links: message.text.match(LINK_PATTERN) ?? [] }, 'correo guardado en outbox');
    },
  };
}

export function createMailer(config: { smtpUrl: string | null; mailFrom: string; dataDir: string }, log: MailLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}
