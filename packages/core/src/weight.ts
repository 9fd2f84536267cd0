/**
 * A product's weight (decisions 056 and 061): whole grams per unit in code and in the database,
 * kilos where a person reads or types it — the product form and the catalogue spreadsheet read
 * kilos with this one function.
 */

/**
 * Kilos as typed in Argentina to grams: "1,5", "1.5", "0,250", " 12 ", "1.234,5" (a point before a
 * comma groups thousands; without a comma a point is the decimal one, so "1.250" is 1,25 kg, as in
 * the product form). Null when blank; NaN when it is not a number or is finer than a gram (more
 * than 3 decimals). A minus sign is kept, so the product's rule answers "mayor que cero".
 */
export function parseKilos(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(/kg$/i, '');
  if (!cleaned) return null;
  const normalised = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  const match = /^(-?)(\d+(?:\.\d{1,3})?)$/.exec(normalised);
  if (!match) return Number.NaN;
  // Shift the point in the text: 1.005 * 1000 is 1004.999… in binary floating point.
  const grams = Number(`${match[2]}e3`);
  return match[1] ? -grams : grams;
}

/** Grams as kilos a person types back: 1500 → "1,5", 250 → "0,25"; blank when unknown. No thousands point, so it reads back the same. */
export const gramsToKilosInput = (grams: number | null): string => (grams === null ? '' : String(grams / 1000).replace('.', ','));
