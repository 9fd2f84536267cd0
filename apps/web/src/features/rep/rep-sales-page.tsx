import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import { formatDateTime } from '@mayorista/core/date-time';
import { addDays } from '@mayorista/core/receivables';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { todayInArgentina } from '../../lib/receivables/format';
import { BackLink, Figure } from './components/customer-parts';
import { RepQueueArea } from './components/rep-queue-area';
import { OrderDeliveryDate } from '../../components/orders/order-delivery';
import { repOrdersQuery, repSummaryQuery } from './rep-api';

const PERIODS = { today: 0, week: 6, month: 29 } as const;
type Period = keyof typeof PERIODS;

/** The period's figures: orders taken and sold, payments collected and their sum (Buenos Aires days). */
function SalesFigures({ period }: { period: Period }) {
  const to = todayInArgentina();
  const summary = useQuery(repSummaryQuery(addDays(to, -PERIODS[period]), to));
  if (summary.isPending) return <Spinner label={t.salesTitle} />;
  if (summary.isError) return <LoadError title={t.salesLoadError} detail={summary.error.message} retryLabel={t.retry} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm sm:grid-cols-4" data-testid="rep-sales-figures">
      <Figure label={t.ordersCount}>{s.orders}</Figure>
      <Figure label={t.salesTotal}>{formatMoney(s.sales_total)}</Figure>
      <Figure label={t.collectionsCount}>{s.collections}</Figure>
      <Figure label={t.collectionsTotal}>{formatMoney(s.collections_total)}</Figure>
    </dl>
  );
}

function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t.period}</legend>
      {(Object.keys(PERIODS) as Period[]).map((p) => (
        <label
          key={p}
          className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
        >
          <input type="radio" name="rep-period" className="size-4 accent-brand-700" checked={value === p} onChange={() => onChange(p)} />
          {t.periods[p]}
        </label>
      ))}
    </fieldset>
  );
}

/** "Mis pedidos": the orders this rep took, newest first. */
function MyOrders() {
  const orders = useQuery(repOrdersQuery());
  if (orders.isPending) return <Spinner label={t.myOrders} />;
  if (orders.isError) return <LoadError title={t.salesLoadError} detail={orders.error.message} retryLabel={t.retry} onRetry={() => void orders.refetch()} />;
  if (orders.data.items.length === 0) return <p className="text-slate-600">{t.noOrders}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="rep-orders">
      {orders.data.items.map((o) => (
        <li key={o.id} className="flex items-baseline justify-between gap-2 px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900">{o.customer_name}</span>
            <span className="text-slate-600">
              {orderNumber(o.id)} · {formatDateTime(o.created_at)} · {o.status}
            </span>
            <OrderDeliveryDate order={o} />
          </span>
          <span className="shrink-0 font-semibold tabular-nums">{formatMoney(o.total)}</span>
        </li>
      ))}
    </ul>
  );
}

/** /vendedor/ventas — "Mis ventas" per period (for commissions) and "Mis pedidos" (decision 052). */
export default function RepSalesPage() {
  const [period, setPeriod] = useState<Period>('month');
  return (
    <div className="mx-auto w-full max-w-3xl space-y-3 px-3 py-3">
      <BackLink to="/vendedor">{t.back}</BackLink>
      <RepQueueArea />
      <h1 className="text-xl font-bold text-slate-900">{t.salesTitle}</h1>
      <PeriodPicker value={period} onChange={setPeriod} />
      <SalesFigures period={period} />
      <h2 className="text-lg font-semibold text-slate-900">{t.myOrders}</h2>
      <MyOrders />
    </div>
  );
}
