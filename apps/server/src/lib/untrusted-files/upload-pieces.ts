import type { MultipartFile } from '@fastify/multipart';

/**
 * An uploaded file as the pieces it arrived in, each copied into memory of its own, for a file
 * thread to put together (file-thread.ts hands the pieces over without copying them again). The
 * multipart plugin's `toBuffer()` joins the pieces on the main thread instead: for a 0.7 MB
 * workbook, one 3–6 ms copy into fresh memory, during which no request is answered (decision 088).
 * Copied piece by piece as they arrive, the same bytes cost a few short steps between requests.
 *
 * Each piece is copied because the parser's chunks are views into the socket's reading memory,
 * which holds other bytes too (headers, boundaries) and cannot be moved to a thread.
 *
 * Over the part's size limit it throws `tooLarge()`, as `toBuffer()` throws its own error, and
 * like `toBuffer()` only once the rest of the upload has been read and dropped: a request whose
 * body is left unread keeps its connection open, and the server's shutdown then waited for it until
 * it was forced to exit, leaving the embedded PostgreSQL running.
 */
export async function uploadPieces(part: MultipartFile, tooLarge: () => Error): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  let over = false;
  for await (const chunk of part.file as AsyncIterable<Uint8Array>) {
    over ||= part.file.truncated;
    if (over) pieces.length = 0;
    else pieces.push(new Uint8Array(chunk));
  }
  if (over || part.file.truncated) throw tooLarge();
  return pieces;
}
