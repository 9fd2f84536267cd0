import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { formatMoney } from '@mayorista/core/money';
import { DASHBOARD_PERIODS, type Dashboard, type DashboardPeriod, type PeriodFigures } from '@mayorista/core/schemas/order-life';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { dashboardKeys, dashboardQueryOptions, retryEmail } from './dashboard-api';
import { SalesChart } from './sales-chart';

const text = orderLife.dashboard;

/** /admin (first tab): how the business is going (the order-life work, decision 014). */
export default function AdminDashboardTab() {
  const [period, setPeriod] = useState<DashboardPeriod>('week');
  const query = useQuery(dashboardQueryOptions(period));
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-4">
      {query.data ? <TodoSummary data={query.data} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-heading" className="text-xl font-semibold text-slate-900">
          {text.heading}
        </h2>
        <div role="radiogroup" aria-label={text.periodLabel} className="flex rounded-lg border border-slate-300 bg-white p-0.5">
          {DASHBOARD_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={period === p}
              onClick={() => setPeriod(p)}
              className="min-h-11 rounded-md px-3 text-sm font-medium text-slate-700 aria-checked:bg-brand-700 aria-checked:text-white"
            >
              {text.periods[p]}
            </button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <Spinner label={adminPage.loadingTab} />
      ) : query.isError ? (
        <LoadError title={text.loadError} detail={query.error.message} retryLabel={text.retry} onRetry={() => void query.refetch()} />
      ) : (
        <DashboardView data={query.data} />
      )}
    </section>
  );
}

/**
 * The first line of the panel (decision 033): what waits for the admin — new orders (Pendiente and
 * Pendiente de Canje, whenever placed) and sign-ups to approve — each a link to its tab.
 */
function TodoSummary({ data }: { data: Dashboard }) {
  const fresh = data.orders_by_status.filter((s) => s.status === 'Pendiente' || s.status === 'Pendiente de Canje').reduce((sum, s) => sum + s.count, 0);
  const link = 'inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2';
  return (
    <p aria-label={text.summaryLabel} className="flex flex-wrap items-center gap-x-2 rounded-lg border border-brand-200 bg-brand-50 px-3 text-base" data-testid="dashboard-summary">
      <Link to="/admin?tab=pedidos" className={link}>
        {text.newOrders(fresh)}
      </Link>
      <span aria-hidden="true">{" · "}</span>
      <Link to="/admin?tab=usuarios" className={link}>
        {text.accountsToApprove(data.accounts_awaiting_approval)}
      </Link>
    </p>
  );
}

function change(current: number, previous: number): string {
  if (previous === 0) return text.noComparison;
  const pct = Math.round(((current - previous) / previous) * 100);
  return `${pct > 0 ? '+' : ''}${pct} %`;
}

function Figure({ label, value, current, previous, period }: { label: string; value: string; current: number; previous: string | number; period: DashboardPeriod }) {
  const prev = typeof previous === 'number' ? previous : 0;
  const delta = change(current, prev);
  const up = prev > 0 && current >= prev;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={`figure-${label}`}>
        {value}
      </dd>
      <dd className="mt-1 text-sm text-slate-700">
        <span className={prev === 0 ? 'text-slate-600' : up ? 'font-medium text-green-800' : 'font-medium text-red-800'}>{delta}</span>{' '}
        {prev === 0 ? null : text.versus(text.previous[period])}
      </dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `dash-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Figures({ current, previous, period }: { current: PeriodFigures; previous: PeriodFigures; period: DashboardPeriod }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <Figure label={text.sales} value={formatMoney(current.sales)} current={current.sales} previous={previous.sales} period={period} />
      <Figure label={text.orders} value={String(current.orders)} current={current.orders} previous={previous.orders} period={period} />
      <Figure
        label={text.averageTicket}
        value={formatMoney(current.average_ticket)}
        current={current.average_ticket}
        previous={previous.average_ticket}
        period={period}
      />
    </dl>
  );
}

function DashboardView({ data }: { data: Dashboard }) {
  return (
    <div className="space-y-4">
      <Figures current={data.current} previous={data.previous} period={data.period} />
      <Card title={text.dailySales}>
        <SalesChart days={data.daily_sales} />
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={text.topProducts}>
          {data.top_products.length === 0 ? (
            <p className="text-sm text-slate-600">{text.empty}</p>
          ) : (
            <ol className="space-y-1 text-sm">
              {data.top_products.map((p) => (
                <li key={p.product_id} className="flex justify-between gap-2">
                  <span className="min-w-0 break-words">{p.name}</span>
                  <span className="shrink-0 tabular-nums text-slate-700">
                    {text.units(p.quantity)} · {formatMoney(p.sales)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card title={text.topCustomers}>
          {data.top_customers.length === 0 ? (
            <p className="text-sm text-slate-600">{text.empty}</p>
          ) : (
            <ol className="space-y-1 text-sm">
              {data.top_customers.map((c) => (
                <li key={c.user_id} className="flex justify-between gap-2">
                  <span className="min-w-0 break-words">{c.name || c.email}</span>
                  <span className="shrink-0 tabular-nums text-slate-700">
                    {text.ordersCount(c.orders)} · {formatMoney(c.sales)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card title={text.byStatus}>
          <ul className="space-y-1 text-sm">
            {data.orders_by_status.map((s) => (
              <li key={s.status} className="flex justify-between">
                <span>{s.status}</span>
                <span className="tabular-nums">{s.count}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm">
            {text.awaitingApproval}: <strong className="tabular-nums">{data.accounts_awaiting_approval}</strong>
          </p>
        </Card>
        <Card title={text.lowStock(data.low_stock.threshold)}>
          {data.low_stock.items.length === 0 ? (
            <p className="text-sm text-slate-600">{text.lowStockEmpty}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {data.low_stock.items.map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span className="min-w-0 break-words">{p.name}</span>
                  <span className={p.stock === 0 ? 'font-semibold text-red-800' : 'text-slate-700'}>{text.stockUnits(p.stock)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <EmailsCard emails={data.emails} />
    </div>
  );
}

function EmailsCard({ emails }: { emails: Dashboard['emails'] }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: retryEmail,
    onSuccess: () => toast({ title: text.retried }),
    onError: (error: Error) => toast({ title: text.emailsTitle, description: error.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
  return (
    <Card title={text.emailsTitle}>
      <p className="text-sm">{emails.failed === 0 && emails.pending === 0 ? text.emailsOk : text.emailsPending(emails.pending)}</p>
      {emails.failed > 0 ? <p className="text-sm font-medium text-red-800">{text.emailsFailed(emails.failed)}</p> : null}
      {emails.recent_failed.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {emails.recent_failed.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
              <span className="min-w-0 break-all">
                {e.recipient} · {e.last_error ?? ''}
              </span>
              <Button size="sm" variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate(e.id)}>
                {text.retryEmail}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
