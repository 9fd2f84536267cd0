import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveries } from '@mayorista/core/messages/deliveries';
import type { Zone } from '@mayorista/core/schemas/deliveries';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { deliveriesTexts as t } from '../texts';

const WEEKDAYS = deliveries.weekdays;
const field = 'mt-1 block min-h-11 rounded-md border border-slate-400 px-3';

const cutoffText = (zone: Zone) => `${t.cutoffDays(zone.cutoff_days_before)} ${zone.cutoff_time}`;

function NewZoneForm() {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number[]>([]);
  const [before, setBefore] = useState(1);
  const [time, setTime] = useState('18:00');
  const create = useMutation({
    mutationFn: () => apiRequest<Zone>('/api/admin/zones', { method: 'POST', body: { name, weekdays: days, cutoff_days_before: before, cutoff_time: time } }),
    onSuccess: () => {
      setName('');
      setDays([]);
      return client.invalidateQueries({ queryKey: ['admin-zones'] });
    },
  });
  const submit = (e: FormEvent) => (e.preventDefault(), create.mutate());
  return (
    <form onSubmit={submit} className="mt-3 space-y-2 rounded-md bg-slate-50 p-3" aria-label={t.newZone}>
      <label className="block text-sm font-medium">
        {t.zoneName}
        <input className={`${field} w-full`} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <fieldset>
        <legend className="text-sm font-medium">{t.deliveryDays}</legend>
        <div className="flex flex-wrap gap-x-3">
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="flex min-h-11 items-center gap-1 text-sm">
              <input type="checkbox" className="size-5" checked={days.includes(i)} onChange={() => setDays(days.includes(i) ? days.filter((d) => d !== i) : [...days, i])} />
              {day}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <label className="text-sm font-medium">
          {t.cutoff}
          <select className={field} value={before} onChange={(e) => setBefore(Number(e.target.value))}>
            {[0, 1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {t.cutoffDays(n)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t.cutoffTime}
          <input type="time" className={field} value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
      </div>
      {create.error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {isApiError(create.error) ? create.error.message : String(create.error)}
        </p>
      ) : null}
      <button type="submit" disabled={create.isPending} className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white">
        {t.createZone}
      </button>
    </form>
  );
}

/** Zonas: each zone's days and cut-off, and a form for a new one (decision 049). */
export function ZonesPanel() {
  const { data } = useQuery({ queryKey: ['admin-zones'], queryFn: ({ signal }) => apiRequest<{ items: Zone[] }>('/api/admin/zones', { signal }) });
  return (
    <section aria-labelledby="zones-title">
      <h3 id="zones-title" className="text-lg font-semibold">
        {t.zonesTitle}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {data?.items.map((zone) => (
          <li key={zone.id} className="py-2">
            <span className="font-medium">{zone.name}</span> · {zone.weekdays.map((d) => WEEKDAYS[d]).join(', ')} · {cutoffText(zone)} · {t.customers(zone.customers)}
          </li>
        ))}
      </ul>
      <NewZoneForm />
    </section>
  );
}
