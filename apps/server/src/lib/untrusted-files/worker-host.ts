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
  file: Uint8Array;
}

export interface FileJobFailure {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export type FileJobReply = { id: number; result: unknown } | { id: number; failure: FileJobFailure };

/** An AppError crosses as its code, message and details; anything else is a defect, shown only in the log. */
function failureOf(error: unknown): FileJobFailure {
  if (error instanceof AppError)
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  return { code: 'internal_error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

export function serveFileJobs(read: (file: Buffer) => Promise<unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveFileJobs runs only on a worker thread');
  lowerThisThreadPriority();
  port.on('message', (request: FileJobRequest) => {
    const file = Buffer.from(request.file.buffer, request.file.byteOffset, request.file.byteLength);
    read(file).then(
      (result) => port.postMessage({ id: request.id, result } satisfies FileJobReply),
      (error: unknown) => port.postMessage({ id: request.id, failure: failureOf(error) } satisfies FileJobReply),
    );
  });
}
