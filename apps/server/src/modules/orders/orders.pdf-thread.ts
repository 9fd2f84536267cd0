import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Order } from '@mayorista/core/schemas/order';
import type { MailMessage } from '../../lib/mailer';
import type { OrderMailConfig, QueuedOrderEmail } from './orders.emails';
import type { MailSummary, PdfReply, PdfRequest } from './orders.pdf-worker';

/** A request before it is numbered (Omit applied to each kind of request). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<PdfRequest>;
/** The thread's answer: the bytes (a PDF or a whole e-mail) and, for an order e-mail, its summary. */
type Answer = { bytes: Buffer; mail?: MailSummary };

/**
 * Renders the PDFs the e-mail outbox attaches on a thread of their own at the lowest CPU
 * priority (decision 021). Measured under the order benchmark, rendering them on the main thread
 * took about a quarter of the server's CPU, in the same core and at the same priority as the
 * orders being placed. On the thread they use the CPU the requests leave: under a burst of orders
 * the e-mails go out later, never the orders. The download routes still render in-process (a
 * person is waiting for that file).
 *
 * The outbox's e-mails are composed there too (MIME with the PDF attached, about a millisecond
 * each, decision 023), and an order's e-mail is built there whole — its text and HTML as well,
 * in one trip, the bytes moved back rather than copied (decision 059): the main thread only
 * reads the order, claims, sends the bytes and marks the row.
 *
 * One thread per process, started with the first PDF and not keeping the process alive. From
 * source (tests, dev) the thread runs the TypeScript entry through tsx; the build emits
 * dist/pdf-worker.js next to main.js.
 */
export class OrderPdfThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();

  async render(order: Order, catalogName: string): Promise<Buffer> {
    return (await this.ask({ kind: 'pdf', order, catalogName })).bytes;
  }

  /** The e-mail as MIME bytes, for a mailer to send as `raw` (composeMail, on this thread). */
  async composeMail(from: string, message: Omit<MailMessage, 'raw'>): Promise<Buffer> {
    return (await this.ask({ kind: 'mail', from, message })).bytes;
  }

  /**
   * An order's outbox e-mail built whole on this thread — text, HTML, the PDF and the MIME — in one
   * trip (decision 059): the main thread sends `raw`; the other fields name the recipient and the log line.
   */
  async orderMail(from: string, row: QueuedOrderEmail, order: Order, config: OrderMailConfig, messageId?: string): Promise<MailMessage> {
    const { bytes, mail } = await this.ask({ kind: 'order-mail', from, row, order, config, messageId });
    return { to: mail?.to ?? row.recipient, subject: mail?.subject ?? '', text: mail?.text ?? '', html: '', raw: bytes };
  }

  private ask(request: Request): Promise<Answer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as PdfRequest);
      // Referenced only while a PDF is being rendered, so an idle thread never holds the process open.
      worker.ref();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = import.meta.url.endsWith('.ts') ? sourceWorker() : new Worker(new URL('./pdf-worker.js', import.meta.url));
    worker.unref();
    worker.on('message', (reply: PdfReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve({ bytes: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), ...(reply.mail ? { mail: reply.mail } : {}) });
    });
    // A thread that dies fails what it had in hand (the outbox retries those rows); the next PDF starts a new one.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`el hilo de PDF terminó (código ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** From source, the thread loads the TypeScript entry through tsx's API (a Worker's execArgv cannot register loaders). */
function sourceWorker(): Worker {
  // require.resolve finds the CommonJS build; the thread imports its ES module sibling.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./orders.pdf-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`, {
    eval: true,
  });
}
