import { formatMoney } from '@mayorista/core/money';
import { receivables } from './texts';

/** "2026-12-01" → "01/12/2026": a calendar date of the business, shown as it is (no time zone shift). */
export function formatDueDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : date;
}

/** The balance as a person reads it: what they owe, or what is in their favour ("a favor"), never a minus sign. */
export function balanceText(balance: number): { amount: string; label: string; tone: 'owed' | 'favour' | 'zero' } {
  const t = receivables.summary;
  if (balance > 0) return { amount: formatMoney(balance), label: t.balanceOwed, tone: 'owed' };
  if (balance < 0) return { amount: formatMoney(-balance), label: t.balanceInFavour, tone: 'favour' };
  return { amount: formatMoney(0), label: t.balanceSettled, tone: 'zero' };
}

/** "$ 1.234,56" or "$ 1.234,56 a favor". */
export function balanceLine(balance: number): string {
  const b = balanceText(balance);
  return b.tone === 'favour' ? `${b.amount} ${b.label}` : b.amount;
}

/** "Contado (vence al entregar)" / "30 días". */
export function termsText(days: number): string {
  return days === 0 ? receivables.summary.termsCash : receivables.summary.termsDays(days);
}

/**
 * A Contado customer (due on delivery) without a credit limit has no cuenta corriente credit: their
 * limit and available credit read "No tiene (contado)", and the cart shows no credit line — never
 * "Sin límite", which reads as unlimited credit. A limit set for them is shown as any other.
 */
export function hasNoCredit(account: { payment_terms_days: number; credit_limit: number | null }): boolean {
  return account.payment_terms_days === 0 && account.credit_limit === null;
}

/** Today in Buenos Aires as yyyy-mm-dd (what a date input and the server's calendar use). */
export function todayInArgentina(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(now);
}

/** The first day of the month of a yyyy-mm-dd date. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
