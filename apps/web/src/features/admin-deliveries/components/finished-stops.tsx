import { dayResult, finishedStopText } from '@mayorista/core/deliveries';
import { formatMoney } from '@mayorista/core/money';
import type { DeliveryDoneStop } from '@mayorista/core/schemas/deliveries';
import { deliveriesTexts as t } from '../texts';

/**
 * A zone's stops finished that day (decision 066), numbered as on the route sheet: delivered with
 * what was collected, or not delivered with the reason and the new date; and what the driver hands in.
 * The order's number is left to the pending stops, so looking a number up finds what is still to do.
 */
export function FinishedStops({ zoneId, done }: { zoneId: number; done: readonly DeliveryDoneStop[] }) {
  const result = dayResult(done);
  const headingId = `zone-${zoneId}-done`;
  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-slate-200 pt-2" data-testid="delivery-finished">
      <h4 id={headingId} className="font-semibold">
        {t.finishedTitle}
      </h4>
      <p className="text-sm text-slate-700" data-testid="delivery-finished-totals">
        {t.finishedTotals(result.delivered, result.notDelivered)} · {t.collectedCash} {formatMoney(result.cash)}
        {result.cheques.count > 0 ? ` · ${t.collectedCheques(result.cheques.count, formatMoney(result.cheques.amount))}` : ''}
        {result.other > 0 ? ` · ${t.collectedOther} ${formatMoney(result.other)}` : ''}
      </p>
      <ol className="mt-1 divide-y divide-slate-100 text-sm">
        {done.map((stop) => (
          <li key={stop.order_id} className="flex flex-col py-1.5 sm:flex-row sm:gap-2" data-testid="delivery-finished-stop">
            <span className="font-medium">
              {t.stopNumber(stop.stop)} · {stop.razon_social ?? stop.customer_name} · {formatMoney(stop.total)}
            </span>
            <span className={stop.outcome === 'delivered' ? 'text-emerald-800' : 'text-red-800'}>
              {finishedStopText(stop, formatMoney)}
              {stop.note ? ` — ${stop.note}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
