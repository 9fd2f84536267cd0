import type { AccountSummary } from '../../lib/receivables/types';

export type CreditNotice = { kind: 'over_limit'; excess: number } | { kind: 'overdue'; amount: number };

/**
 * What the cart should say before "Realizar pedido": this order goes past the available credit,
 * or the account has overdue debt. A preview only — the server checks again inside the order's
 * transaction. An order paid with points posts nothing to the account, so it never warns.
 */
export function creditNoticeFor(account: AccountSummary | undefined, orderTotal: number, payWithPoints: boolean): CreditNotice | null {
  if (!account || payWithPoints) return null;
  if (account.available_credit !== null && orderTotal > account.available_credit) {
    return { kind: 'over_limit', excess: orderTotal - Math.max(0, account.available_credit) };
  }
  if (account.overdue > 0) return { kind: 'overdue', amount: account.overdue };
  return null;
}
