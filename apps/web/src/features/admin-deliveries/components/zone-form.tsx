import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_CUTOFF_DAYS_BEFORE } from '@mayorista/core/deliveries';
import { deliveries } from '@mayorista/core/messages/deliveries';
import { deliveriesTexts as t } from '../texts';
import { zoneErrors, zoneErrorsOfAnswer, type ZoneErrors, type ZoneValues } from '../zone-body';

const WEEKDAYS = deliveries.weekdays;
const CUTOFF_DAYS = Array.from({ length: MAX_CUTOFF_DAYS_BEFORE + 1 }, (_, n) => n);
const field = 'mt-1 block min-h-11 rounded-md border border-slate-400 bg-white px-3 aria-[invalid=true]:border-red-700';

/** A field's message under it, named by the field's aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

/** aria-invalid and aria-describedby of a field with this message. */
const invalid = (id: string, message: string | undefined) => (message ? { 'aria-invalid': true, 'aria-describedby': id } : {});

/** A label around its control, and the control's message under both. */
function Labelled({
  label,
  errorId,
  error,
  children,
}: {
  label: string;
  errorId: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="text-sm font-medium">
        {label}
        {children}
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The cut-off (days before, time), the driver and the minimum order: the last two optional. */
function ZoneRuleFields({
  v,
  set,
  drivers,
  errors,
}: {
  v: ZoneValues;
  set: (patch: Partial<ZoneValues>) => void;
  drivers: { id: string; name: string }[];
  errors: ZoneErrors;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap gap-3">
      <Labelled label={t.cutoff} errorId={`${id}-days`} error={errors.cutoff_days_before}>
        <select
          className={field}
          value={v.cutoffDaysBefore}
          onChange={(e) => set({ cutoffDaysBefore: Number(e.target.value) })}
          {...invalid(`${id}-days`, errors.cutoff_days_before)}
        >
          {CUTOFF_DAYS.map((n) => (
            <option key={n} value={n}>
              {t.cutoffDays(n)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled label={t.cutoffTime} errorId={`${id}-time`} error={errors.cutoff_time}>
        <input
          type="time"
          required
          className={field}
          value={v.cutoffTime}
          onChange={(e) => set({ cutoffTime: e.target.value })}
          {...invalid(`${id}-time`, errors.cutoff_time)}
        />
      </Labelled>
      <Labelled label={t.driverOptional} errorId={`${id}-driver`} error={errors.driver_id}>
        <select
          className={field}
          value={v.driverId}
          onChange={(e) => set({ driverId: e.target.value })}
          {...invalid(`${id}-driver`, errors.driver_id)}
        >
          <option value="">{t.noDriver}</option>
          {drivers.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled label={t.minOrderOptional} errorId={`${id}-min`} error={errors.min_order}>
        <input
          className={`${field} w-40`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t.noMinimum}
          value={v.minOrder}
          onChange={(e) => set({ minOrder: e.target.value })}
          {...invalid(`${id}-min`, errors.min_order)}
        />
      </Labelled>
    </div>
  );
}

/** The name (required) and the delivery days (at least one). */
function ZoneNameAndDays({ v, set, errors }: { v: ZoneValues; set: (patch: Partial<ZoneValues>) => void; errors: ZoneErrors }) {
  const id = useId();
  const toggle = (day: number) =>
    set({ weekdays: v.weekdays.includes(day) ? v.weekdays.filter((d) => d !== day) : [...v.weekdays, day] });
  return (
    <>
      <div>
        <label className="block text-sm font-medium">
          {t.zoneName}
          <input
            className={`${field} w-full`}
            required
            value={v.name}
            onChange={(e) => set({ name: e.target.value })}
            {...invalid(`${id}-name`, errors.name)}
          />
        </label>
        <FieldError id={`${id}-name`} message={errors.name} />
      </div>
      <fieldset {...(errors.weekdays ? { 'aria-describedby': `${id}-days` } : {})}>
        <legend className="text-sm font-medium">
          {t.deliveryDays} <span className="font-normal text-slate-600">{t.deliveryDaysHint}</span>
        </legend>
        <div className="flex flex-wrap gap-x-3">
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="flex min-h-11 items-center gap-1 text-sm">
              <input type="checkbox" className="size-5" checked={v.weekdays.includes(i)} onChange={() => toggle(i)} />
              {day}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-days`} message={errors.weekdays} />
      </fieldset>
    </>
  );
}

/**
 * The zone's name, delivery days, cut-off, driver and minimum: the new-zone form and each zone's
 * edit. Checked with the server's schema before sending, every problem next to its field; the
 * server's refusal lands on its field too, or under the form.
 */
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
  const [checked, setChecked] = useState<ZoneErrors | null>(null);
  const set = (patch: Partial<ZoneValues>) => setV((old) => ({ ...old, ...patch }));
  const errors = checked ?? zoneErrorsOfAnswer(error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = zoneErrors(v);
    const ok = Object.keys(found).length === 0;
    setChecked(ok ? null : found);
    if (ok) onSubmit(v);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2 rounded-md bg-slate-50 p-3" aria-label={label}>
      <ZoneNameAndDays v={v} set={set} errors={errors} />
      <ZoneRuleFields v={v} set={set} drivers={drivers} errors={errors} />
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errors.form}
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
