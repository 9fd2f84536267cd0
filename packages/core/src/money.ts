/**
 * Money is integer centavos everywhere in code; it is formatted only at the edge.
 * One formatter for the whole product (es-AR, ARS), created once because
 * Intl.NumberFormat construction is comparatively expensive.
 */
export type Centavos = number;

const arsFormatter = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats integer centavos as Argentine pesos, e.g. 123450 → "$ 1.234,50". */
export function formatMoney(centavos: Centavos): string {
  return arsFormatter.format(centavos / 100);
}

/** Converts a decimal peso amount (as typed in a form) to integer centavos, rounding half away from zero. */
export function pesosToCentavos(pesos: number): Centavos {
  // Shift the decimal point in the number's text form: 1.005 * 100 is 100.49999… in binary
  // floating point, while Number('1.005e2') is exactly 100.5.
  const shifted = Number(`${Math.abs(pesos)}e2`);
  return (pesos < 0 ? -1 : 1) * Math.round(shifted);
}

export function centavosToPesos(centavos: Centavos): number {
  return centavos / 100;
}

/** Percentage of an amount in centavos, rounded to the nearest centavo. */
export function percentOf(centavos: Centavos, percent: number): Centavos {
  return Math.round((centavos * percent) / 100);
}

/** 123450 → "1234,50": the way an es-AR admin types it back. */
export const centavosToInput = (centavos: number | null): string => (centavos === null ? '' : (centavos / 100).toFixed(2).replace('.', ','));

/**
 * Pesos as typed in Argentina to centavos: "1234,5", "1.234,50", "1234.50", "$ 1.234". Returns
 * null when empty and NaN when it is not an amount.
 */
export function parsePesos(text: string): number | null {
  const cleaned = text.replace(/[\s$\u00a0]/g, '');
  if (!cleaned) return null;
  let normalised: string;
  if (cleaned.includes(',')) normalised = cleaned.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(cleaned)) normalised = cleaned.replace(/\./g, ''); // "1.234" is thousands in es-AR
  else normalised = cleaned;
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return Number.NaN;
  return pesosToCentavos(Number(normalised));
}

/**
 * Moments are formatted in date-time.ts (decision 083: one style for screens and documents). The
 * documents' name stays for the server's receipts and CSV.
 */
export { formatDateTime, formatDateTime as formatDocumentDateTime } from './date-time';
