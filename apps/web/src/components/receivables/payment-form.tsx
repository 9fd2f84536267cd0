import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { formatMoney, parsePesos } from '@mayorista/core/money';
import { Button } from '../ui/button';
import { DialogClose } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormSummary } from '../../lib/forms/form-summary';
import { useFieldValidation } from '../../lib/forms/use-field-validation';
import { todayInArgentina } from '../../lib/receivables/format';
import { receivables } from '../../lib/receivables/texts';
import type { ChargeChoice, Payment } from '../../lib/receivables/types';
import { checkPayment, emptyPayment, PAYMENT_FIELDS, toPaymentBody, type PaymentBody, type PaymentValues } from '../../lib/receivables/payment-body';
import { ChargesArea, ChequeFields, MethodPicker } from './payment-fields';

const t = receivables.payment;
const LABELS = { amount: t.amount, bank: t.bank, chequeNumber: t.chequeNumber, chequeDate: t.chequeDate };

interface PaymentFormProps {
  balance: number;
  /** Orders to apply to first; none given: the picker is left out and the server goes oldest first. */
  charges?: ChargeChoice[];
  /** Said instead of the picker when there are no charges to offer (read failed). */
  chargesNote?: string;
  /** The charges are on their way: a line says so where the picker goes. */
  chargesLoading?: boolean;
  idempotencyKey: string;
  send: (body: PaymentBody) => Promise<Payment | 'queued'>;
  onDone: (payment: Payment | 'queued') => void;
}

/**
 * The payment's fields and "Registrar cobranza". The idempotency key belongs to the dialog's
 * opening: a second tap, or a retry after a lost answer, sends the same key and the server records
 * one payment with one receipt.
 */
export function PaymentForm({ balance, charges, chargesNote, chargesLoading, idempotencyKey, send, onDone }: PaymentFormProps) {
  const [values, setValues] = useState<PaymentValues>(emptyPayment);
  const [serverError, setServerError] = useState<string | null>(null);
  const sending = useRef(false);
  const today = todayInArgentina();
  const set = <K extends keyof PaymentValues>(key: K, value: PaymentValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const { formRef, errors, summary, onBlur, validate } = useFieldValidation({ fields: PAYMENT_FIELDS, values, check: () => checkPayment(values, today) });
  const mutation = useMutation({
    // Sent even when the browser says offline: the caller decides (the rep's phone queues it, decision 053).
    networkMode: 'always',
    mutationFn: () => send(toPaymentBody(values, idempotencyKey)),
    onSuccess: onDone,
    onError: (error: Error) => setServerError(error.message),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setServerError(null);
    try {
      if (await validate()) await mutation.mutateAsync().catch(() => undefined);
    } finally {
      sending.current = false;
    }
  };

  const typed = parsePesos(values.amount);
  const favour = typed !== null && !Number.isNaN(typed) && typed > Math.max(0, balance) ? typed - Math.max(0, balance) : 0;
  return (
    <form ref={formRef} noValidate onBlur={onBlur} onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-busy={mutation.isPending}>
      <Field label={t.amount} name="amount" inputMode="decimal" autoComplete="off" required hint={t.amountHint} value={values.amount} onChange={(e) => set('amount', e.target.value)} error={errors.amount} />
      {favour > 0 && !errors.amount ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t.overBalance(formatMoney(favour))}
        </p>
      ) : null}
      <MethodPicker value={values.method} onChange={(m) => set('method', m)} />
      {values.method === 'cheque' ? <ChequeFields values={values} set={set} errors={errors} /> : null}
      <Field label={t.reference} name="reference" autoComplete="off" maxLength={100} hint={t.referenceHint} value={values.reference} onChange={(e) => set('reference', e.target.value)} />
      <ChargesArea charges={charges} loading={chargesLoading} note={chargesNote} picked={values.appliesTo} onChange={(ids) => set('appliesTo', ids)} />
      {serverError ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="payment-error">
          {serverError}
        </p>
      ) : null}
      <FormSummary labels={summary.map((name) => LABELS[name])} />
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
