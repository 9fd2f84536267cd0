import { useState, type FormEvent } from 'react';
import { parsePesos } from '@mayorista/core/money';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { postDelivered, type DeliveredBody, type DriverStop } from '../api';
import { driverTexts as t } from '../texts';
import { FormActions } from './form-actions';
import { useStopAction } from './use-stop-action';

const inputClass = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3 text-base';

/** The body from the form: only lowered quantities, and the collected amount when one was typed. */
function bodyOf(stop: DriverStop, quantities: Record<string, string>, amount: number | null, method: DeliveredBody['collected'], key: string): DeliveredBody {
  const lines = stop.lines
    .filter((line) => quantities[line.product_id] !== undefined && Number(quantities[line.product_id]) !== line.quantity)
    .map((line) => ({ product_id: line.product_id, quantity: Number(quantities[line.product_id]) }));
  return { ...(lines.length ? { lines } : {}), ...(amount !== null && method ? { collected: { ...method, amount } } : {}), idempotency_key: key };
}

/**
 * Entregado: each product's quantity (lower only; the server refuses more than ordered), and what
 * was collected. The key is made once per opening, so a retry after a lost answer is the same action.
 */
export function DeliveredForm({ stop, onClose }: { stop: DriverStop; onClose: () => void }) {
  const [key] = useState(newIdempotencyKey);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [amountText, setAmountText] = useState(stop.to_collect > 0 ? (stop.to_collect / 100).toFixed(2).replace('.', ',') : '');
  const [method, setMethod] = useState<'cash' | 'cheque' | 'transfer'>('cash');
  const [cheque, setCheque] = useState({ bank: '', cheque_number: '', cheque_date: '' });
  const [amountError, setAmountError] = useState<string | null>(null);
  const { mutation, error } = useStopAction((body: DeliveredBody) => postDelivered(stop.order_id, body));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = amountText.trim() === '' ? null : parsePesos(amountText);
    if (amountText.trim() !== '' && (amount === null || amount <= 0)) return setAmountError(t.invalidAmount);
    setAmountError(null);
    const collected = method === 'cheque' ? { method, amount: 0, ...cheque } : { method, amount: 0 };
    mutation.mutate(bodyOf(stop, quantities, amount, collected, key));
  };

  return (
    <form className="mt-3 space-y-3 rounded-md bg-slate-50 p-3" onSubmit={submit} aria-label={t.deliveredTitle}>
      <fieldset>
        <legend className="font-semibold">{t.quantities}</legend>
        {stop.lines.map((line) => (
          <label key={line.product_id} className="mt-2 flex items-center justify-between gap-3 text-sm">
            <span>{line.name}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={line.quantity}
              aria-label={t.quantityOf(line.name)}
              className="min-h-11 w-20 rounded-md border border-slate-400 px-2 text-right text-base"
              value={quantities[line.product_id] ?? String(line.quantity)}
              onChange={(e) => setQuantities({ ...quantities, [line.product_id]: e.target.value })}
            />
          </label>
        ))}
      </fieldset>
      <label className="block text-sm font-medium">
        {t.collectedAmount}
        <input className={inputClass} inputMode="decimal" value={amountText} onChange={(e) => setAmountText(e.target.value)} aria-invalid={amountError ? true : undefined} aria-describedby="collected-hint" />
        <span id="collected-hint" className="text-xs text-slate-600">
          {amountError ?? t.collectedHint}
        </span>
      </label>
      <label className="block text-sm font-medium">
        {t.method}
        <select className={inputClass} value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
          {(['cash', 'cheque', 'transfer'] as const).map((m) => (
            <option key={m} value={m}>
              {t.methods[m]}
            </option>
          ))}
        </select>
      </label>
      {method === 'cheque' ? (
        <div className="grid gap-2">
          <input className={inputClass} aria-label={t.bank} placeholder={t.bank} value={cheque.bank} onChange={(e) => setCheque({ ...cheque, bank: e.target.value })} />
          <input className={inputClass} aria-label={t.chequeNumber} placeholder={t.chequeNumber} inputMode="numeric" value={cheque.cheque_number} onChange={(e) => setCheque({ ...cheque, cheque_number: e.target.value })} />
          <input className={inputClass} aria-label={t.chequeDate} type="date" value={cheque.cheque_date} onChange={(e) => setCheque({ ...cheque, cheque_date: e.target.value })} />
        </div>
      ) : null}
      <FormActions error={error} pending={mutation.isPending} label={t.confirmDelivered} tone="confirm" onClose={onClose} />
    </form>
  );
}
