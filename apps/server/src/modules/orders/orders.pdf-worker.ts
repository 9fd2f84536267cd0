// The order-PDF thread's entry (see orders.pdf-thread.ts): lowers its own CPU priority, then
// renders every order it is sent. Built as dist/pdf-worker.js; run from source under tsx.
import { parentPort } from 'node:worker_threads';
import type { Order } from '@mayorista/core/schemas/order';
import { composeMail, type MailMessage } from '../../lib/mailer';
import { lowerThisThreadPriority } from '../../lib/thread-priority';
import { renderOrderPdf } from './orders.pdf';

/** An order's PDF, or an e-mail composed into its MIME bytes (decision 023). */
export type PdfRequest =
  | { id: number; kind: 'pdf'; order: Order; catalogName: string }
  | { id: number; kind: 'mail'; from: string; message: Omit<MailMessage, 'raw'> };

export type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

function work(request: PdfRequest): Promise<Buffer> {
  if (request.kind === 'mail') {
    // Structured cloning hands attachments over as Uint8Array; nodemailer wants Buffers.
    const attachments = request.message.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) }));
    return composeMail(request.from, { ...request.message, ...(attachments ? { attachments } : {}) });
  }
  return renderOrderPdf(request.order, request.catalogName);
}

lowerThisThreadPriority();
parentPort?.on('message', (request: PdfRequest) => {
  work(request).then(
    (pdf) => parentPort!.postMessage({ id: request.id, pdf: new Uint8Array(pdf) } satisfies PdfReply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PdfReply),
  );
});
