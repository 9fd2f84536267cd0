import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { formatMoney, parsePesos } from '@mayorista/core/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { receivables } from '../../../lib/receivables/texts';
import { postCreditNote, receivablesKeys, type Ledger } from '../api/receivables-api';
import { DialogFooter, ReasonField } from './dialog-parts';
import { checkCreditNote, toCreditNoteBody, type CreditNoteValues } from '../receivables-bodies';

const t = receivables.creditNote;
const EMPTY: CreditNoteValues = { amount: '', reason: '', orderId: '' };

/** "Nota de crédito": a return or a price correction lowers what the customer owes. */
export function CreditNoteDialog({ ledger }: { ledger: Ledger }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof checkCreditNote> & { server?: string }>({});
  const orderId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => postCreditNote(ledger.customer.id, toCreditNoteBody(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
      toast({ title: t.doneTitle, description: t.doneText(formatMoney(parsePesos(values.amount) ?? 0)) });
      setOpen(false);
    },
    onError: (error: Error) => setErrors({ server: error.message }),
  });
  const onOpenChange = (next: boolean) => {
    if (next) {
      setValues(EMPTY);
      setErrors({});
    }
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCreditNote(values);
    setErrors(found);
    if (!found.amount && !found.reason && !mutation.isPending) mutation.mutate();
  };
  const set = (patch: Partial<CreditNoteValues>) => setValues((v) => ({ ...v, ...patch }));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary">{t.open}</Button>
      </DialogTrigger>
      <DialogContent title={t.title(ledger.customer.name)} description={t.description}>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label={t.amount} inputMode="decimal" autoComplete="off" required hint={receivables.payment.amountHint} value={values.amount} onChange={(e) => set({ amount: e.target.value })} error={errors.amount} />
          <div className="space-y-1">
            <Label htmlFor={orderId}>{t.order}</Label>
            <select id={orderId} value={values.orderId} onChange={(e) => set({ orderId: e.target.value })} className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base">
              <option value="">{t.noOrder}</option>
              {ledger.charges.map((c) => (
                <option key={c.order_id} value={c.order_id}>
                  {receivables.movements.orderRef(orderNumber(c.order_id))} · {formatMoney(c.amount)}
                </option>
              ))}
            </select>
          </div>
          <ReasonField label={t.reason} value={values.reason} onChange={(reason) => set({ reason })} error={errors.reason} />
          <DialogFooter serverError={errors.server} pending={mutation.isPending} submit={t.submit} submitting={t.submitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
