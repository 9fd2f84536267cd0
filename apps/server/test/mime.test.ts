import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { composeMail, type MailMessage } from '../src/lib/mailer';

/** What nodemailer's sendMail writes for a message, with its default line ends: the reference. */
const reference = nodemailer.createTransport({ streamTransport: true, buffer: true });
const composeWithNodemailer = async (from: string, message: Message) => (await reference.sendMail({ from, ...message })).message as Buffer;

type Message = Omit<MailMessage, 'raw'>;

/** What a receiving client reads of a message. */
function reading(mail: ParsedMail) {
  return {
    subject: mail.subject,
    from: mail.from?.value,
    to: Array.isArray(mail.to) ? mail.to.map((t) => t.value) : mail.to?.value,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') })),
  };
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n'), randomBytes(5000)]);
const longWord = 'x'.repeat(300);
const MESSAGES: Record<string, { from: string; message: Message }> = {
  order: {
    from: 'Mayorista Ñandú <pedidos@mayorista.example.com>',
    message: {
      to: 'juan.perez@example.com',
      subject: 'Mayorista Ñandú: recibimos tu pedido #0b0b6f2e — ¡gracias! ¿Dudas? Escribinos, contestamos en el día hábil siguiente',
      text: `Hola Juan,\n\nRecibimos tu pedido:\n${'2 × Yerba mate Playadito 1 kg — $ 4.500,00\n'.repeat(40)}Línea con espacios al final   \n.Una línea que empieza con punto\nFrom la línea\r\nWindows\r\n${longWord}\n`,
      html: `<p>Hola <b>Juan</b>, ñandú &amp; café</p>${'<tr><td>2 ×</td><td>Yerba mate</td><td style="text-align: right">$ 4.500,00</td></tr>'.repeat(30)}<p>${longWord}</p>`,
      messageId: '<outbox-42@mayorista.example.com>',
      attachments: [{ filename: 'pedido-0b0b6f2e.pdf', content: pdf, contentType: 'application/pdf' }],
    },
  },
  plain: {
    from: 'ventas@tienda.example.com',
    message: { to: 'cliente@example.com', subject: 'Pedido listo', text: 'Hola.', html: '<p>Hola.</p>' },
  },
  quotedName: {
    from: '"Distribuidora Sur, S.A." <ventas@TIENDA.example.com>',
    message: { to: 'Ana <ana@example.com>', subject: 'Asunto: acción', text: 'ñ', html: 'ñ', attachments: [] },
  },
};

describe('composeMail (nodemailer through its public API, decision 036)', () => {
  it('parses back to what nodemailer composes: subject, sender, recipient, text, HTML and attachment bytes', async () => {
    for (const [name, { from, message }] of Object.entries(MESSAGES)) {
      const [ours, theirs] = await Promise.all([composeMail(from, message), composeWithNodemailer(from, message)]);
      const parsed = await simpleParser(ours);
      expect(reading(parsed), name).toEqual(reading(await simpleParser(theirs)));
      expect(parsed.subject, name).toBe(message.subject);
      if (message.messageId) expect(parsed.messageId).toBe(message.messageId);
      else expect(parsed.messageId).toMatch(/^<[^@\s]+@tienda\.example\.com>$/);
    }
  });

  it('is standard MIME: CRLF only, lines of at most 76 characters, non-ASCII headers as encoded words', async () => {
    const { from, message } = MESSAGES.order!;
    const raw = (await composeMail(from, message)).toString('latin1');
    expect(raw).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    for (const line of raw.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(76);
    expect([...raw].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^From: =\?UTF-8\?Q\?Mayorista_=C3=91and=C3=BA\?= <pedidos@mayorista\.example\.com>\r\n/);
    expect(headers).toMatch(/\r\nSubject: =\?UTF-8\?Q\?/);
    expect(headers).toContain('\r\nMessage-ID: <outbox-42@mayorista.example.com>\r\n');
    expect(headers).toContain('\r\nMIME-Version: 1.0\r\n');
  });

  it('gives every multipart its own boundary, never found in a body', async () => {
    const { from, message } = MESSAGES.order!;
    const raws = await Promise.all([composeMail(from, message), composeMail(from, message)]);
    const boundaries = raws.flatMap((raw) => [...raw.toString('latin1').matchAll(/boundary="([^"]+)"/g)].map((m) => m[1]!));
    expect(boundaries).toHaveLength(4);
    expect(new Set(boundaries).size).toBe(4);
    for (const [i, raw] of raws.entries()) {
      const text = raw.toString('latin1');
      // Each multipart has two parts: its header, two delimiters and the closing one, nowhere else
      // (not inside a body, not as the start of the other boundary).
      for (const boundary of boundaries.slice(2 * i, 2 * i + 2)) expect(text.split(boundary).length - 1).toBe(4);
    }
  });

  it('composes the unusual too: non-ASCII file names, several recipients, odd Message-IDs', async () => {
    const { from, message } = MESSAGES.order!;
    const unusual: Message[] = [
      { ...message, attachments: [{ filename: 'pedido-ñandú.pdf', content: pdf, contentType: 'application/pdf' }] },
      { ...message, to: 'a@example.com, b@example.com' },
      { ...message, messageId: 'sin-corchetes@example.com' },
    ];
    for (const variant of unusual) {
      const parsed = await simpleParser(await composeMail(from, variant));
      expect(parsed.subject).toBe(message.subject);
      expect(parsed.attachments[0]!.content.equals(pdf)).toBe(true);
    }
    expect((await simpleParser(await composeMail(from, unusual[0]!))).attachments[0]!.filename).toBe('pedido-ñandú.pdf');
  });
});
