import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { profileCan } from '@mayorista/core/roles';
import { DownloadButton } from '../../components/receivables/download-button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PagedQueryList, pageCountOf } from '../../components/ui/paged-query-list';
import { formatMoney } from '@mayorista/core/money';
import { useAuth } from '../../lib/auth';
import { balanceLine, todayInArgentina } from '../../lib/receivables/format';
import { receivables } from '../../lib/receivables/texts';
import type { ReceivablesPage } from '../../lib/receivables/types';
import {
  RECEIVABLES_FILTERS,
  RECEIVABLES_SORTS,
  RECEIVABLES_XLSX_PATH,
  receivablesQueryOptions,
  xlsxQuery,
  type ReceivablesFilter,
  type ReceivablesQuery,
  type ReceivablesSort,
} from './api/receivables-api';
import { CustomerLedger } from './components/customer-ledger';
import { BUCKETS, ReceivableRow, ROW_GRID } from './components/receivable-row';
import { RendicionView } from './rendicion/rendicion-view';

const t = receivables.admin;

/**
 * "Cuentas corrientes" in /admin: every customer's balance and aging; `cliente=<id>` opens that customer's ledger,
 * `vista=rendicion` the reps' collections of a day for whoever may confirm them (payments.record, as the API asks).
 */
export default function AdminReceivablesTab() {
  const [params] = useSearchParams();
  const { profile } = useAuth();
  const mayConfirm = profileCan(profile, 'payments.record');
  const customerId = params.get('cliente');
  if (customerId) return <CustomerLedger key={customerId} id={customerId} />;
  if (mayConfirm && params.get('vista') === 'rendicion') return <RendicionView />;
  return <ReceivablesList mayConfirm={mayConfirm} />;
}

function RendicionLink() {
  return (
    <Link to="/admin?tab=cuentas&vista=rendicion" className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-brand-800 hover:bg-slate-50">
      {receivables.rendicion.open}
    </Link>
  );
}

function Select<V extends string>({ label, value, options, labels, onChange }: { label: string; value: V; options: readonly V[]; labels: Record<string, string>; onChange: (v: V) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)} className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base">
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** From 1024 px the rows line up under these names; screen readers get each value's own label instead. */
function ColumnNames() {
  return (
    <div aria-hidden="true" className={`hidden px-3 text-xs font-medium text-slate-600 ${ROW_GRID}`}>
      <span>{t.customerColumn}</span>
      <span className="text-right">{receivables.summary.balance}</span>
      <span className="text-right">{receivables.summary.overdue}</span>
      {BUCKETS.map((b) => (
        <span key={b} className="text-right">
          {t.buckets[b]}
        </span>
      ))}
      <span className="text-right">{t.pendingCheques}</span>
      <span className="w-[5.5rem]" />
    </div>
  );
}

/** The filter's sums; with cheques in the drawer, how saldo and the buckets relate. */
function Totals({ totals }: { totals: ReceivablesPage['totals'] }) {
  const cheques = totals.pending_cheques > 0 ? formatMoney(totals.pending_cheques) : null;
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-800" data-testid="receivables-totals">
        {t.totals(balanceLine(totals.balance), formatMoney(totals.overdue), cheques)}
      </p>
      {cheques === null ? null : (
        <p className="text-sm text-slate-700" data-testid="receivables-cheques-note">
          {t.chequesNote}
        </p>
      )}
    </div>
  );
}

function ReceivablesList({ mayConfirm }: { mayConfirm: boolean }) {
  const [q, setQ] = useState<ReceivablesQuery>({ sort: 'overdue', filter: 'with_balance', search: '', page: 1 });
  const deferred = useDeferredValue(q);
  const query = useQuery(receivablesQueryOptions(deferred));
  const searchId = useId();
  const update = (patch: Partial<ReceivablesQuery>) => setQ((c) => ({ ...c, page: 1, ...patch }));
  return (
    <section aria-labelledby="receivables-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="receivables-heading" className="text-xl font-semibold text-slate-900">
          {t.heading}
        </h2>
        <div className="flex flex-wrap gap-2">
          {mayConfirm ? <RendicionLink /> : null}
          <DownloadButton path={RECEIVABLES_XLSX_PATH} query={xlsxQuery(q)} fileName={`cuentas-corrientes-${todayInArgentina()}.xlsx`} label={t.exportXlsx} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 space-y-1 sm:col-span-1">
          <Label htmlFor={searchId}>{t.searchLabel}</Label>
          <Input id={searchId} type="search" placeholder={t.searchPlaceholder} value={q.search} onChange={(e) => update({ search: e.target.value })} />
        </div>
        <Select<ReceivablesSort> label={t.sortLabel} value={q.sort} options={RECEIVABLES_SORTS} labels={t.sorts} onChange={(sort) => update({ sort })} />
        <Select<ReceivablesFilter> label={t.filterLabel} value={q.filter} options={RECEIVABLES_FILTERS} labels={t.filters} onChange={(filter) => update({ filter })} />
      </div>
      <PagedQueryList
        query={query}
        text={t}
        page={q.page}
        pages={pageCountOf(query.data)}
        onPageChange={(page) => setQ((c) => ({ ...c, page }))}
        listLabel={t.listLabel}
        listClassName="space-y-2"
        header={<ColumnNames />}
        renderItem={(row) => <ReceivableRow key={row.customer_id} row={row} />}
      />
      {query.data && query.data.total > 0 ? <Totals totals={query.data.totals} /> : null}
    </section>
  );
}
