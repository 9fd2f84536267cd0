import { messages } from '@mayorista/core/messages';
import { IMPORT_MAX_ROWS } from '@mayorista/core/schemas/pricing';
import { AppError } from '../errors';

/**
 * Every limit an uploaded spreadsheet is read under, in one place (decision 030). The compressed
 * upload is already capped by the route (IMPORT_MAX_BYTES); these bound what a small file can
 * make the server do: unpacked bytes, text held, cells and rows visited, memory and time.
 * Sized for the largest honest file: a 50,000-row catalogue exported by this product unpacks to
 * about 32 MB of sheet XML (17 columns); with every tier column filled, about twice that.
 */
export const FILE_LIMITS = {
  /** Unpacked bytes of one zip entry read, counted as they inflate (never the size the zip claims). */
  entryBytes: 100 * 1024 * 1024,
  /** Unpacked bytes of every entry read from one workbook together. */
  workbookBytes: 120 * 1024 * 1024,
  /** Zip entries listed; a workbook has about ten. */
  entries: 1000,
  /** Excel's own limit for the text of a cell. */
  cellChars: 32_767,
  /** All shared strings together (they are held for the whole sheet: cells point at them by index). */
  sharedStringChars: 16 * 1024 * 1024,
  /** Columns read per row; a value further right refuses the file, an empty or style-only cell is skipped. */
  columns: 100,
  /** Rows read after the header, empty ones included (they cost as much to read). */
  rows: IMPORT_MAX_ROWS,
  /** The reading thread's own heap (V8 old generation): going over ends the thread, not the server. */
  heapBytes: 160 * 1024 * 1024,
  /**
   * Wall time of one read; the thread is terminated when it is over. A backstop: the limits above
   * already bound the work (the largest honest file reads in about 4 s on a quiet core), but the
   * thread runs at the lowest priority and a busy server leaves it little CPU, so the budget
   * allows for that many times over. The catalogue import, which also checks and applies the file
   * on its thread, has its own budget (IMPORT_LIMITS in flows/import-prices.ts, decision 068).
   */
  timeMs: 60_000,
  /** Files waiting while another is read (one at a time per process); any more are refused. */
  queued: 2,
} as const;

export type FileLimits = typeof FILE_LIMITS;

const { files } = messages;

export const fileErrors = {
  partTooLarge: (part: string) => new AppError('file_unpacked_too_large', files.partTooLarge(part, FILE_LIMITS.entryBytes)),
  workbookTooLarge: () => new AppError('file_unpacked_too_large', files.workbookTooLarge(FILE_LIMITS.workbookBytes)),
  partLies: (part: string) => new AppError('file_damaged', files.partLies(part)),
  damaged: () => new AppError('file_damaged', files.damaged),
  tooManyParts: () => new AppError('file_damaged', files.tooManyParts(FILE_LIMITS.entries)),
  cellTooLong: (where: string) => new AppError('file_cell_too_long', files.cellTooLong(where, FILE_LIMITS.cellChars)),
  sharedTextTooLong: () => new AppError('file_cell_too_long', files.sharedTextTooLong(FILE_LIMITS.cellChars)),
  sharedTextsTooLarge: () => new AppError('file_unpacked_too_large', files.sharedTextsTooLarge(FILE_LIMITS.sharedStringChars)),
  tooManyColumns: () => new AppError('file_too_many_columns', files.tooManyColumns(FILE_LIMITS.columns)),
  tooManyRows: (withEmpty: boolean) => new AppError('file_too_many_rows', files.tooManyRows(FILE_LIMITS.rows, withEmpty)),
  tooSlow: (timeMs: number) => new AppError('file_too_slow', files.tooSlow(timeMs / 1000)),
  tooMuchMemory: (heapBytes: number) => new AppError('file_too_much_memory', files.tooMuchMemory(heapBytes)),
  busy: () => new AppError('file_reader_busy', files.busy),
  unsupported: () => new AppError('import_unsupported_file', messages.pricing.import.unsupported),
  empty: () => new AppError('import_invalid', messages.pricing.import.empty),
};
