/**
 * A sales rep's commission (decision 054): a percentage of the sales they took in a period, kept
 * as basis points (250 = 2,5 %) so no fraction is ever stored, and paid in whole centavos.
 * Pure and zod-free: the server's summaries and the web's staff screen share it.
 */

/** 100 %: the highest commission a rep can have. */
export const COMMISSION_BP_MAX = 10_000;

/**
 * The commission on `salesCentavos` at `commissionBp`, in centavos, rounded half up (half a
 * centavo or more counts as one). No commission set, or no sales: 0. Exact for any amount (BigInt).
 */
export function commissionOf(salesCentavos: number, commissionBp: number | null): number {
  if (!commissionBp || salesCentavos <= 0) return 0;
  if (!Number.isSafeInteger(salesCentavos) || !Number.isInteger(commissionBp) || commissionBp < 0 || commissionBp > COMMISSION_BP_MAX) {
    throw new RangeError('commissionOf: centavos and basis points must be whole numbers in range');
  }
  return Number((BigInt(salesCentavos) * BigInt(commissionBp) + 5_000n) / 10_000n);
}

/**
 * What the owner types ("2", "2,5", "2.75", "12,5 %") as basis points; "" is no commission (null);
 * undefined for anything else (more than two decimals, over 100, not a number).
 */
export function parseCommissionPercent(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (cleaned === '') return null;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp > COMMISSION_BP_MAX ? undefined : bp;
}

/** Basis points as people read a percentage: 250 → "2,5 %", 1000 → "10 %". */
export function formatCommissionPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const cents = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${cents ? `,${cents}` : ''} %`;
}
