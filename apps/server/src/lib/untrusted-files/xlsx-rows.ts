import { FILE_LIMITS, fileErrors } from './limits';
import { columnIndex, columnLetters, isEmptyCell, UNCALCULATED, type SheetCell, type SheetRow } from './sheet-cells';
import { parseXml, type XmlHandlers } from './xml-stream';
import { listEntries, unpackEntry, type UnpackBudget, type ZipEntry } from './zip-entries';

/**
 * The rows of a workbook's first sheet, read with our own SAX handlers instead of a workbook
 * library (decision 030): the shared strings are held (cells point at them by index) but each is
 * bounded, and a row holds at most FILE_LIMITS.columns cells whatever column its cells claim.
 * Nothing is evaluated: a formula counts by the value Excel saved with it.
 */

interface Book {
  zip: Buffer;
  entries: Map<string, ZipEntry>;
  budget: UnpackBudget;
}

const NO_HANDLER = () => {};

async function readPart(book: Book, name: string, handlers: XmlHandlers): Promise<boolean> {
  const entry = book.entries.get(name);
  if (!entry) return false;
  await parseXml(unpackEntry(book.zip, entry, book.budget), handlers);
  return true;
}

/** `worksheets/sheet1.xml` seen from `xl/` is `xl/worksheets/sheet1.xml`; `/xl/…` is from the root. */
function resolveTarget(directory: string, target: string): string {
  const parts = target.startsWith('/') ? [] : directory.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment && segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

interface Relationships {
  byId: Map<string, string>;
  byType: Map<string, string>;
}

async function relationshipsOf(book: Book, relsPath: string, directory: string): Promise<Relationships> {
  const rels: Relationships = { byId: new Map(), byType: new Map() };
  await readPart(book, relsPath, {
    open(name, a) {
      if (name !== 'Relationship' || !a.Target || a.TargetMode === 'External') return;
      const target = resolveTarget(directory, a.Target);
      if (a.Id) rels.byId.set(a.Id, target);
      const type = a.Type?.slice(a.Type.lastIndexOf('/') + 1);
      if (type && !rels.byType.has(type)) rels.byType.set(type, target);
    },
    close: NO_HANDLER,
    text: NO_HANDLER,
  });
  return rels;
}

/** The first sheet as Excel shows the tabs (workbook order, not zip order), and the shared strings. */
async function locateParts(book: Book): Promise<{ sheet: string; sharedStrings: string | undefined }> {
  const root = await relationshipsOf(book, '_rels/.rels', '');
  const workbook = root.byType.get('officeDocument') ?? 'xl/workbook.xml';
  const slash = workbook.lastIndexOf('/') + 1;
  const directory = workbook.slice(0, slash);
  const rels = await relationshipsOf(book, `${directory}_rels/${workbook.slice(slash)}.rels`, directory);
  let firstSheet: string | undefined;
  await readPart(book, workbook, {
    open(name, a) {
      if (name !== 'sheet' || firstSheet !== undefined) return;
      const idKey = Object.keys(a).find((k) => k.endsWith(':id'));
      firstSheet = idKey ? rels.byId.get(a[idKey]!) : undefined;
    },
    close: NO_HANDLER,
    text: NO_HANDLER,
  });
  if (!firstSheet || !book.entries.has(firstSheet)) throw fileErrors.unsupported();
  return { sheet: firstSheet, sharedStrings: rels.byType.get('sharedStrings') };
}

/** Each shared string bounded, and all of them together (each also costs its slot). */
async function readSharedStrings(book: Book, name: string): Promise<string[]> {
  const strings: string[] = [];
  let held = 0;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0; // text of <rPh> (pronunciation guides) is not part of the string
  await readPart(book, name, {
    open(n) {
      if (n === 'si') current = '';
      else if (n === 'rPh') phonetic++;
      else if (n === 't' && current !== null && phonetic === 0) inText = true;
    },
    close(n) {
      if (n === 't') inText = false;
      else if (n === 'rPh') phonetic--;
      else if (n === 'si' && current !== null) {
        held += current.length + 16;
        if (held > FILE_LIMITS.sharedStringChars) throw fileErrors.sharedTextsTooLarge();
        strings.push(current);
        current = null;
      }
    },
    text(t) {
      if (!inText || current === null) return;
      current += t;
      if (current.length > FILE_LIMITS.cellChars) throw fileErrors.sharedTextTooLong();
    },
  });
  return strings;
}

interface Cell {
  column: number;
  /** The column as the cell's `r` names it (`AB` of `AB12`); null without one. */
  letters: string | null;
  /** The row it is in, for the error that names the cell. */
  row: number;
  type: string;
  text: string;
  hasValue: boolean;
  hasFormula: boolean;
  capturing: boolean;
}

/** The letters `r="AB12"` starts with, without a regular expression's match for every cell. */
function leadingLetters(ref: string | undefined): string | null {
  if (!ref) return null;
  let end = 0;
  for (let code = ref.charCodeAt(0); (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a); code = ref.charCodeAt(++end));
  return end === 0 ? null : ref.slice(0, end);
}

/** A shared-string cell's text; an index that is not one of the table's is a damaged file. */
function sharedString(shared: string[], index: string): string {
  const at = /^\s*\d+\s*$/.test(index) ? Number(index) : -1;
  if (at < 0 || at >= shared.length) throw fileErrors.damaged();
  return shared[at]!;
}

function valueOf(cell: Cell, shared: string[]): SheetCell {
  if (cell.hasFormula && !cell.hasValue) return UNCALCULATED;
  if (!cell.hasValue) return null;
  const text = cell.text;
  switch (cell.type) {
    case 's':
      return sharedString(shared, text);
    case 'inlineStr':
    case 'str':
      return text;
    case 'b':
      return text.trim() === '1' || text.trim() === 'true';
    case 'e':
      return cell.hasFormula ? UNCALCULATED : text;
    case 'd':
      return text.slice(0, 10);
    default: {
      const n = Number(text);
      return text.trim() === '' ? null : Number.isFinite(n) ? n : text;
    }
  }
}

/**
 * Handlers for the sheet part: a row is handed to `visit` when it closes, with its cells up to the
 * last one within FILE_LIMITS.columns. A cell further right is skipped when empty or style-only
 * (Excel writes those for a formatted row or column) and refuses the file when it holds a value.
 */
function sheetHandlers(shared: string[], visit: (row: SheetRow) => void): XmlHandlers {
  let rowNumber = 0;
  let cells: SheetCell[] = [];
  let lastColumn = -1;
  let cell: Cell | null = null;
  let phonetic = 0;
  return {
    open(name, a) {
      if (name === 'row') {
        const declared = Number(a.r);
        rowNumber = Number.isSafeInteger(declared) && declared > 0 ? declared : rowNumber + 1;
        cells = [];
        lastColumn = -1;
      } else if (name === 'c') {
        const letters = leadingLetters(a.r);
        const column = letters ? columnIndex(letters) : lastColumn + 1;
        lastColumn = column;
        cell = { column, letters, row: rowNumber, type: a.t ?? 'n', text: '', hasValue: false, hasFormula: false, capturing: false };
      } else if (cell) {
        if (name === 'v') cell.hasValue = cell.capturing = true;
        else if (name === 'f') cell.hasFormula = true;
        else if (name === 'is') cell.hasValue = true;
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && phonetic === 0) cell.capturing = true;
      }
    },
    text(t) {
      if (!cell?.capturing) return;
      cell.text += t;
      if (cell.text.length > FILE_LIMITS.cellChars) throw fileErrors.cellTooLong(`${cell.letters ?? columnLetters(cell.column)}${cell.row}`);
    },
    close(name) {
      if (name === 'v' || name === 't') {
        if (cell) cell.capturing = false;
      } else if (name === 'rPh') phonetic--;
      else if (name === 'c' && cell) {
        const value = valueOf(cell, shared);
        if (cell.column < FILE_LIMITS.columns) cells[cell.column] = value;
        else if (!isEmptyCell(value)) throw fileErrors.tooManyColumns();
        cell = null;
      } else if (name === 'row') {
        visit({ row: rowNumber, cells: Array.from({ length: cells.length }, (_, i) => cells[i] ?? null) });
      }
    },
  };
}

/** Every row element of the workbook's first sheet, in order, empty ones included. */
export async function readXlsxRows(zip: Buffer, visit: (row: SheetRow) => void): Promise<void> {
  const book: Book = { zip, entries: listEntries(zip), budget: { used: 0 } };
  const parts = await locateParts(book);
  const shared = parts.sharedStrings ? await readSharedStrings(book, parts.sharedStrings) : [];
  await readPart(book, parts.sheet, sheetHandlers(shared, visit));
}
