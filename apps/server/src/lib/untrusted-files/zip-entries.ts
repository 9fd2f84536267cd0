import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError } from '../errors';
import { FILE_LIMITS, fileErrors } from './limits';

/**
 * A zip read from its central directory, each entry inflated as a stream whose REAL output is
 * counted as it comes (decision 030). The sizes a zip declares are only used to refuse early: an
 * entry declaring more than the limit is refused before it is read, and one that inflates past
 * what it declares is refused as damaged at that byte. Entries never asked for are never inflated.
 */

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeader: number;
}

/** Unpacked bytes read so far from one workbook, across its entries. */
export interface UnpackBudget {
  used: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** Inflated text is handed on in pieces of this size, so no piece of a bomb is ever large. */
const PIECE = 64 * 1024;

function findEndOfDirectory(zip: Buffer): number {
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= earliest; at--) if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return -1;
}

/** The entries the central directory lists, by name. */
export function listEntries(zip: Buffer): Map<string, ZipEntry> {
  const end = zip.length >= 22 ? findEndOfDirectory(zip) : -1;
  if (end < 0) throw fileErrors.unsupported();
  const count = zip.readUInt16LE(end + 10);
  if (count > FILE_LIMITS.entries) throw fileErrors.tooManyParts();
  const entries = new Map<string, ZipEntry>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_HEADER) throw fileErrors.unsupported();
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, Math.min(zip.length, at + 46 + nameLength));
    entries.set(name, {
      name,
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localHeader: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function compressedBytes(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeader;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) throw fileErrors.unsupported();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw fileErrors.unsupported();
  return zip.subarray(start, start + entry.compressedSize);
}

function sourceOf(zip: Buffer, entry: ZipEntry): Readable {
  // Bit 0: encrypted. Excel never encrypts a part this way; a password-protected book is not a zip at all.
  if ((entry.flags & 1) !== 0) throw fileErrors.unsupported();
  const data = compressedBytes(zip, entry);
  if (entry.method === STORED) {
    return Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += PIECE) yield data.subarray(i, i + PIECE);
      })(),
    );
  }
  if (entry.method !== DEFLATED) throw fileErrors.unsupported();
  const inflater = createInflateRaw({ chunkSize: PIECE });
  inflater.end(data);
  return inflater;
}

/** The entry's unpacked bytes, piece by piece, refused at the first byte past a limit. */
export async function* unpackEntry(zip: Buffer, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Buffer> {
  if (entry.declaredSize > FILE_LIMITS.entryBytes) throw fileErrors.partTooLarge(entry.name);
  if (budget.used + entry.declaredSize > FILE_LIMITS.workbookBytes) throw fileErrors.workbookTooLarge();
  const source = sourceOf(zip, entry);
  let unpacked = 0;
  try {
    for await (const piece of source as AsyncIterable<Buffer>) {
      unpacked += piece.length;
      budget.used += piece.length;
      // The declared size was checked against the limit above, so this also holds the real bytes under it.
      if (unpacked > entry.declaredSize) throw fileErrors.partLies(entry.name);
      if (budget.used > FILE_LIMITS.workbookBytes) throw fileErrors.workbookTooLarge();
      yield piece;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fileErrors.unsupported(); // not deflate data: a damaged or fake workbook
  } finally {
    source.destroy();
  }
}
