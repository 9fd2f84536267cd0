import { orderNumber } from '@mayorista/core/constants';
import { dayResult, finishedStopText } from '@mayorista/core/deliveries';
import { formatMoney } from '@mayorista/core/money';
import type { DriverDoneStop } from '../api';
import { driverTexts as t } from '../texts';

/** The day's result to hand in (decision 066): delivered and not, cash and cheques collected. */
export function DaySummary({ done }: { done: readonly DriverDoneStop[] }) {
  const result = dayResult(done);
  const rows: [string, string][] = [
    [t.deliveredCount, String(result.delivered)],
    [t.notDeliveredCount, String(result.notDelivered)],
    [t.cashToHandIn, formatMoney(result.cash)],
    ...(result.cheques.count > 0
      ? [[t.chequesToHandIn, t.cheques(result.cheques.count, formatMoney(result.cheques.amount))] as [string, string]]
      : []),
    ...(result.other > 0 ? [[t.otherCollected, formatMoney(result.other)] as [string, string]] : []),
  ];
  return (
    <section
      aria-labelledby="driver-day"
      className="mt-6 rounded-lg border border-slate-300 bg-slate-50 p-4"
      data-testid="driver-day-summary"
    >
      <h2 id="driver-day" className="text-lg font-semibold text-slate-900">
        {t.dayTitle}
      </h2>
      <dl className="mt-2 space-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 text-base">
            <dt className="text-slate-800">{label}</dt>
            <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The stops finished today, with their route-sheet number and what happened at the door. */
export function FinishedStops({ done }: { done: readonly DriverDoneStop[] }) {
  return (
    <section aria-labelledby="driver-finished" className="mt-6">
      <h2 id="driver-finished" className="text-lg font-semibold text-slate-900">
        {t.finishedTitle}
      </h2>
      <ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {done.map((stop) => (
          <li key={stop.order_id} className="p-3" data-testid="driver-finished-stop">
            <p className="text-xs font-medium text-slate-600">
              {t.stop(stop.stop)} · {t.order(orderNumber(stop.order_id))}
            </p>
            <p className="font-semibold text-slate-900">{stop.razon_social ?? stop.customer_name}</p>
            <p
              className={`text-sm font-medium ${stop.outcome === 'delivered' ? 'text-emerald-800' : 'text-red-800'}`}
              data-testid="driver-finished-result"
            >
              {finishedStopText(stop, formatMoney)}
            </p>
            {stop.note ? <p className="text-sm text-slate-700">{stop.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
