import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Order } from '@mayorista/core/schemas/order';
import type { MailMessage } from '../../lib/mailer';
import type { PdfReply, PdfRequest } from './orders.pdf-worker';

/** A request before it is numbered (Omit applied to each kind of request). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<PdfRequest>;

/**
 * Renders the PDFs the e-mail outbox attaches on a thread of their own at the lowest CPU
 * priority (decision 021). Measured under the order benchmark, rendering them on the main thread
 * took about a quarter of the server's CPU, in the same core and at the same priority as the
 * orders being placed. On the thread they use the CPU the requests leave: under a burst of orders
 * the e-mails go out later, never the orders. The download routes still render in-process (a
 * person is waiting for that file).
 *
 * The outbox's e-mails are composed there too (MIME with the PDF attached, about a millisecond
 * each, decision 023): the main thread only claims, sends the bytes and marks the row.
 *
 * One thread per process, started with the first PDF and not keeping the process alive. From
 * source (tests, dev) the thread runs the TypeScript entry through tsx; the build emits
 * dist/pdf-worker.js next to main.js.
 */
export class OrderPdfThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(pdf: Buffer): void; reject(error: Error): void }>();

  render(order: Order, catalogName: string): Promise<Buffer> {
    return this.ask({ kind: 'pdf', order, catalogName });
  }

  /** The e-mail as MIME bytes, for a mailer to send as `raw` (composeMail, on this thread). */
  composeMail(from: string, message: Omit<MailMessage, 'raw'>): Promise<Buffer> {
    return this.ask({ kind: 'mail', from, message });
  }

  private ask(request: Request): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
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
      else waiting.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
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
