import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, orderNumber, type OrderStatus } from '@mayorista/core/constants';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { orderLife } from '@mayorista/core/messages/orderLife';
import { formatDateTime, formatMoney } from '@mayorista/core/money';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PagedQueryList } from '../../components/ui/paged-query-list';
import { toast } from '../../components/ui/toast-store';
import { saveBlob } from '../../lib/download';
import {
  downloadPickingSheet,
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersQueryOptions,
  downloadAdminOrdersCsv,
  type AdminOrder,
  type AdminOrdersFilters,
} from './api/admin-orders-api';
import { OrderDetailDialog } from './components/order-detail-dialog';
import { CreditHoldBadge, OrderStatusBadge } from './components/order-status-badge';
import { receivables } from '../../lib/receivables/texts';

const text = adminOrders;
const EMPTY_FILTERS: AdminOrdersFilters = { status: '', customer: '', from: '', to: '', creditHold: '' };

/** The "Pedidos" tab of /admin: every order newest first, filters, detail, status changes, CSV export. */
export default function AdminOrdersTab() {
  const [filters, setFilters] = useState<AdminOrdersFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (orderId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });
  // Typing a name stays responsive; the request follows the deferred value.
  const deferredFilters = useDeferredValue(filters);
  const query = useQuery(adminOrdersQueryOptions(deferredFilters, page));
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / ADMIN_ORDERS_PAGE_SIZE));
  const ids = { status: useId(), customer: useId(), from: useId(), to: useId() };
  // On a phone the filters fold behind "Filtrar" (decision 033): the first order shows on the first
  // screen, and the active filters stay in sight as chips that remove themselves.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const fieldsetId = useId();
  const active = (
    [
      ['status', text.filterStatus, filters.status],
      ['customer', text.filterCustomer, (filters.customer ?? '').trim()],
      ['from', text.filterFrom, filters.from],
      ['to', text.filterTo, filters.to],
      ['creditHold', receivables.held.filterHeld, filters.creditHold ? receivables.held.filterOn : ''],
    ] as const
  ).filter(([, , value]) => value !== '');

  const update = (patch: Partial<AdminOrdersFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveBlob(await downloadAdminOrdersCsv(filters), `pedidos-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      toast({ title: text.exportError, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="admin-orders-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-orders-heading" className="text-xl font-semibold text-slate-900">
          {text.heading}
        </h2>
        <div className="flex flex-wrap gap-2">
          <PickingSheetButtons selected={[...selected]} />
          <Button variant="secondary" size="sm" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? text.exporting : text.exportCsv}
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2 sm:hidden">
        <Button
          variant={active.length > 0 ? 'primary' : 'secondary'}
          size="sm"
          aria-expanded={filtersOpen}
          aria-controls={fieldsetId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {active.length > 0 ? text.filterToggleActive(active.length) : text.filterToggle}
        </Button>
        {active.map(([key, label, value]) => (
          <button
            key={key}
            type="button"
            aria-label={text.removeFilter(`${label}: ${value}`)}
            onClick={() => update({ [key]: '' })}
            className="inline-flex min-h-11 items-center gap-1 rounded-full border border-brand-700 bg-brand-50 px-3 text-sm text-brand-900"
            data-testid="filter-chip"
          >
            {label}: {value}
            <span aria-hidden="true">×</span>
          </button>
        ))}
      </div>

      <fieldset id={fieldsetId} className={`${filtersOpen ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-[1fr_1.5fr_auto_auto_auto]`}>
        <legend className="sr-only">{text.filtersLegend}</legend>
        <div className="space-y-1">
          <Label htmlFor={ids.status}>{text.filterStatus}</Label>
          <select
            id={ids.status}
            value={filters.status}
            onChange={(e) => update({ status: e.target.value as OrderStatus | '' })}
            className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base"
          >
            <option value="">{text.filterAllStatuses}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={ids.customer}>{text.filterCustomer}</Label>
          <Input
            id={ids.customer}
            type="search"
            placeholder={text.filterCustomerPlaceholder}
            value={filters.customer}
            onChange={(e) => update({ customer: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={ids.from}>{text.filterFrom}</Label>
          <Input
            id={ids.from}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => update({ from: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={ids.to}>{text.filterTo}</Label>
          <Input
            id={ids.to}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => update({ to: e.target.value })}
          />
        </div>
        <div className="flex items-end">
          <Button variant="ghost" size="sm" onClick={() => update(EMPTY_FILTERS)}>
            {text.clearFilters}
          </Button>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-2 lg:col-span-5">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={filters.creditHold === 'pending'}
            onChange={(e) => update({ creditHold: e.target.checked ? 'pending' : '' })}
          />
          {receivables.held.filterOnly}
        </label>
      </fieldset>

      <PagedQueryList
        query={query}
        text={text}
        page={page}
        pages={pages}
        onPageChange={setPage}
        listLabel={text.heading}
        listClassName="space-y-2"
        renderItem={(order) => (
          <OrderRow
            key={order.id}
            order={order}
            onOpen={() => setOpenOrderId(order.id)}
            selected={selected.has(order.id)}
            onToggle={() => toggle(order.id)}
          />
        )}
      />

      <OrderDetailDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
    </section>
  );
}

function OrderRow({
  order,
  onOpen,
  selected,
  onToggle,
}: {
  order: AdminOrder;
  onOpen: () => void;
  selected: boolean;
  onToggle: () => void;
}) {
  const number = orderNumber(order.id);
  return (
    <li className="flex items-stretch gap-2">
      <label className="flex min-w-11 items-center justify-center rounded-lg border border-slate-200 bg-white">
        <input type="checkbox" className="h-5 w-5" checked={selected} onChange={onToggle} aria-label={orderLife.documents.selectOrder(number)} />
      </label>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-row sm:items-center sm:gap-4"
      >
        <span className="flex flex-wrap items-center justify-between gap-2 sm:w-52 sm:shrink-0 sm:justify-start">
          <span className="sr-only">{text.viewDetail(number)}</span>
          <span aria-hidden="true" className="font-mono text-sm text-slate-700">
            #{number}
          </span>
          <OrderStatusBadge status={order.status} />
          <CreditHoldBadge order={order} />
        </span>
        <span className="min-w-0 flex-1 font-semibold break-words text-slate-900">
          {`${order.user_info.nombre} ${order.user_info.apellido}`}
          <span className="block text-xs font-normal text-slate-600">
            {formatDateTime(order.created_at)}
            {order.canjeado_con_puntos ? ` · ${text.paidWithPoints}` : ''}
          </span>
        </span>
        <span className="font-medium text-slate-900 sm:text-right">{formatMoney(order.total)}</span>
      </button>
    </li>
  );
}

const todayInArgentina = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());

/** The order-life work (decision 014): the picking sheet of the ticked orders, or of today's orders still to prepare. */
function PickingSheetButtons({ selected }: { selected: string[] }) {
  const [busy, setBusy] = useState(false);
  const docs = orderLife.documents;
  const download = async (query: { ids: string[] } | { date: string }) => {
    setBusy(true);
    try {
      saveBlob(await downloadPickingSheet(query), `hoja-de-preparacion-${'date' in query ? query.date : todayInArgentina()}.pdf`);
    } catch (error) {
      toast({ title: docs.downloadError, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return selected.length > 0 ? (
    <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download({ ids: selected })}>
      {busy ? docs.downloading : docs.pickingSheetSelected(selected.length)}
    </Button>
  ) : (
    <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download({ date: todayInArgentina() })}>
      {busy ? docs.downloading : docs.pickingSheetDay}
    </Button>
  );
}
