import { useState, type FormEvent } from 'react';
import { deliveries } from '@mayorista/core/messages/deliveries';
import { isApiError } from '../../../lib/api-client';
import { deliveriesTexts as t } from '../texts';
import type { ZoneValues } from '../zone-body';

const WEEKDAYS = deliveries.weekdays;
const field = 'mt-1 block min-h-11 rounded-md border border-slate-400 bg-white px-3';

/** The cut-off (days before, time), the driver and the minimum order. */
function ZoneRuleFields({
  v,
  set,
  drivers,
}: {
  v: ZoneValues;
  set: (patch: Partial<ZoneValues>) => void;
  drivers: { id: string; name: string }[];
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <label className="text-sm font-medium">
        {t.cutoff}
        <select className={field} value={v.cutoffDaysBefore} onChange={(e) => set({ cutoffDaysBefore: Number(e.target.value) })}>
          {[0, 1, 2, 3].map((n) => (
            <option key={n} value={n}>
              {t.cutoffDays(n)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        {t.cutoffTime}
        <input type="time" className={field} value={v.cutoffTime} onChange={(e) => set({ cutoffTime: e.target.value })} />
      </label>
      <label className="text-sm font-medium">
        {t.driver}
        <select className={field} value={v.driverId} onChange={(e) => set({ driverId: e.target.value })}>
          <option value="">{t.noDriver}</option>
          {drivers.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        {t.minOrder}
        <input
          className={`${field} w-36`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t.noMinimum}
          value={v.minOrder}
          onChange={(e) => set({ minOrder: e.target.value })}
        />
      </label>
    </div>
  );
}

/** The zone's name, delivery days, cut-off, driver and minimum: the new-zone form and each zone's edit. */
export function ZoneForm({
  initial,
  drivers,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: ZoneValues;
  drivers: { id: string; name: string }[];
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: ZoneValues) => void;
  onCancel?: () => void;
}) {
  const [v, setV] = useState(initial);
  const set = (patch: Partial<ZoneValues>) => setV((old) => ({ ...old, ...patch }));
  const submit = (e: FormEvent) => (e.preventDefault(), onSubmit(v));
  const toggle = (day: number) =>
    set({ weekdays: v.weekdays.includes(day) ? v.weekdays.filter((d) => d !== day) : [...v.weekdays, day] });
  return (
    <form onSubmit={submit} className="mt-3 space-y-2 rounded-md bg-slate-50 p-3" aria-label={label}>
      <label className="block text-sm font-medium">
        {t.zoneName}
        <input className={`${field} w-full`} value={v.name} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <fieldset>
        <legend className="text-sm font-medium">{t.deliveryDays}</legend>
        <div className="flex flex-wrap gap-x-3">
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="flex min-h-11 items-center gap-1 text-sm">
              <input type="checkbox" className="size-5" checked={v.weekdays.includes(i)} onChange={() => toggle(i)} />
              {day}
            </label>
          ))}
        </div>
      </fieldset>
      <ZoneRuleFields v={v} set={set} drivers={drivers} />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {isApiError(error) ? error.message : String(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white">
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="min-h-11 rounded-md border border-slate-300 bg-white px-4">
            {t.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
