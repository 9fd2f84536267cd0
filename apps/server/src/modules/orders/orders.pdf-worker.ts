// The order-PDF thread's entry (see orders.pdf-thread.ts): lowers its own CPU priority, then
// renders every order it is sent. Built as dist/pdf-worker.js; run from source under tsx.
import { parentPort } from 'node:worker_threads';
import type { Order } from '@mayorista/core/schemas/order';
import { composeMail, type MailMessage } from '../../lib/mailer';
import { lowerThisThreadPriority } from '../../lib/thread-priority';
import { buildOrderMail, type OrderMailConfig, type QueuedOrderEmail } from './orders.emails';
import { renderOrderPdf } from './orders.pdf';

/**
 * An order's PDF; an e-mail composed into its MIME bytes (decision 023); or an order's outbox
 * e-mail built whole — text, HTML, PDF and MIME in one trip (decision 059).
 */
export type PdfRequest =
  | { id: number; kind: 'pdf'; order: Order; catalogName: string }
  | { id: number; kind: 'mail'; from: string; message: Omit<MailMessage, 'raw'> }
  | { id: number; kind: 'order-mail'; from: string; row: QueuedOrderEmail; order: Order; config: OrderMailConfig; messageId?: string | undefined };

/** What an order-mail answer says besides its bytes: the recipient and the log line's subject and text. */
export type MailSummary = Pick<MailMessage, 'to' | 'subject' | 'text'>;

export type PdfReply = { id: number; pdf: Uint8Array; mail?: MailSummary } | { id: number; error: string };

async function work(request: PdfRequest): Promise<{ bytes: Buffer; mail?: MailSummary }> {
  if (request.kind === 'mail') {
    // Structured cloning hands attachments over as Uint8Array; nodemailer wants Buffers.
    const attachments = request.message.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) }));
    return { bytes: await composeMail(request.from, { ...request.message, ...(attachments ? { attachments } : {}) }) };
  }
  if (request.kind === 'order-mail') {
    const message = await buildOrderMail(request.row, request.order, request.config, renderOrderPdf);
    const bytes = await composeMail(request.from, { ...message, ...(request.messageId ? { messageId: request.messageId } : {}) });
    return { bytes, mail: { to: message.to, subject: message.subject, text: message.text } };
  }
  return { bytes: await renderOrderPdf(request.order, request.catalogName) };
}

lowerThisThreadPriority();
parentPort?.on('message', (request: PdfRequest) => {
  work(request).then(
    ({ bytes, mail }) => {
      // A copy of its own (a small Buffer may share Node's pool), then moved, not copied again.
      const pdf = new Uint8Array(bytes);
      parentPort!.postMessage({ id: request.id, pdf, ...(mail ? { mail } : {}) } satisfies PdfReply, [pdf.buffer]);
    },
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PdfReply),
  );
});
