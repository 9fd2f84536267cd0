import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { messages } from '@mayorista/core/messages';
import { IMPORT_MAX_ROWS } from '@mayorista/core/schemas/pricing';
import { AppError } from '../../lib/errors';
import type { CellValue } from './sheet.columns';

/**
 * Reads an uploaded catalogue spreadsheet into rows of plain cell values. The kind is decided by
 * the content, never by the name: a zip is read as XLSX, text as CSV, anything else is refused.
 * Nothing in a file is ever executed: ExcelJS reads a formula's cached result (the value Excel
 * saved), and a formula without one is reported as a cell error by the importer.
 */

export interface SheetRow {
  /** The row number a person sees in Excel (the header is row 1). */
  row: number;
  cells: (CellValue | typeof UNCALCULATED)[];
}

/** A formula cell with no cached result: reported per cell, never evaluated. */
export const UNCALCULATED = Symbol('uncalculated');

const unsupported = () => new AppError('import_unsupported_file', messages.pricing.import.unsupported);
const tooManyRows = () => new AppError('import_invalid', messages.pricing.import.tooManyRows(IMPORT_MAX_ROWS));

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Text, not a renamed binary: no NUL and almost no control characters in the first 64 KB. */
function looksLikeText(b: Buffer): boolean {
  const sample = b.subarray(0, 65536);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control <= sample.length / 100;
}

/** UTF-8 when valid (BOM dropped); otherwise Windows-1252, what Excel in Spanish saves as "CSV". */
function decodeText(b: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(b);
  } catch {
    return new TextDecoder('windows-1252').decode(b);
  }
}

type ExcelValue = ExcelJS.CellValue | undefined;

function plainCell(v: ExcelValue): CellValue | typeof UNCALCULATED {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) {
      const result = (v as { result?: unknown }).result;
      if (result === undefined || result === null || typeof result === 'object') return UNCALCULATED;
      return result as CellValue;
    }
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return String(v.error);
  }
  return null;
}

async function* xlsxRows(buffer: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelValue[];
        // ExcelJS rows are 1-based sparse arrays.
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => plainCell(values[i + 1]));
        yield { row: row.number, cells };
      }
      break; // the first sheet is the catalogue
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupported();
  }
  if (!sawSheet) throw unsupported();
}

async function* csvRows(text: string): AsyncGenerator<SheetRow> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const parser = Readable.from([text]).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, info: true }),
  );
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { row: record.info.lines, cells: record.record.map((c) => (c.trim() === '' ? null : c)) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('import_invalid', `${messages.pricing.import.unsupported} (${(error as Error).message})`);
  }
}

const isEmptyRow = (cells: SheetRow['cells']) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/**
 * The rows of an upload as they stream out of the file, header first; empty rows are skipped
 * (between products and at the end, as Excel leaves them). The caller handles each row before
 * the next is read, so a 20,000-row file is never held as rows (decision 022). Refuses an empty
 * file, more than IMPORT_MAX_ROWS data rows, and anything that is neither XLSX nor text.
 */
export async function* sheetRows(buffer: Buffer): AsyncGenerator<SheetRow> {
  if (buffer.length === 0) throw new AppError('import_invalid', messages.pricing.import.empty);
  let source: AsyncGenerator<SheetRow>;
  if (isZip(buffer)) source = xlsxRows(buffer);
  else if (looksLikeText(buffer)) source = csvRows(decodeText(buffer));
  else throw unsupported();
  let header = false;
  let dataRows = 0;
  for await (const row of source) {
    if (!header) {
      header = true;
      yield row;
      continue;
    }
    if (isEmptyRow(row.cells)) continue;
    if (++dataRows > IMPORT_MAX_ROWS) throw tooManyRows();
    yield row;
  }
  if (dataRows === 0) throw new AppError('import_invalid', messages.pricing.import.empty);
}
