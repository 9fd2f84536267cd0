import { useState, type FormEvent } from 'react';
import { postNotDelivered, type DriverStop } from '../api';
import { driverTexts as t } from '../texts';
import { FormActions } from './form-actions';
import { useStopAction } from './use-stop-action';

const REASONS = ['cerrado', 'rechazado', 'sin_dinero', 'otro'] as const;

/** No entregado: a reason (and a note); the server moves the order to the zone's next date and tells the office. */
export function NotDeliveredForm({ stop, onClose }: { stop: DriverStop; onClose: () => void }) {
  const [reason, setReason] = useState<(typeof REASONS)[number]>('cerrado');
  const [note, setNote] = useState('');
  const { mutation, error } = useStopAction((body: { reason: string; note?: string }) => postNotDelivered(stop.order_id, body));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <form className="mt-3 space-y-3 rounded-md bg-slate-50 p-3" onSubmit={submit} aria-label={t.notDeliveredTitle}>
      <fieldset>
        <legend className="font-semibold">{t.reason}</legend>
        {REASONS.map((r) => (
          <label key={r} className="flex min-h-11 items-center gap-2 text-base">
            <input type="radio" name={`reason-${stop.order_id}`} value={r} checked={reason === r} onChange={() => setReason(r)} className="size-5" />
            {t.reasons[r]}
          </label>
        ))}
      </fieldset>
      <label className="block text-sm font-medium">
        {t.note}
        <textarea className="mt-1 block w-full rounded-md border border-slate-400 p-2 text-base" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <FormActions error={error} pending={mutation.isPending} label={t.confirmNotDelivered} tone="refuse" onClose={onClose} />
    </form>
  );
}
