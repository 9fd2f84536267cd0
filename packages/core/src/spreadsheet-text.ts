/**
 * Text a spreadsheet program would run as a formula when it opens a CSV: a cell starting with
 * `=`, `+`, `-`, `@`, or a tab or carriage return that some programs strip first (OWASP "CSV
 * injection"), also after leading spaces (some programs trim them) and in the full-width forms
 * (＝＋－＠) that some programs read as the ASCII ones. Customers control their names and order notes; admins' imports bring product
 * names, SKUs and categories from files of unknown origin.
 *
 * A leading apostrophe makes such a cell plain text. A value that already starts with apostrophes
 * before one of those characters gets one more, so that `restoreFormulaText` is an exact inverse
 * and an exported catalogue imported back is "0 changes" whatever its names are.
 */
const FORMULA_START = /^'*\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/;
const NEUTRALISED = /^'+\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/;

/** Every text cell of every CSV the product writes goes through this. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * For text cells written where a formula cannot run (XLSX text cells): only the apostrophe the
 * import would remove is doubled, so the cell shows what the product holds.
 */
export function protectApostrophe(value: string): string {
  return NEUTRALISED.test(value) ? `'${value}` : value;
}

/** The import's inverse of both: removes the one apostrophe the export added. */
export function restoreFormulaText(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}
