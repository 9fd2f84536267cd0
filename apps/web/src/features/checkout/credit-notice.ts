import { creditDecision, limitRefusalAdvice, type CreditDecision } from '@mayorista/core/receivables';
import { formatMoney } from '@mayorista/core/money';
import { isApiError } from '../../lib/api-client';
import { receivables } from '../../lib/receivables/texts';
import type { AccountSummary } from '../../lib/receivables/types';

const t = receivables.checkout;

export type CreditNotice = Exclude<CreditDecision, { ok: true }>;

/**
 * What the server will decide about this order, for the cart to explain before "Realizar pedido":
 * the same rule (core's `creditDecision`) with what GET /api/me/account answered. A preview only —
 * the server checks again inside the order's transaction. An order paid with points posts nothing
 * to the account, so it is never stopped.
 */
export function creditNoticeFor(account: AccountSummary | undefined, orderTotal: number, payWithPoints: boolean): CreditNotice | null {
  if (!account || payWithPoints) return null;
  const decision = creditDecision({
    creditLimit: account.credit_limit,
    balance: account.balance,
    undelivered: account.undelivered,
    orderTotal,
    overdueDays: account.overdue_days,
    overdue: account.overdue,
    overdueDaysLimit: account.credit_rule.overdue_days_limit,
  });
  return decision.ok ? null : decision;
}

/**
 * The order the server refused for credit (422 `credit_refused`), from the answer's figures — the
 * cart's preview may be stale (another order placed meanwhile). Null for any other failure.
 */
export function creditNoticeFromError(error: unknown): CreditNotice | null {
  if (!isApiError(error) || error.code !== 'credit_refused') return null;
  const { reason, available, exceededBy, days, overdue } = error.body;
  if (reason === 'limit' && typeof available === 'number' && typeof exceededBy === 'number') return { ok: false, reason, available, exceededBy };
  if (reason === 'overdue' && typeof days === 'number' && typeof overdue === 'number') return { ok: false, reason, days, overdue };
  return null;
}

/**
 * What the cart says about an order the credit stops, once: by how much it goes over (or what is
 * overdue), then either what to do (refused: reduce it, or pay part of the balance when there is
 * one) or that it can be placed and waits for the business (held).
 */
export function creditNoticeLines(notice: CreditNotice, onExceed: 'refuse' | 'hold', account: Pick<AccountSummary, 'balance' | 'undelivered'>): string[] {
  const facts =
    notice.reason === 'limit'
      ? t.limitExceededBy(formatMoney(notice.exceededBy), formatMoney(notice.available))
      : t.overdueFacts(formatMoney(notice.overdue), notice.days);
  if (onExceed === 'hold') return [facts, t.heldOutcome];
  if (notice.reason === 'overdue') return [facts, t.refusedOverdue];
  const advice = limitRefusalAdvice(account);
  return [facts, t.refusedLimit(advice.suggestPaying), ...(advice.creditInUse ? [t.creditInUse] : [])];
}
