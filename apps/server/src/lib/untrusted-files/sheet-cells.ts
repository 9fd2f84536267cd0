/** What a cell of an uploaded sheet holds once read (both XLSX and CSV give these). */
export type CellValue = string | number | boolean | null;

/** A formula cell with no cached result: reported per cell, never evaluated. */
export const UNCALCULATED: unique symbol = Symbol('uncalculated');
export type SheetCell = CellValue | typeof UNCALCULATED;

export interface SheetRow {
  /** The row number a person sees in Excel (the header is row 1). */
  row: number;
  cells: SheetCell[];
}

/** "A" → 0, "XFD" → 16383; more than three letters is past any real column. */
export function columnIndex(letters: string): number {
  if (letters.length === 0 || letters.length > 3) return Number.MAX_SAFE_INTEGER;
  let index = 0;
  for (const ch of letters.toUpperCase()) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export const isEmptyCell = (c: SheetCell) => c === null || (typeof c === 'string' && c.trim() === '');
