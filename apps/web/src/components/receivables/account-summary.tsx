import type { ReactNode } from 'react';
import { formatMoney } from '@mayorista/core/money';
import { cn } from '../../lib/cn';
import { balanceText, formatDueDate, hasNoCredit, termsText } from '../../lib/receivables/format';
import { receivables } from '../../lib/receivables/texts';
import type { AccountSummary as Summary } from '../../lib/receivables/types';

const t = receivables.summary;

function Figure({ label, children, tone = 'plain', testId }: { label: string; children: ReactNode; tone?: 'plain' | 'alert' | 'good'; testId?: string }) {
  return (
    <div
      className={cn(
        'min-w-0 rounded-lg border p-3',
        tone === 'alert' ? 'border-red-300 bg-red-50' : tone === 'good' ? 'border-green-300 bg-green-50' : 'border-slate-200 bg-white',
      )}
      data-testid={testId}
    >
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-lg font-semibold break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The account at a glance, for the customer and for the staff: balance ("a favor" when the
 * customer paid more), limit, what is left, what is overdue and what falls due next; with
 * post-dated cheques not yet due, what they pay ("Cheques a cobrar": the balance already counts
 * them, "Vencido" only from each cheque's date).
 */
export function AccountSummary({ account, headingId }: { account: Summary; headingId?: string }) {
  const balance = balanceText(account.balance);
  // A summary kept on a rep's device before the server sent this figure has none.
  const cheques = (account.pending_cheques ?? 0) > 0;
  // No limit means "unlimited" on terms, and no credit at all for a Contado customer.
  const noLimit = hasNoCredit(account) ? t.cashNoCredit : t.noLimit;
  return (
    <dl aria-labelledby={headingId} className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3', cheques ? 'lg:grid-cols-4' : 'lg:grid-cols-6')}>
      <Figure label={t.balance} tone={balance.tone === 'favour' ? 'good' : 'plain'} testId="account-balance">
        {balance.amount} <span className="block text-sm font-medium text-slate-700">{balance.label}</span>
      </Figure>
      <Figure label={t.overdue} tone={account.overdue > 0 ? 'alert' : 'plain'} testId="account-overdue">
        {account.overdue > 0 ? formatMoney(account.overdue) : <span className="text-base font-medium text-slate-700">{t.nothingOverdue}</span>}
      </Figure>
      <Figure label={t.nextDue} testId="account-next-due">
        {account.next_due ? (
          <>
            {formatMoney(account.next_due.amount)}
            <span className="block text-sm font-medium text-slate-700">{formatDueDate(account.next_due.date)}</span>
          </>
        ) : (
          <span className="text-base font-medium text-slate-700">{t.noNextDue}</span>
        )}
      </Figure>
      {cheques ? (
        <Figure label={t.pendingCheques} testId="account-pending-cheques">
          {formatMoney(account.pending_cheques)}
          <span className="block text-sm font-normal text-slate-700">{t.pendingChequesHint}</span>
        </Figure>
      ) : null}
      <Figure label={t.available} testId="account-available">
        {account.available_credit === null ? <span className="text-base font-medium text-slate-700">{noLimit}</span> : formatMoney(account.available_credit)}
      </Figure>
      <Figure label={t.creditLimit} testId="account-credit-limit">
        {account.credit_limit === null ? <span className="text-base font-medium text-slate-700">{noLimit}</span> : formatMoney(account.credit_limit)}
      </Figure>
      <Figure label={t.terms}>
        <span className="text-base">{termsText(account.payment_terms_days)}</span>
      </Figure>
    </dl>
  );
}
