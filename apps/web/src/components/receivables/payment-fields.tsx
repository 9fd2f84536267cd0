import { useId } from 'react';
import { orderNumber } from '@mayorista/core/constants';
import { formatMoney } from '@mayorista/core/money';
import { Field } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { addDays, MAX_CHEQUE_DAYS_AHEAD } from '@mayorista/core/receivables';
import { formatDueDate, todayInArgentina } from '../../lib/receivables/format';
import { receivables as documentTexts } from '@mayorista/core/messages/receivables';
import { receivables } from '../../lib/receivables/texts';
import type { ChargeChoice } from '../../lib/receivables/types';
import { PAYMENT_METHODS, type PaymentField, type PaymentMethod, type PaymentValues } from '../../lib/receivables/payment-body';

const t = receivables.payment;
type Errors = Partial<Record<PaymentField, string>>;
type Set = <K extends keyof PaymentValues>(key: K, value: PaymentValues[K]) => void;

/** The five ways to pay as radio buttons: every choice in sight, one tap each, arrows between them. */
export function MethodPicker({ value, onChange }: { value: PaymentMethod; onChange: (m: PaymentMethod) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{t.method}</legend>
      <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {PAYMENT_METHODS.map((method) => (
          <label
            key={method}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
          >
            <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} className="size-4 accent-brand-700" />
            {documentTexts.methods[method]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Bank, number and payment date: a cheque only counts as paid on its date and can bounce. */
export function ChequeFields({ values, set, errors }: { values: PaymentValues; set: Set; errors: Errors }) {
  const today = todayInArgentina();
  return (
    <div className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2">
      <Field label={t.bank} name="bank" autoComplete="off" maxLength={100} required value={values.bank} onChange={(e) => set('bank', e.target.value)} error={errors.bank} />
      <Field
        label={t.chequeNumber}
        name="chequeNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        required
        value={values.chequeNumber}
        onChange={(e) => set('chequeNumber', e.target.value)}
        error={errors.chequeNumber}
      />
      <div className="sm:col-span-2">
        <Field label={t.chequeDate} name="chequeDate" type="date" required min={today} max={addDays(today, MAX_CHEQUE_DAYS_AHEAD)} hint={t.chequeDateHint} value={values.chequeDate} onChange={(e) => set('chequeDate', e.target.value)} error={errors.chequeDate} />
      </div>
    </div>
  );
}

/** Optional: the orders this payment settles; none ticked = oldest first (the server's rule). */
export function OrdersPicker({ charges, picked, onChange }: { charges: ChargeChoice[]; picked: string[]; onChange: (ids: string[]) => void }) {
  const hintId = useId();
  const toggle = (id: string) => onChange(picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id]);
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-800">{t.ordersLegend}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {charges.length === 0 ? t.noOpenOrders : t.ordersHint}
      </p>
      <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto">
        {charges.map((charge) => (
          <li key={charge.order_id}>
            <label className="flex min-h-11 items-center gap-2 rounded-md px-1 text-sm hover:bg-slate-50">
              <input type="checkbox" className="size-5 shrink-0 accent-brand-700" checked={picked.includes(charge.order_id)} onChange={() => toggle(charge.order_id)} />
              {t.orderOption(orderNumber(charge.order_id), formatMoney(charge.amount), charge.due_date ? formatDueDate(charge.due_date) : '—')}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * Where "Aplicar a" goes: the picker once the charges are read, a line while they load, or the
 * line that says why there is nothing to pick (the payment then goes oldest first).
 */
export function ChargesArea({ charges, loading, note, picked, onChange }: { charges?: ChargeChoice[] | undefined; loading?: boolean | undefined; note?: string | undefined; picked: string[]; onChange: (ids: string[]) => void }) {
  if (charges) return <OrdersPicker charges={charges} picked={picked} onChange={onChange} />;
  if (loading) return <Spinner label={t.ordersLoading} className="justify-start p-0 text-sm text-slate-600" />;
  if (!note) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="charges-note">
      {note}
    </p>
  );
}
