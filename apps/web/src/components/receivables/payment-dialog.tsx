import { useState } from 'react';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import type { PaymentBody } from '../../lib/receivables/payment-body';
import { receivables } from '../../lib/receivables/texts';
import type { ChargeChoice, Payment } from '../../lib/receivables/types';
import { PaymentDone, PaymentQueued, type PaymentCustomer } from './payment-done';
import { PaymentForm } from './payment-form';

const t = receivables.payment;

export interface PaymentDialogProps {
  customer: PaymentCustomer & { name: string };
  /** What the customer owes now: the form says when a payment leaves money "a favor". */
  balance: number;
  /** Orders the payment may be applied to first; without them it goes to the oldest (the server's rule). */
  charges?: ChargeChoice[];
  /** Said where "Aplicar a" would be when the charges could not be read (the rep's phone without signal). */
  chargesNote?: string;
  /** The charges are being read (the office reads them when the dialog opens). */
  chargesLoading?: boolean;
  /** Told when the dialog opens and closes (the office reads the charges then). */
  onOpenChange?: (open: boolean) => void;
  /**
   * Sends the body to the route of whoever records it (the office, or the customer's sales rep).
   * 'queued': kept on the device to send when the network returns (the rep's phone, decision 053).
   */
  send: (body: PaymentBody) => Promise<Payment | 'queued'>;
  /** What the dialog says when the payment was queued. */
  queuedText?: string;
  /** The line under the title (default: oldest first unless orders are picked). */
  description?: string;
  /** The receipt's PDF for this caller, when they may download it. */
  receiptPath?: (paymentId: number) => string;
  /** The button that opens it (default "Registrar cobranza"). */
  openLabel?: string;
}

/**
 * "Registrar cobranza": a fresh form and a fresh idempotency key each time the dialog opens. The
 * office's account page and the rep's phone open the same dialog (decisions 040, 053).
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const { customer, balance, charges, chargesNote, chargesLoading, send, receiptPath, openLabel, queuedText, description } = props;
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState<{ key: string; result: Payment | 'queued' | null }>({ key: '', result: null });
  const onOpenChange = (next: boolean) => {
    if (next) setAttempt({ key: newIdempotencyKey(), result: null });
    setOpen(next);
    props.onOpenChange?.(next);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>{openLabel ?? t.open}</Button>
      </DialogTrigger>
      <DialogContent title={t.title(customer.name)} description={attempt.result ? undefined : (description ?? t.description)} size="lg">
        {attempt.result === 'queued' ? (
          <PaymentQueued text={queuedText ?? ''} />
        ) : attempt.result ? (
          <PaymentDone customer={customer} payment={attempt.result} {...(receiptPath ? { receiptPath: receiptPath(attempt.result.id) } : {})} />
        ) : (
          <PaymentForm
            key={attempt.key}
            balance={balance}
            {...(charges ? { charges } : chargesLoading ? { chargesLoading } : chargesNote ? { chargesNote } : {})}
            idempotencyKey={attempt.key}
            send={send}
            onDone={(result) => setAttempt((a) => ({ ...a, result }))}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
