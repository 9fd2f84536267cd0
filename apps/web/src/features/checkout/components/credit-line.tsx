import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '@mayorista/core/money';
import { useAuth } from '../../../lib/auth';
import { myAccountQueryOptions } from '../../../lib/queries/my-account';
import { hasNoCredit } from '../../../lib/receivables/format';
import { receivables } from '../../../lib/receivables/texts';
import type { AccountSummary } from '../../../lib/receivables/types';
import { creditNoticeFor, creditNoticeLines, type CreditNotice } from '../credit-notice';
import type { CheckoutFailure } from '../use-queue-order';

const t = receivables.checkout;

/** The server's refusal of this very cart (its total unchanged since), or null. */
export type CreditRefusal = NonNullable<CheckoutFailure>['credit'] | null;

/**
 * What stops this order, and how: the preview from the account's figures, or else the server's
 * refusal of this same total (the preview can be stale). A refusal is always 'refuse'.
 */
function stopOf(account: AccountSummary | undefined, orderTotal: number, payWithPoints: boolean, refusal: CreditRefusal) {
  const preview = creditNoticeFor(account, orderTotal, payWithPoints);
  if (preview && account) return { notice: preview, onExceed: account.credit_rule.on_exceed };
  if (refusal && refusal.orderTotal === orderTotal && !payWithPoints) return { notice: refusal.notice, onExceed: 'refuse' as const };
  return null;
}

type NoticeAccount = Pick<AccountSummary, 'balance' | 'undelivered' | 'overdue'>;
/** While the account cannot be read, a refusal is still explained; it suggests no payment it cannot see. */
const UNREAD_ACCOUNT: NoticeAccount = { balance: 0, undelivered: 0, overdue: 0 };

function Notice({ stop, account, refused }: { stop: { notice: CreditNotice; onExceed: 'refuse' | 'hold' } | null; account: NoticeAccount; refused: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // After "Realizar pedido" was refused, the explanation is brought into view (on a phone it sits above the bar).
  useEffect(() => {
    if (!refused) return;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [refused]);
  // Overdue debt the rule does not stop yet is still worth a line before ordering more.
  if (!stop && account.overdue <= 0) return null;
  const [first, ...rest] = stop ? creditNoticeLines(stop.notice, stop.onExceed, account) : [t.overdueText(formatMoney(account.overdue))];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className={stop ? 'rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950' : 'rounded-md bg-slate-50 p-3 text-sm text-slate-800'}
      data-testid="credit-notice"
    >
      <p className="font-semibold">{stop === null || stop.notice.reason === 'overdue' ? t.overdueTitle : t.overLimitTitle}</p>
      <p>{first}</p>
      {rest.map((line) => (
        <p key={line} className="mt-1 font-medium">
          {line}
        </p>
      ))}
      <Link to="/cuenta-corriente" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
        {t.seeAccount}
      </Link>
    </div>
  );
}

/**
 * "Crédito disponible" in the cart's summary (none for a Contado customer without a limit: they
 * have no credit to show) and, when the credit stops this order (over the limit, or overdue past
 * the business's rule), one explanation: by how much, and what to do or what will happen (refused,
 * or placed as "Retenido por crédito"). While the account loads or cannot be read, only the server's
 * refusal of this cart: it decides at order time either way, and a refusal must never go unsaid.
 */
export function CreditLine({ orderTotal, payWithPoints, refusal }: { orderTotal: number; payWithPoints: boolean; refusal: CreditRefusal }) {
  const { user } = useAuth();
  const { data: account } = useQuery(myAccountQueryOptions(user?.id));
  const stop = stopOf(account, orderTotal, payWithPoints, refusal);
  if (!account) {
    return stop ? (
      <div className="mt-3 space-y-2" data-testid="credit-line">
        <Notice stop={stop} account={UNREAD_ACCOUNT} refused={!!refusal} />
      </div>
    ) : null;
  }
  return (
    <div className="mt-3 space-y-2" data-testid="credit-line">
      {hasNoCredit(account) ? null : (
        <div className="flex justify-between gap-3 text-sm text-slate-800">
          <span>{t.available}</span>
          <span className="font-medium tabular-nums" data-testid="credit-available">
            {account.available_credit === null ? t.noLimit : formatMoney(account.available_credit)}
          </span>
        </div>
      )}
      <Notice stop={stop} account={account} refused={!!refusal} />
    </div>
  );
}

/** The phone's bottom bar: one short line, so "Realizar pedido" is never tapped without the warning in sight. */
export function CreditBarNote({ orderTotal, payWithPoints, refusal }: { orderTotal: number; payWithPoints: boolean; refusal: CreditRefusal }) {
  const { user } = useAuth();
  const { data: account } = useQuery(myAccountQueryOptions(user?.id));
  const stop = stopOf(account, orderTotal, payWithPoints, refusal);
  if (!stop) return null;
  return (
    <p className="text-xs font-medium text-amber-900" data-testid="credit-bar-note">
      {stop.notice.reason === 'overdue' ? t.barOverdue : t.barLimit} {stop.onExceed === 'hold' ? t.barHeld : t.barRefused}
    </p>
  );
}
