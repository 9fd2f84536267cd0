import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { receivables } from '../../../lib/receivables/texts';
import { patchCreditTerms, receivablesKeys, type Ledger } from '../api/receivables-api';
import { DialogFooter } from './dialog-parts';
import { checkCreditTerms, TERM_CHOICES, termsValuesOf, toCreditTermsBody, type CreditTermsValues, type TermChoice } from '../receivables-bodies';

const t = receivables.terms;
const choiceLabel = (c: TermChoice) => (c === 'default' ? t.default : c === '0' ? t.cash : c === 'custom' ? t.custom : t.days(Number(c)));

/** "Condiciones de crédito": Contado, 7/15/30 days or another term, and an optional credit limit. */
export function CreditTermsDialog({ ledger }: { ledger: Ledger }) {
  const { account, customer } = ledger;
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<CreditTermsValues>(() => termsValuesOf(account.payment_terms_days, account.payment_terms_default, account.credit_limit));
  const [errors, setErrors] = useState<ReturnType<typeof checkCreditTerms> & { server?: string }>({});
  const radioName = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => patchCreditTerms(customer.id, toCreditTermsBody(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
      toast({ title: t.doneTitle });
      setOpen(false);
    },
    onError: (error: Error) => setErrors({ server: error.message }),
  });
  const onOpenChange = (next: boolean) => {
    if (next) {
      setValues(termsValuesOf(account.payment_terms_days, account.payment_terms_default, account.credit_limit));
      setErrors({});
    }
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCreditTerms(values);
    setErrors(found);
    if (!found.customDays && !found.limit && !mutation.isPending) mutation.mutate();
  };
  const set = (patch: Partial<CreditTermsValues>) => setValues((v) => ({ ...v, ...patch }));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary">{t.open}</Button>
      </DialogTrigger>
      <DialogContent title={t.title(customer.name)} description={t.description}>
        <form noValidate onSubmit={submit} className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t.termsLegend}</legend>
            <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {TERM_CHOICES.map((choice) => (
                <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                  <input type="radio" name={radioName} value={choice} checked={values.choice === choice} onChange={() => set({ choice })} className="size-4 accent-brand-700" />
                  {choiceLabel(choice)}
                </label>
              ))}
            </div>
          </fieldset>
          {values.choice === 'custom' ? (
            <Field label={t.customDays} inputMode="numeric" autoComplete="off" required value={values.customDays} onChange={(e) => set({ customDays: e.target.value.replace(/\D/g, '') })} error={errors.customDays} />
          ) : null}
          <Field label={t.limit} inputMode="decimal" autoComplete="off" hint={t.limitHint} value={values.limit} onChange={(e) => set({ limit: e.target.value })} error={errors.limit} />
          <DialogFooter serverError={errors.server} pending={mutation.isPending} submit={t.submit} submitting={t.submitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
