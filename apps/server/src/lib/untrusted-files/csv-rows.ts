import { parse } from 'csv-parse/sync';
import { AppError } from '../errors';
import { messages } from '@mayorista/core/messages';
import { FILE_LIMITS, fileErrors } from './limits';
import { columnLetters, isEmptyCell, type SheetRow } from './sheet-cells';

/**
 * The records of a CSV upload, one at a time: csv-parse hands each record to `on_record` and
 * keeps none (the callback returns null), so memory stays at one record whatever the file.
 * The text itself is bounded by the upload limit.
 */

/** UTF-8 when valid (BOM dropped); otherwise Windows-1252, what Excel in Spanish saves as "CSV". */
function decodeText(b: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(b);
  } catch {
    return new TextDecoder('windows-1252').decode(b);
  }
}

/** The cells of a record, refused when a cell is too long or a value lies past the columns read. */
function cellsOf(record: string[], row: number): SheetRow['cells'] {
  const cells = record.length > FILE_LIMITS.columns ? record.slice(0, FILE_LIMITS.columns) : record;
  for (let i = FILE_LIMITS.columns; i < record.length; i++) if (!isEmptyCell(record[i]!)) throw fileErrors.tooManyColumns();
  return cells.map((c, i) => {
    if (c.length > FILE_LIMITS.cellChars) throw fileErrors.cellTooLong(`${columnLetters(i)}${row}`);
    return c.trim() === '' ? null : c;
  });
}

export function readCsvRows(buffer: Buffer, visit: (row: SheetRow) => void): void {
  const text = decodeText(buffer);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  // Rows are counted by record, as a spreadsheet numbers them: a quoted cell with a line break
  // spans two lines of text but is one row (csv-parse's `lines` would name the row after it).
  let row = 0;
  try {
    parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        row++;
        visit({ row, cells: cellsOf(record, row) });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('import_invalid', `${messages.pricing.import.unsupported} (${(error as Error).message})`);
  }
}
