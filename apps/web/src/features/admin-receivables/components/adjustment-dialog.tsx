import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReasonField } from '../../../components/reason-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { receivables } from '../../../lib/receivables/texts';
import { postAdjustment, receivablesKeys, type Ledger } from '../api/receivables-api';
import { checkAdjustment, toAdjustmentBody, type AdjustmentValues } from '../receivables-bodies';
import { DialogFooter } from './dialog-parts';

const t = receivables.adjustment;
const EMPTY: AdjustmentValues = { direction: 'more', amount: '', dueDate: '', reason: '' };

/** "Ajuste o saldo inicial": what a customer already owed when the business started, or a correction. */
export function AdjustmentDialog({ ledger }: { ledger: Ledger }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">{t.open}</Button>
      </DialogTrigger>
      <DialogContent title={t.title(ledger.customer.name)} description={t.description}>
        <AdjustmentForm customerId={ledger.customer.id} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AdjustmentForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof checkAdjustment> & { server?: string }>({});
  const radioName = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => postAdjustment(customerId, toAdjustmentBody(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
      toast({ title: t.doneTitle });
      onDone();
    },
    onError: (error: Error) => setErrors({ server: error.message }),
  });
  const set = (patch: Partial<AdjustmentValues>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkAdjustment(values);
    setErrors(found);
    if (!found.amount && !found.reason && !mutation.isPending) mutation.mutate();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t.directionLegend}</legend>
        {(['more', 'less'] as const).map((direction) => (
          <label key={direction} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={radioName} className="size-4 accent-brand-700" checked={values.direction === direction} onChange={() => set({ direction })} />
            {t[direction]}
          </label>
        ))}
      </fieldset>
      <Field label={t.amount} inputMode="decimal" autoComplete="off" required hint={receivables.payment.amountHint} value={values.amount} onChange={(e) => set({ amount: e.target.value })} error={errors.amount} />
      {values.direction === 'more' ? <Field label={t.dueDate} type="date" hint={t.dueDateHint} value={values.dueDate} onChange={(e) => set({ dueDate: e.target.value })} /> : null}
      <ReasonField label={t.reason} value={values.reason} onChange={(reason) => set({ reason })} error={errors.reason} />
      <DialogFooter serverError={errors.server} pending={mutation.isPending} submit={t.submit} submitting={t.submitting} />
    </form>
  );
}
