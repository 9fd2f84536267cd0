import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '@mayorista/core/money';
import { creditRefusalMessage } from '@mayorista/core/receivables';
import { useAuth } from '../../../lib/auth';
import { myAccountQueryOptions } from '../../../lib/queries/my-account';
import { receivables } from '../../../lib/receivables/texts';
import type { AccountSummary } from '../../../lib/receivables/types';
import { creditNoticeFor, type CreditNotice } from '../credit-notice';

const t = receivables.checkout;

function Notice({ notice, account }: { notice: CreditNotice | null; account: AccountSummary }) {
  // Overdue debt the rule does not stop yet is still worth a line before ordering more.
  if (!notice && account.overdue <= 0) return null;
  const blocking = notice !== null;
  return (
    <div
      role="status"
      className={blocking ? 'rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950' : 'rounded-md bg-slate-50 p-3 text-sm text-slate-800'}
      data-testid="credit-notice"
    >
      <p className="font-semibold">{notice === null || notice.reason === 'overdue' ? t.overdueTitle : t.overLimitTitle}</p>
      <p>{notice ? creditRefusalMessage(notice) : t.overdueText(formatMoney(account.overdue))}</p>
      {blocking ? <p className="mt-1 font-medium">{account.credit_rule.on_exceed === 'hold' ? t.heldOutcome : t.refusedOutcome}</p> : null}
      <Link to="/cuenta-corriente" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
        {t.seeAccount}
      </Link>
    </div>
  );
}

/**
 * "Crédito disponible" in the cart's summary and, when the server would stop this order (over the
 * limit, or overdue past the business's rule), its own Spanish explanation and what will happen
 * (refused, or placed as "Retenido por crédito"). Nothing while the account loads or when it
 * cannot be read: the server decides at order time either way.
 */
export function CreditLine({ orderTotal, payWithPoints }: { orderTotal: number; payWithPoints: boolean }) {
  const { user } = useAuth();
  const { data: account } = useQuery(myAccountQueryOptions(user?.id));
  if (!account) return null;
  const notice = creditNoticeFor(account, orderTotal, payWithPoints);
  return (
    <div className="mt-3 space-y-2" data-testid="credit-line">
      <div className="flex justify-between gap-3 text-sm text-slate-800">
        <span>{t.available}</span>
        <span className="font-medium tabular-nums" data-testid="credit-available">
          {account.available_credit === null ? t.noLimit : formatMoney(account.available_credit)}
        </span>
      </div>
      <Notice notice={notice} account={account} />
    </div>
  );
}

/** The phone's bottom bar: one short line, so "Realizar pedido" is never tapped without the warning in sight. */
export function CreditBarNote({ orderTotal, payWithPoints }: { orderTotal: number; payWithPoints: boolean }) {
  const { user } = useAuth();
  const { data: account } = useQuery(myAccountQueryOptions(user?.id));
  const notice = creditNoticeFor(account, orderTotal, payWithPoints);
  if (!account || !notice) return null;
  return (
    <p className="text-xs font-medium text-amber-900" data-testid="credit-bar-note">
      {notice.reason === 'overdue' ? t.barOverdue : t.barLimit} {account.credit_rule.on_exceed === 'hold' ? t.barHeld : t.barRefused}
    </p>
  );
}
