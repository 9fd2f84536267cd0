import type { Worker } from 'node:worker_threads';
import { isErrorCode } from '@mayorista/core/errors';
import { AppError } from '../errors';
import { startThread, type ThreadEntry as ThreadFiles } from '../threads';
import { FILE_LIMITS, fileErrors } from './limits';
import type { FileJobAnswer, FileJobReply, FileJobRequest } from './worker-host';

/**
 * Reads uploaded files away from the request path (decision 030): on a worker thread with its own
 * heap limit (going over ends the thread, never the server) and a time budget (the thread is
 * terminated when it is over), one file at a time per process with a short queue. The main
 * thread only waits, so requests keep their latency while a file is read.
 *
 * The thread is kept between files (starting one under tsx costs a second in tests) and ended
 * after IDLE_MS without work, giving its memory back. From source the entry runs through tsx;
 * the build emits it next to main.js (build.mjs).
 */

/** A job's thread entry, and what the thread starts with (`workerData`). */
export interface ThreadEntry extends ThreadFiles {
  data?: unknown;
}

export interface UntrustedFileReader<I, R> {
  /**
   * `pieces` are the file as it arrived (upload-pieces.ts), put together on the thread. They are
   * handed over, not copied: their memory moves to the thread, so the caller must not read them
   * afterwards. `input` travels with them to the job (structured-cloned).
   */
  read(pieces: readonly Uint8Array[], input?: unknown): Promise<FileJobAnswer<I, R>>;
  close(): Promise<void>;
}

/**
 * The limits a reader enforces itself; tests shorten them. `timeMs` is the job's budget, which the
 * job is told; the thread is ended `graceMs` after it (default 0), so a job that checks its
 * deadline before committing (the import) stops cleanly instead of being cut around a COMMIT.
 */
export type ThreadLimits = Record<'heapBytes' | 'timeMs' | 'queued', number> & { graceMs?: number };

const IDLE_MS = 30_000;
const MB = 1024 * 1024;

interface Pending {
  id: number;
  items: unknown[];
  resolve(answer: FileJobAnswer<unknown, unknown>): void;
  reject(error: Error): void;
}

/** The job's thread, with its heap limit and what it starts with. */
function startWorker(entry: ThreadEntry, limits: ThreadLimits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: limits.heapBytes / MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
  return startThread(entry, { resourceLimits, workerData: entry.data });
}

/**
 * What postMessage moves instead of copying: the memory of each piece that is all of its memory.
 * Copying a 0.7 MB workbook to the thread held the main thread 4–8 ms per import, and every request
 * that arrived meanwhile waited (decision 088). A piece that is part of larger memory (a small
 * Buffer shares Node's pool with other buffers) is never moved, only copied.
 */
function handOver(pieces: readonly Uint8Array[]): ArrayBuffer[] {
  const moved = new Set<ArrayBuffer>();
  for (const piece of pieces) {
    const memory = piece.buffer;
    if (memory instanceof ArrayBuffer && piece.byteOffset === 0 && piece.byteLength === memory.byteLength) moved.add(memory);
  }
  return [...moved];
}

function errorOf(reply: Extract<FileJobReply, { failure: unknown }>): Error {
  const { code, message, details } = reply.failure;
  return isErrorCode(code) && code !== 'internal_error' ? new AppError(code, message, details) : new Error(message);
}

/**
 * One job thread: started on demand, one job in hand at a time, ended after IDLE_MS without work,
 * on a job over its time budget or heap limit, and on close (which also refuses the job in hand,
 * so its request answers now instead of waiting for the budget).
 */
function createJobThread(entry: ThreadEntry, limits: ThreadLimits) {
  let worker: Worker | null = null;
  let pending: Pending | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;

  const stop = () => {
    const stopping = worker;
    worker = null;
    return stopping ? stopping.terminate().then(() => undefined) : Promise.resolve();
  };

  const settle = (fn: (p: Pending) => void) => {
    const current = pending;
    pending = null;
    if (current) fn(current);
  };

  function start(): Worker {
    const started = startWorker(entry, limits);
    started.on('message', (reply: FileJobReply) => {
      if (reply.id !== pending?.id) return;
      if ('items' in reply) pending.items.push(...reply.items);
      else if ('failure' in reply) settle((p) => p.reject(errorOf(reply)));
      else settle((p) => p.resolve({ items: p.items, result: reply.result }));
    });
    // A reply that cannot be unpacked leaves the job without an answer: end it now.
    started.on('messageerror', (error: Error) => {
      if (worker !== started) return;
      void stop();
      settle((p) => p.reject(error));
    });
    // A thread already stopped (its job timed out) has nothing in hand: its late events are ignored.
    started.on('error', (error: Error & { code?: string }) => {
      if (worker !== started) return;
      worker = null;
      settle((p) => p.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? fileErrors.tooMuchMemory(limits.heapBytes) : error));
    });
    started.on('exit', (code) => {
      if (worker !== started) return;
      worker = null;
      settle((p) => p.reject(new Error(`the file thread ended (code ${code})`)));
    });
    return started;
  }

  function run(pieces: readonly Uint8Array[], input: unknown): Promise<FileJobAnswer<unknown, unknown>> {
    if (idle) clearTimeout(idle);
    const thread = worker ?? (worker = start());
    thread.ref();
    return new Promise<FileJobAnswer<unknown, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          void stop();
          settle((p) => p.reject(fileErrors.tooSlow(limits.timeMs)));
        },
        limits.timeMs + (limits.graceMs ?? 0),
      );
      const done =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          fn(value);
        };
      pending = { id: nextId++, items: [], resolve: done(resolve), reject: done(reject) };
      const request: FileJobRequest = { id: pending.id, pieces, input, budgetMs: limits.timeMs };
      thread.postMessage(request, handOver(pieces));
    }).finally(() => {
      worker?.unref();
      idle = setTimeout(() => void stop(), IDLE_MS).unref();
    });
  }

  function close(): Promise<void> {
    if (idle) clearTimeout(idle);
    settle((p) => p.reject(new Error('the file reader was closed')));
    return stop();
  }

  return { run, close };
}

/** One job at a time; `queued` more wait for their turn, and any beyond are refused. */
function createTurns(queued: number) {
  let busy = false;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (busy) {
      if (waiting.length >= queued) throw fileErrors.busy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    busy = true;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so no new caller slips in between.
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    }
  };
}

export function createUntrustedFileReader<I, R>(
  entry: ThreadEntry,
  limits: ThreadLimits = FILE_LIMITS,
): UntrustedFileReader<I, R> {
  const thread = createJobThread(entry, limits);
  const inTurn = createTurns(limits.queued);
  let closed = false;
  return {
    async read(pieces, input) {
      if (closed) throw new Error('the file reader was closed');
      return (await inTurn(() => thread.run(pieces, input))) as FileJobAnswer<I, R>;
    },
    close: () => {
      closed = true;
      return thread.close();
    },
  };
}
