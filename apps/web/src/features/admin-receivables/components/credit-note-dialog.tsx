import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { formatMoney, parsePesos } from '@mayorista/core/money';
import { ReasonField } from '../../../components/reason-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { receivables } from '../../../lib/receivables/texts';
import { creditNoteOrderQueryOptions, postCreditNote, receivablesKeys, type Ledger } from '../api/receivables-api';
import { checkCreditNote, toCreditNoteBody, type CreditNoteValues } from '../receivables-bodies';
import { DialogFooter } from './dialog-parts';
import { RestockLines } from './restock-lines';

const t = receivables.creditNote;
const EMPTY: CreditNoteValues = { amount: '', reason: '', orderId: '', restock: {} };

/** "Nota de crédito": a return or a price correction lowers what the customer owes. */
export function CreditNoteDialog({ ledger }: { ledger: Ledger }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">{t.open}</Button>
      </DialogTrigger>
      <DialogContent title={t.title(ledger.customer.name)} description={t.description}>
        {/* Mounted with each opening: a fresh form every time. */}
        <CreditNoteForm ledger={ledger} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreditNoteForm({ ledger, onDone }: { ledger: Ledger; onDone: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof checkCreditNote> & { server?: string }>({});
  const selectId = useId();
  const queryClient = useQueryClient();
  const order = useQuery({ ...creditNoteOrderQueryOptions(values.orderId), enabled: values.orderId !== '' });
  const ordered = Object.fromEntries((order.data?.items ?? []).map((item) => [item.product_id, item.quantity]));
  const mutation = useMutation({
    mutationFn: () => postCreditNote(ledger.customer.id, toCreditNoteBody(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
      toast({ title: t.doneTitle, description: t.doneText(formatMoney(parsePesos(values.amount) ?? 0)) });
      onDone();
    },
    onError: (error: Error) => setErrors({ server: error.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCreditNote(values, ordered);
    setErrors(found);
    if (!found.amount && !found.reason && !found.restock && !mutation.isPending) mutation.mutate();
  };
  const set = (patch: Partial<CreditNoteValues>) => setValues((v) => ({ ...v, ...patch }));
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label={t.amount} inputMode="decimal" autoComplete="off" required hint={receivables.payment.amountHint} value={values.amount} onChange={(e) => set({ amount: e.target.value })} error={errors.amount} />
      <div className="space-y-1">
        <Label htmlFor={selectId}>{t.order}</Label>
        <select id={selectId} value={values.orderId} onChange={(e) => set({ orderId: e.target.value, restock: {} })} className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base">
          <option value="">{t.noOrder}</option>
          {ledger.charges.map((c) => (
            <option key={c.order_id} value={c.order_id}>
              {receivables.movements.orderRef(orderNumber(c.order_id))} · {formatMoney(c.amount)}
            </option>
          ))}
        </select>
      </div>
      {values.orderId ? (
        <RestockLines orderId={values.orderId} restock={values.restock ?? {}} onChange={(restock) => set({ restock })} onUseAmount={(amount) => set({ amount })} error={errors.restock} />
      ) : null}
      <ReasonField label={t.reason} value={values.reason} onChange={(reason) => set({ reason })} error={errors.reason} />
      <DialogFooter serverError={errors.server} pending={mutation.isPending} submit={t.submit} submitting={t.submitting} />
    </form>
  );
}
