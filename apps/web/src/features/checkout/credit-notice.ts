import { creditDecision, type CreditDecision } from '@mayorista/core/receivables';
import type { AccountSummary } from '../../lib/receivables/types';

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
