import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveries } from '@mayorista/core/messages/deliveries';
import { profileCan } from '@mayorista/core/roles';
import type { AdminCustomer } from '@mayorista/core/schemas/auth';
import type { CustomerZone, Zone } from '@mayorista/core/schemas/deliveries';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { customerZoneQueryOptions, saveCustomerZone, zonesQueryOptions } from '../api/customer-zone-api';

export const customerZoneTexts = {
  title: 'Zona de reparto',
  hint: 'La zona decide qué días llegan sus pedidos; la posición ordena su parada en la hoja de ruta.',
  zone: 'Zona',
  none: 'Sin zona',
  stop: 'Posición en el recorrido (opcional)',
  save: 'Guardar zona',
  saved: 'Zona guardada',
  error: 'No pudimos guardar la zona',
  days: (zone: Zone) => zone.weekdays.map((d) => deliveries.weekdays[d]).join(', '),
} as const;
const t = customerZoneTexts;
const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base';

function ZoneForm({ customer, current, zones }: { customer: AdminCustomer; current: CustomerZone; zones: Zone[] }) {
  const client = useQueryClient();
  const ids = { zone: useId(), stop: useId() };
  const [zoneId, setZoneId] = useState(current.zone_id === null ? '' : String(current.zone_id));
  const [stop, setStop] = useState(current.stop_position === null ? '' : String(current.stop_position));
  const save = useMutation({
    mutationFn: () => saveCustomerZone(customer.id, { zoneId, stop }),
    onSuccess: async () => {
      toast({ title: t.saved });
      await client.invalidateQueries({ queryKey: ['admin-customer-zone', customer.id] });
      await client.invalidateQueries({ queryKey: ['admin-zones'] });
    },
  });
  return (
    <form className="space-y-3" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <div>
        <label htmlFor={ids.zone} className="text-sm font-medium">
          {t.zone}
        </label>
        <select id={ids.zone} className={field} value={zoneId} onChange={(e) => setZoneId(e.target.value)}>
          <option value="">{t.none}</option>
          {zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name} ({t.days(zone)})
            </option>
          ))}
        </select>
      </div>
      {zoneId !== '' ? (
        <div>
          <label htmlFor={ids.stop} className="text-sm font-medium">
            {t.stop}
          </label>
          <input id={ids.stop} className={field} inputMode="numeric" autoComplete="off" value={stop} onChange={(e) => setStop(e.target.value.replace(/\D+/g, ''))} />
        </div>
      ) : null}
      {save.error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {isApiError(save.error) ? save.error.message : t.error}
        </p>
      ) : null}
      <Button size="sm" type="submit" disabled={save.isPending}>
        {t.save}
      </Button>
    </form>
  );
}

/** The admin customer page's "Zona de reparto" (Repartos, decision 049): for those who plan the routes, customers only. */
export function CustomerZoneCard({ customer }: { customer: AdminCustomer }) {
  const { profile } = useAuth();
  const allowed = profileCan(profile, 'deliveries.plan') && !customer.is_admin && !customer.is_super_admin;
  const headingId = useId();
  const current = useQuery({ ...customerZoneQueryOptions(customer.id), enabled: allowed });
  const zones = useQuery({ ...zonesQueryOptions(), enabled: allowed });
  if (!allowed) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5" data-testid="customer-zone">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {t.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t.hint}</p>
      <div className="mt-3">
        {current.data && zones.data ? <ZoneForm key={`${current.data.zone_id}-${current.data.stop_position}`} customer={customer} current={current.data} zones={zones.data.items} /> : null}
      </div>
    </section>
  );
}
