import { Link } from 'react-router';
import { formatMoney } from '@mayorista/core/money';
import { cn } from '../../../lib/cn';
import { balanceText } from '../../../lib/receivables/format';
import { receivables } from '../../../lib/receivables/texts';
import type { Aging, ReceivablesRow as Row } from '../api/receivables-api';

const t = receivables.admin;
export const BUCKETS: (keyof Aging)[] = ['al_dia', 'd1_30', 'd31_60', 'd61_90', 'over_90'];
/** The grid every row and the wide screen's header share: name, balance, overdue, five buckets, cheques a cobrar, the link. */
export const ROW_GRID = 'lg:grid lg:grid-cols-[minmax(0,2fr)_repeat(8,minmax(0,1fr))_auto] lg:items-center lg:gap-3';

function Amount({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 lg:sr-only">{label}</dt>
      <dd className={cn('text-sm tabular-nums lg:text-right', alert ? 'font-semibold text-red-800' : 'text-slate-900')}>{value}</dd>
    </div>
  );
}

/**
 * One customer in "Cuentas corrientes": on a phone a card (name, balance and overdue first, the
 * five aging buckets below, the cheques a cobrar when there are); from 1024 px a row under one header. The labels stay for screen
 * readers either way.
 */
export function ReceivableRow({ row }: { row: Row }) {
  const name = row.name;
  const balance = balanceText(row.balance);
  const overLimit = row.credit_limit !== null && row.balance > row.credit_limit;
  return (
    <li className={cn('rounded-lg border bg-white p-3', row.overdue > 0 ? 'border-red-200' : 'border-slate-200', ROW_GRID)} data-testid="receivable-row">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{name}</p>
        <p className="text-xs break-all text-slate-600">{row.email}</p>
        {overLimit ? <p className="text-xs font-medium text-red-800">{t.overLimit}</p> : null}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 lg:contents">
        <Amount label={receivables.summary.balance} value={balance.tone === 'favour' ? `${balance.amount} ${balance.label}` : balance.amount} />
        <Amount label={receivables.summary.overdue} value={formatMoney(row.overdue)} alert={row.overdue > 0} />
      </dl>
      <dl aria-label={t.agingLegend} className="mt-2 grid grid-cols-3 gap-x-3 gap-y-1 border-t border-slate-100 pt-2 sm:grid-cols-5 lg:contents">
        {BUCKETS.map((bucket) => (
          <Amount key={bucket} label={t.buckets[bucket]} value={formatMoney(row.aging[bucket])} alert={bucket !== 'al_dia' && row.aging[bucket] > 0} />
        ))}
      </dl>
      {/* What post-dated cheques in the drawer pay: in the buckets until their date, out of the balance already. On a phone only when there are some. */}
      <dl className={cn('mt-2 grid grid-cols-2 gap-x-3 lg:contents', row.pending_cheques > 0 ? '' : 'hidden')}>
        <Amount label={t.pendingCheques} value={formatMoney(row.pending_cheques)} />
      </dl>
      <Link
        to={`/admin?tab=cuentas&cliente=${encodeURIComponent(row.customer_id)}`}
        aria-label={t.openLedgerFor(name)}
        className="mt-2 inline-flex min-h-11 items-center rounded-md border border-brand-700 px-3 text-sm font-medium text-brand-800 hover:bg-brand-50 lg:mt-0"
      >
        {t.openLedger}
      </Link>
    </li>
  );
}
