import { useId, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '@mayorista/core/constants';
import { adminOrders } from '@mayorista/core/messages/adminOrders';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { receivables } from '../../../lib/receivables/texts';
import type { AdminOrdersFilters } from '../api/admin-orders-api';

const text = adminOrders;
export const EMPTY_FILTERS: AdminOrdersFilters = { status: '', customer: '', from: '', to: '', creditHold: '' };

interface FiltersProps {
  filters: AdminOrdersFilters;
  update: (patch: Partial<AdminOrdersFilters>) => void;
}

/** The filters in use, as [key, label, value]: the chips shown on a phone. */
function activeFilters(filters: AdminOrdersFilters) {
  return (
    [
      ['status', text.filterStatus, filters.status],
      ['customer', text.filterCustomer, (filters.customer ?? '').trim()],
      ['from', text.filterFrom, filters.from],
      ['to', text.filterTo, filters.to],
      ['creditHold', receivables.held.filterHeld, filters.creditHold ? receivables.held.filterOn : ''],
    ] as const
  ).filter(([, , value]) => value !== '');
}

/** "Filtrar" (with how many are on) and one chip per filter in use that removes it; phone only. */
function FilterChips({
  filters,
  update,
  open,
  onToggle,
  fieldsetId,
}: FiltersProps & { open: boolean; onToggle: () => void; fieldsetId: string }) {
  const active = activeFilters(filters);
  return (
    <div className="flex flex-wrap items-center gap-2 sm:hidden">
      <Button
        variant={active.length > 0 ? 'primary' : 'secondary'}
        size="sm"
        aria-expanded={open}
        aria-controls={fieldsetId}
        onClick={onToggle}
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
  );
}

/** Status, customer, from and to dates, and "Limpiar filtros". */
function FilterFields({ filters, update, open, fieldsetId }: FiltersProps & { open: boolean; fieldsetId: string }) {
  const ids = { status: useId(), customer: useId(), from: useId(), to: useId() };
  return (
    <fieldset
      id={fieldsetId}
      className={`${open ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-[1fr_1.5fr_auto_auto_auto]`}
    >
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
      <HeldOnly filters={filters} update={update} />
    </fieldset>
  );
}

/** Only the orders "Retenido por crédito" (the server's credit_hold filter), on a row of its own. */
function HeldOnly({ filters, update }: FiltersProps) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-2 lg:col-span-5">
      <input
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={filters.creditHold === 'pending'}
        onChange={(e) => update({ creditHold: e.target.checked ? 'pending' : '' })}
      />
      {receivables.held.filterOnly}
    </label>
  );
}

/**
 * The orders' filters. On a phone they fold behind "Filtrar" (decision 033): the first order shows
 * on the first screen, and the active filters stay in sight as chips that remove themselves.
 */
export function OrderFilters({ filters, update }: FiltersProps) {
  const [open, setOpen] = useState(false);
  const fieldsetId = useId();
  return (
    <>
      <FilterChips filters={filters} update={update} open={open} onToggle={() => setOpen((o) => !o)} fieldsetId={fieldsetId} />
      <FilterFields filters={filters} update={update} open={open} fieldsetId={fieldsetId} />
    </>
  );
}
