import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors';
import { lowerThisThreadPriority } from '../thread-priority';

/**
 * The thread side of file-thread.ts: a job's entry file calls serveFileJobs with the function that
 * reads one file (through readSheetRows, which applies FILE_LIMITS). The thread runs at the
 * lowest CPU priority: the requests on the main thread always go first.
 */

export interface FileJobRequest {
  id: number;
  /** The file as the pieces it arrived in (file-thread.ts hands them over); put together here, on the thread. */
  pieces: readonly Uint8Array[];
  /** What the job needs besides the file (the import's dry-run flag and actor); structured-cloned. */
  input?: unknown;
  /** The job's time budget: the main thread ends the thread after it (plus any grace, file-thread.ts). */
  budgetMs: number;
}

/**
 * When a job must be done, on this thread's clock: a job that writes to the database checks it
 * before committing, so the main thread's timer never ends the thread around a COMMIT.
 */
export interface JobDeadline {
  at: number;
  budgetMs: number;
}

export interface FileJobFailure {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export type FileJobReply =
  { id: number; items: unknown[] } | { id: number; result: unknown } | { id: number; failure: FileJobFailure };

/**
 * A job's answer: `items` cross in batches of ITEMS_PER_MESSAGE, each its own message, so the
 * main thread unpacks 20,000 rows as several short tasks between requests rather than one long
 * one (about 90 ms for 20,000 import rows); `result` is the small rest.
 */
export interface FileJobAnswer<I, R> {
  items: I[];
  result: R;
}

const ITEMS_PER_MESSAGE = 1000;

/** An AppError crosses as its code, message and details; anything else is a defect, shown only in the log. */
function failureOf(error: unknown): FileJobFailure {
  if (error instanceof AppError)
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  return { code: 'internal_error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

export function serveFileJobs<I, R>(read: (file: Buffer, input: unknown, deadline: JobDeadline) => Promise<FileJobAnswer<I, R>>): void {
  const port = parentPort;
  if (!port) throw new Error('serveFileJobs runs only on a worker thread');
  lowerThisThreadPriority();
  port.on('message', (request: FileJobRequest) => {
    const file = Buffer.concat(request.pieces);
    const deadline = { at: Date.now() + request.budgetMs, budgetMs: request.budgetMs };
    read(file, request.input, deadline).then(
      ({ items, result }) => {
        for (let i = 0; i < items.length; i += ITEMS_PER_MESSAGE) {
          port.postMessage({ id: request.id, items: items.slice(i, i + ITEMS_PER_MESSAGE) } satisfies FileJobReply);
        }
        port.postMessage({ id: request.id, result } satisfies FileJobReply);
      },
      (error: unknown) => port.postMessage({ id: request.id, failure: failureOf(error) } satisfies FileJobReply),
    );
  });
}
