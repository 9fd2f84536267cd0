import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveries } from '@mayorista/core/messages/deliveries';
import { centavosToInput, formatMoney } from '@mayorista/core/money';
import type { Zone, ZonesAnswer } from '@mayorista/core/schemas/deliveries';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { deliveriesTexts as t } from '../texts';
import { toZoneBody, type ZoneValues } from '../zone-body';
import { ZoneForm } from './zone-form';

const WEEKDAYS = deliveries.weekdays;
const small = 'inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm';
const EMPTY: ZoneValues = { name: '', weekdays: [], cutoffDaysBefore: 1, cutoffTime: '18:00', minOrder: '', driverId: '' };
type Drivers = ZonesAnswer['drivers'];

const cutoffText = (zone: Zone) => `${t.cutoffDays(zone.cutoff_days_before)} ${zone.cutoff_time}`;
const valuesOf = (zone: Zone): ZoneValues => ({
  name: zone.name,
  weekdays: zone.weekdays,
  cutoffDaysBefore: zone.cutoff_days_before,
  cutoffTime: zone.cutoff_time,
  minOrder: centavosToInput(zone.min_order),
  driverId: zone.driver_id ?? '',
});

function useZoneSaved() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['admin-zones'] }), client.invalidateQueries({ queryKey: ['admin-deliveries'] })]);
}

function NewZone({ drivers }: { drivers: Drivers }) {
  const saved = useZoneSaved();
  const [round, setRound] = useState(0);
  const create = useMutation({
    mutationFn: (values: ZoneValues) => apiRequest<Zone>('/api/admin/zones', { method: 'POST', body: toZoneBody(values) }),
    onSuccess: () => (setRound((r) => r + 1), saved()),
  });
  return (
    <>
      <h4 className="mt-4 font-semibold">{t.newZone}</h4>
      <ZoneForm key={round} initial={EMPTY} drivers={drivers} label={t.newZone} submitLabel={t.createZone} pending={create.isPending} error={create.error} onSubmit={(v) => create.mutate(v)} />
    </>
  );
}

/** One zone: its rule and customers, "Editar" (the same form) and "Borrar" (asked twice; refused while it has customers). */
function ZoneItem({ zone, drivers }: { zone: Zone; drivers: Drivers }) {
  const saved = useZoneSaved();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const driverName = drivers.find((d) => d.id === zone.driver_id)?.name;
  const update = useMutation({
    mutationFn: (values: ZoneValues) => apiRequest<Zone>(`/api/admin/zones/${zone.id}`, { method: 'PATCH', body: toZoneBody(values) }),
    onSuccess: () => (setMode('view'), saved()),
  });
  const remove = useMutation({ mutationFn: () => apiRequest<void>(`/api/admin/zones/${zone.id}`, { method: 'DELETE' }), onSuccess: saved, onSettled: () => setMode('view') });
  return (
    <li className="py-2" data-testid="zone-item">
      <p>
        <span className="font-medium">{zone.name}</span> · {zone.weekdays.map((d) => WEEKDAYS[d]).join(', ')} · {cutoffText(zone)}
        {zone.min_order !== null ? ` · ${t.minOrder} ${formatMoney(zone.min_order)}` : ''} · {t.customers(zone.customers)}
        {driverName ? ` · ${t.driver}: ${driverName}` : ''}
      </p>
      {mode === 'edit' ? (
        <ZoneForm initial={valuesOf(zone)} drivers={drivers} label={t.editZoneLabel(zone.name)} submitLabel={t.saveZone} pending={update.isPending} error={update.error} onSubmit={(v) => update.mutate(v)} onCancel={() => setMode('view')} />
      ) : (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <button type="button" className={small} aria-label={t.editZoneLabel(zone.name)} onClick={() => setMode('edit')}>
            {t.editZone}
          </button>
          {mode === 'confirm' ? (
            <button type="button" className={`${small} border-red-700 text-red-800`} disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t.confirmDelete(zone.name)}
            </button>
          ) : (
            <button type="button" className={small} aria-label={t.deleteZoneLabel(zone.name)} onClick={() => setMode('confirm')}>
              {t.deleteZone}
            </button>
          )}
        </div>
      )}
      {remove.error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {isApiError(remove.error) ? remove.error.message : String(remove.error)}
        </p>
      ) : null}
    </li>
  );
}

function CustomersWithoutZone({ customers }: { customers: ZonesAnswer['customers_without_zone'] }) {
  if (customers.length === 0) return null;
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="customers-without-zone">
      <h4 className="font-semibold">{t.customersWithoutZone(customers.length)}</h4>
      <p className="text-sm">{t.customersWithoutZoneHint}</p>
      <ul className="mt-1 text-sm">
        {customers.map((c) => (
          <li key={c.id}>
            <Link className="inline-flex min-h-11 items-center text-brand-800 underline underline-offset-2" to={`/admin?tab=usuarios&cliente=${encodeURIComponent(c.id)}`}>
              {c.razon_social ?? c.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Zonas: each zone's days, cut-off and minimum, to edit or delete; a form for a new one; the customers in none (decision 049). */
export function ZonesPanel() {
  const { data } = useQuery({ queryKey: ['admin-zones'], queryFn: ({ signal }) => apiRequest<ZonesAnswer>('/api/admin/zones', { signal }) });
  return (
    <section aria-labelledby="zones-title">
      <h3 id="zones-title" className="text-lg font-semibold">
        {t.zonesTitle}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {data?.items.map((zone) => (
          <ZoneItem key={`${zone.id}-${zone.name}-${zone.cutoff_time}-${zone.weekdays.join()}-${zone.min_order}-${zone.driver_id}`} zone={zone} drivers={data.drivers} />
        ))}
      </ul>
      <NewZone drivers={data?.drivers ?? []} />
      <CustomersWithoutZone customers={data?.customers_without_zone ?? []} />
    </section>
  );
}
