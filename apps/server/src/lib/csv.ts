/**
 * CSV for spreadsheet programs as Argentine admins use them:
 * - UTF-8 with a byte-order mark, otherwise Excel reads the file as Windows-1252 and mangles
 *   "Pendiente de Canje"'s neighbours like "Gómez" or "Azúcar".
 * - `;` as the separator: with an es-AR regional setting the decimal separator is the comma,
 *   so Excel and LibreOffice expect `;` between fields and split "1.234,50" correctly only then.
 * - Amounts in es-AR format without the currency sign ("1.234,50") so they stay numbers.
 */
export const CSV_SEPARATOR = ';';

const amountFormatter = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

export function formatCsvAmount(centavos: number): string {
  return amountFormatter.format(centavos / 100);
}
