import type { ReactNode } from 'react';
import { orderNumber } from '@mayorista/core/constants';
import { receivables as documentTexts } from '@mayorista/core/messages/receivables';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import { balanceLine, formatDueDate } from '../../lib/receivables/format';
import { receivables } from '../../lib/receivables/texts';
import type { AccountMovement } from '../../lib/receivables/types';

const t = receivables.movements;

/** "+$ 1.000,00" for what adds to the debt, "−$ 1.000,00" for what pays it. */
const signed = (amount: number) => (amount > 0 ? `+${formatMoney(amount)}` : `−${formatMoney(-amount)}`);

function detailOf(m: AccountMovement): string[] {
  const parts: string[] = [];
  if (m.order_id) parts.push(t.orderRef(orderNumber(m.order_id)));
  // A reversal names the payment it undoes, not a receipt of its own.
  if (m.receipt_number !== null) parts.push((m.kind === 'reversal' ? t.reversesReceipt : t.receiptRef)(formatReceiptNumber(m.receipt_number)));
  if (m.payment_method) parts.push(documentTexts.methods[m.payment_method]);
  return parts;
}

/**
 * One row of a customer's ledger: what (kind, order, receipt), when and who, the due date of a
 * charge, the signed amount and the balance after it. `actions` holds the row's buttons
 * (download the receipt; for the staff, reverse a payment).
 */
export function MovementItem({ movement: m, actions }: { movement: AccountMovement; actions?: ReactNode }) {
  return (
    <li className="py-3" data-testid="account-movement">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {documentTexts.kinds[m.kind]}
            {m.reversed_on ? (
              <span className="ml-2 inline-block rounded bg-red-50 px-1.5 py-0.5 text-sm font-semibold text-red-800" data-testid="movement-reversed">
                {t.reversedOn(formatDueDate(m.reversed_on))}
              </span>
            ) : null}
          </p>
          <p className="text-sm break-words text-slate-700">{detailOf(m).join(' · ')}</p>
          <p className="text-sm text-slate-700">
            <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
            {m.actor_name ? ` · ${t.by(m.actor_name)}` : ''}
          </p>
          {/* The due date only: whether this charge is still open is the summary's "Vencido", not the row's (a payment may have settled it). */}
          {m.due_date ? <p className="text-sm text-slate-700">{t.dueOn(formatDueDate(m.due_date))}</p> : null}
          {m.reason ? <p className="text-sm break-words text-slate-700">{m.reason}</p> : null}
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{signed(m.amount)}</p>
          <p className="text-sm whitespace-nowrap text-slate-700 tabular-nums">{t.balanceAfter(balanceLine(m.balance))}</p>
        </div>
      </div>
      {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
    </li>
  );
}
