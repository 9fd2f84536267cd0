import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { messages } from '@mayorista/core';
import { composeMail, createMailer, createOutboxMailer } from '../src/lib/mailer';
import { accountExistsEmail, passwordRecoveryEmail, verificationEmail } from '../src/modules/accounts/account-emails';
import { escapeHtml } from '../src/lib/html';
import { setupTestApp } from './helpers';

/** A real SMTP server on a free port that parses every message it receives. */
async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const ctx = await setupTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://tienda.example.com', CATALOG_NAME: 'Distribuidora Sur' } });

const silentLog = { info: () => undefined };

describe('a message composed beforehand (raw, decision 023)', () => {
  const message = {
    to: 'cliente@example.com',
    subject: 'Pedido compuesto: ñandú',
    text: 'Hola, texto.',
    html: '<p>Hola, <b>HTML</b>.</p>',
    messageId: '<outbox-7@tienda.example.com>',
    attachments: [{ filename: 'pedido.pdf', content: Buffer.from('%PDF-1.3 prueba'), contentType: 'application/pdf' }],
  };

  it('goes over SMTP as composed: sender, subject, both bodies, the attachment and the Message-ID', async () => {
    const from = 'Mi Tienda <ventas@tienda.example.com>';
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: from, dataDir: '/nonexistent' }, silentLog);
    await mailer.send({ ...message, raw: await composeMail(from, message) });
    const mail = smtp.received.find((m) => m.subject === message.subject);
    expect(mail!.from?.value[0]).toEqual({ address: 'ventas@tienda.example.com', name: 'Mi Tienda' });
    expect(mail!.to).toMatchObject({ value: [{ address: 'cliente@example.com' }] });
    expect(mail!.messageId).toBe(message.messageId);
    expect(mail!.text?.trim()).toBe('Hola, texto.');
    expect(mail!.html).toContain('<b>HTML</b>');
    expect(mail!.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['pedido.pdf', '%PDF-1.3 prueba']]);
  });

  it('is written to the outbox folder byte for byte', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'raw-outbox-'));
    const raw = await composeMail('ventas@tienda.example.com', message);
    await createOutboxMailer(dir, 'ventas@tienda.example.com', silentLog).send({ ...message, raw });
    const [file] = await readdir(dir);
    expect(await readFile(path.join(dir, file!))).toEqual(raw);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.attachments[0]!.filename).toBe('pedido.pdf');
  });
});

describe('mailer over SMTP', () => {
  it('delivers text and HTML with the configured sender', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Mi Tienda <ventas@tienda.example.com>', dataDir: '/nonexistent' }, silentLog);
    await mailer.send({ to: 'cliente@example.com', subject: 'Asunto con ñ y tildes: acción', text: 'Hola, texto.', html: '<p>Hola, <b>HTML</b>.</p>' });
    const mail = smtp.received.find((m) => m.subject === 'Asunto con ñ y tildes: acción');
    expect(mail).toBeDefined();
    expect(mail!.from?.value[0]).toEqual({ address: 'ventas@tienda.example.com', name: 'Mi Tienda' });
    expect(mail!.text?.trim()).toBe('Hola, texto.');
    expect(mail!.html).toContain('<b>HTML</b>');
  });

  it('carries the sign-up verification e-mail of the running app with SMTP_URL', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'por-smtp@example.com', password: 'una-clave-bastante-larga', data: { nombre: 'Sol', apellido: 'Díaz', dni: '30123456' } },
    });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    let mail: ParsedMail | undefined;
    while (!mail && Date.now() < deadline) {
      mail = smtp.received.find((m) => m.subject === messages.emails.verifySubject('Distribuidora Sur'));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail).toBeDefined();
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]?.address : null).toBe('por-smtp@example.com');
    expect(mail!.text).toMatch(/https:\/\/tienda\.example\.com\/verificar-correo\?token=[A-Za-z0-9_-]{40,}/);
    expect(mail!.text).toContain('Distribuidora Sur');
    expect(mail!.html).toContain('Distribuidora Sur');
  });
});

describe('mailer without SMTP (outbox)', () => {
  it('writes each message as a parseable .eml under DATA_DIR/outbox and logs its links', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mayorista-outbox-'));
    const logged: Array<Record<string, unknown>> = [];
    const mailer = createMailer(
      { smtpUrl: null, mailFrom: 'Catálogo Mayorista <no-responder@localhost>', dataDir },
      { info: (object) => logged.push(object) },
    );
    const message = verificationEmail({ to: 'nuevo@example.com', nombre: 'Leo', token: 'abc123', catalogName: 'Catálogo Mayorista', appUrl: 'http://localhost:3000' });
    await mailer.send(message);
    await mailer.send({ ...message, to: 'otro@example.com' });
    const files = (await readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const mail = await simpleParser(await readFile(path.join(dataDir, 'outbox', files[0]!)));
    expect(mail.subject).toBe('Verificá tu correo en Catálogo Mayorista');
    expect(mail.from?.value[0]?.address).toBe('no-responder@localhost');
    expect(mail.text).toContain('http://localhost:3000/verificar-correo?token=abc123');
    expect(mail.html).toContain('href="http://localhost:3000/verificar-correo?token=abc123"');
    expect(logged[0]).toMatchObject({ to: 'nuevo@example.com', links: ['http://localhost:3000/verificar-correo?token=abc123'] });
  });

  it('creates the outbox directory when it does not exist', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'mayorista-outbox-')), 'a', 'b');
    await createOutboxMailer(dir, 'x <x@localhost>', silentLog).send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>h</p>' });
    expect(await readdir(dir)).toHaveLength(1);
  });
});

describe('e-mail templates', () => {
  it('escapes user-provided values in the HTML part but keeps them readable in the text part', async () => {
    const message = verificationEmail({
      to: 'x@example.com',
      nombre: '<script>alert("x")</script> & Cía',
      token: 'tok',
      catalogName: 'Tienda "Buena" <Sur>',
      appUrl: 'https://tienda.example.com',
    });
    expect(message.html).not.toContain('<script>');
    // The abuse-limits work (decision 010): the name keeps only letters, spaces, apostrophes and hyphens.
    expect(message.html).toContain('Hola, script alert x script Cía:');
    expect(message.html).toContain('Tienda &quot;Buena&quot; &lt;Sur&gt;');
    expect(message.text).toContain('Hola, script alert x script Cía:');
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('a name carrying a link, an address or a domain reaches neither part as one (the abuse-limits work, decision 010)', async () => {
    for (const build of [verificationEmail, passwordRecoveryEmail, accountExistsEmail]) {
      const message = build({
        to: 'x@example.com',
        nombre: 'Ganá plata en https://evil.example/premio, www.evil.example o pago@evil.example',
        token: 'tok',
        catalogName: 'Tienda',
        appUrl: 'https://tienda.example.com',
      });
      for (const part of [message.text, message.html]) {
        expect(part).not.toMatch(/evil\.example|https:\/\/evil|www\./);
        expect(part).toContain('Hola, Ganá plata en https evil example');
      }
    }
  });
});
