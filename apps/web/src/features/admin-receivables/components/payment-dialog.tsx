import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { receivables } from '../../../lib/receivables/texts';
import type { Ledger, Payment } from '../api/receivables-api';
import { PaymentDone } from './payment-done';
import { PaymentForm } from './payment-form';

const t = receivables.payment;

/** "Registrar cobranza": a fresh form and a fresh idempotency key each time the dialog opens. */
export function PaymentDialog({ ledger }: { ledger: Ledger }) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState<{ key: string; result: Payment | null }>({ key: '', result: null });
  const onOpenChange = (next: boolean) => {
    if (next) setAttempt({ key: newIdempotencyKey(), result: null });
    setOpen(next);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>{t.open}</Button>
      </DialogTrigger>
      <DialogContent title={t.title(ledger.customer.name)} description={attempt.result ? undefined : t.description} size="lg">
        {attempt.result ? (
          <PaymentDone customer={ledger.customer} payment={attempt.result} />
        ) : (
          <PaymentForm key={attempt.key} ledger={ledger} idempotencyKey={attempt.key} onDone={(result) => setAttempt((a) => ({ ...a, result }))} />
        )}
      </DialogContent>
    </Dialog>
  );
}
