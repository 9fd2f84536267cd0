import { FILE_LIMITS, fileErrors } from './limits';
import { readCsvRows } from './csv-rows';
import { isEmptyCell, type SheetRow } from './sheet-cells';
import { readXlsxRows } from './xlsx-rows';

/**
 * The one way the server reads an uploaded spreadsheet (decision 030), meant to run on the
 * untrusted-file thread (file-thread.ts). The kind is decided by the content, never by the name:
 * a zip is read as XLSX, text as CSV, anything else is refused. Rows are handed to `visit` one at
 * a time, header first; empty rows are not handed on but count toward FILE_LIMITS.rows like any
 * other, since reading them costs the same.
 */

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

export async function readSheetRows(file: Buffer, visit: (row: SheetRow) => void): Promise<void> {
  if (file.length === 0) throw fileErrors.empty();
  let header = false;
  let read = 0;
  let empty = 0;
  const count = (row: SheetRow) => {
    if (!header) {
      header = true;
      visit(row);
      return;
    }
    read++;
    const isEmpty = row.cells.every(isEmptyCell);
    if (isEmpty) empty++;
    if (read > FILE_LIMITS.rows) throw fileErrors.tooManyRows(empty > 0);
    if (!isEmpty) visit(row);
  };
  if (isZip(file)) await readXlsxRows(file, count);
  else if (looksLikeText(file)) readCsvRows(file, count);
  else throw fileErrors.unsupported();
  if (read === empty) throw fileErrors.empty();
}

export { UNCALCULATED, type CellValue, type SheetCell, type SheetRow } from './sheet-cells';
