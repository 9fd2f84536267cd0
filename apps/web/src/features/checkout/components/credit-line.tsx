import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '@mayorista/core/money';
import { useAuth } from '../../../lib/auth';
import { myAccountQueryOptions } from '../../../lib/queries/my-account';
import { receivables } from '../../../lib/receivables/texts';
import { creditNoticeFor } from '../credit-notice';

const t = receivables.checkout;

/**
 * "Crédito disponible" in the cart's summary and, when this order would go past it or the account
 * has overdue debt, a plain explanation before the person places it. Nothing while the account
 * loads or when it cannot be read: the server decides at order time either way.
 */
export function CreditLine({ orderTotal, payWithPoints }: { orderTotal: number; payWithPoints: boolean }) {
  const { user } = useAuth();
  const { data: account } = useQuery(myAccountQueryOptions(user?.id));
  if (!account) return null;
  const notice = creditNoticeFor(account, orderTotal, payWithPoints);
  const available = account.available_credit;
  return (
    <div className="mt-3 space-y-2" data-testid="credit-line">
      <div className="flex justify-between gap-3 text-sm text-slate-800">
        <span>{t.available}</span>
        <span className="font-medium tabular-nums">{available === null ? t.noLimit : formatMoney(Math.max(0, available))}</span>
      </div>
      {notice ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="credit-notice">
          <p className="font-semibold">{notice.kind === 'over_limit' ? t.overLimitTitle : t.overdueTitle}</p>
          <p>{notice.kind === 'over_limit' ? t.overLimitText(formatMoney(notice.excess)) : t.overdueText(formatMoney(notice.amount))}</p>
          <Link to="/cuenta-corriente" className="mt-1 inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
            {t.seeAccount}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
