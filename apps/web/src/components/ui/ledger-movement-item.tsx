import { orderNumber } from '@mayorista/core/constants';
import { ledgers } from '@mayorista/core/messages/ledgers';
import { formatDateTime } from '@mayorista/core/date-time';

const t = ledgers;

export interface LedgerMovementItemProps {
  /** What happened, in Spanish ("Pedido", "Ajuste del administrador", …). */
  kindLabel: string;
  orderId: string | null;
  createdAt: string;
  actorName: string | null;
  reason?: string | null;
  /** The change and the balance after it, already formatted (units or money). */
  change: string;
  balance: string;
}

/** One row of a ledger (stock or points): what, when, who, why; the change and the balance after it. */
export function LedgerMovementItem({ kindLabel, orderId, createdAt, actorName, reason, change, balance }: LedgerMovementItemProps) {
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {kindLabel}
          {orderId ? ` · ${t.orderRef(orderNumber(orderId))}` : ''}
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time> · {actorName ?? t.system}
        </p>
        {reason ? <p className="text-sm break-words text-slate-700">{reason}</p> : null}
      </div>
      <div className="text-right">
        <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{change}</p>
        <p className="text-sm whitespace-nowrap text-slate-700 tabular-nums">{t.balanceAfter(balance)}</p>
      </div>
    </li>
  );
}

/** "+3" / "-2"; money formats its own sign. */
export const signedChange = (n: number, format: (n: number) => string = String): string => (n > 0 ? `+${format(n)}` : format(n));
