import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { receivables } from '../../../lib/receivables/texts';
import type { AdminAccount, PaymentResult } from '../api/receivables-api';
import { PaymentDone } from './payment-done';
import { PaymentForm } from './payment-form';

const t = receivables.payment;

/** "Registrar cobranza": a fresh form and a fresh idempotency key each time the dialog opens. */
export function PaymentDialog({ account, name }: { account: AdminAccount; name: string }) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState<{ key: string; result: PaymentResult | null }>({ key: '', result: null });
  const onOpenChange = (next: boolean) => {
    if (next) setAttempt({ key: newIdempotencyKey(), result: null });
    setOpen(next);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>{t.open}</Button>
      </DialogTrigger>
      <DialogContent title={t.title(name)} description={attempt.result ? undefined : t.description} size="lg">
        {attempt.result ? (
          <PaymentDone account={account} result={attempt.result} />
        ) : (
          <PaymentForm key={attempt.key} account={account} idempotencyKey={attempt.key} onDone={(result) => setAttempt((a) => ({ ...a, result }))} />
        )}
      </DialogContent>
    </Dialog>
  );
}
