import { useId } from 'react';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import { minimumOrderText } from '@mayorista/core/quantity-rules';
import { Button } from '../../../components/ui/button';
import type { AccountSummary } from '../../../lib/receivables/types';
import { QuantityStepper } from './quantity-stepper';
import { exceedsCredit, type TakeOrder } from './use-take-order';

type Line = TakeOrder['summary']['items'][number];

function OrderLine({ line, order }: { line: Line; order: TakeOrder }) {
  return (
    <li className="px-2 py-1.5" data-testid="rep-order-line">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium break-words text-slate-900">{line.product.name}</p>
          <p className="text-xs text-slate-600 tabular-nums">
            {line.quantity} × {formatMoney(line.price.unitPrice)} = <span className="font-semibold text-slate-900">{formatMoney(line.price.lineTotal)}</span>
          </p>
        </div>
        <QuantityStepper product={line.product} quantity={line.quantity} onChange={(q) => order.setQuantity(line.product, q)} />
      </div>
      {line.problem ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-800">
          {line.problem.text}
          {line.problem.fix !== null ? (
            <Button variant="ghost" size="sm" onClick={() => order.setQuantity(line.product, line.problem!.fix!)}>
              {line.problem.fix === 0 ? t.remove(line.product.name) : `→ ${line.problem.fix}`}
            </Button>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/** What blocks "Realizar pedido" or warns about it: the minimum order, a line's rule, the credit preview, the server's refusal. */
function OrderNotices({ order, account }: { order: TakeOrder; account: AccountSummary | undefined }) {
  const { summary, error } = order;
  return (
    <>
      {summary.missingForMinimum > 0 && summary.items.length > 0 ? <p className="text-sm text-amber-900">{minimumOrderText(summary.missingForMinimum)}</p> : null}
      {summary.items.length > 0 && exceedsCredit(account, summary.total) ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950" data-testid="rep-credit-warning">
          {t.creditWarning}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="rep-order-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The order as it stands: its lines, notes, total with IVA as the server will compute it, and "Realizar pedido". */
export function OrderPanel({ order, account }: { order: TakeOrder; account: AccountSummary | undefined }) {
  const notesId = useId();
  const { summary } = order;
  return (
    <section id="rep-order" aria-labelledby="rep-order-title" className="space-y-2 rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
      <h2 id="rep-order-title" className="flex items-baseline justify-between gap-2 text-lg font-semibold text-slate-900">
        {t.orderTitle}
        <span className="text-sm font-normal text-slate-600">{t.lines(summary.items.length)}</span>
      </h2>
      {summary.items.length === 0 ? <p className="text-sm text-slate-600">{t.emptyOrder}</p> : null}
      <ul className="divide-y divide-slate-200">
        {summary.items.map((line) => (
          <OrderLine key={line.product.id} line={line} order={order} />
        ))}
      </ul>
      <div>
        <label htmlFor={notesId} className="block text-sm font-medium text-slate-900">
          {t.notes}
        </label>
        <textarea id={notesId} rows={2} maxLength={2000} value={order.notes} onChange={(e) => order.setNotes(e.target.value)} className="mt-1 w-full rounded-md border border-slate-400 p-2 text-base" />
      </div>
      <p className="flex items-baseline justify-between text-lg font-bold text-slate-900">
        {t.total} <span data-testid="rep-order-total">{formatMoney(summary.total)}</span>
      </p>
      <OrderNotices order={order} account={account} />
      <Button className="w-full" disabled={summary.items.length === 0 || summary.blocked || order.sending} onClick={() => void order.place()}>
        {order.sending ? t.placing : t.place}
      </Button>
    </section>
  );
}
