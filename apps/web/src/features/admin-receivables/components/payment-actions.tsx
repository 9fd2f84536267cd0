import { formatReceiptNumber } from '@mayorista/core/receivables';
import { DownloadButton } from '../../../components/receivables/download-button';
import { Button } from '../../../components/ui/button';
import { receivables } from '../../../lib/receivables/texts';
import type { AccountMovement } from '../../../lib/receivables/types';
import { adminReceiptPath } from '../api/receivables-api';

/** The reverse button's words for this payment: "Cheque rechazado" only on a cheque, "Revertir cobranza" on anything else. */
export function reverseLabels(method: AccountMovement['payment_method'], number: string): { text: string; name: string } {
  const t = receivables.reverse;
  return method === 'cheque' ? { text: t.openCheque, name: t.openChequeFor(number) } : { text: t.open, name: t.openFor(number) };
}

/** A payment row's buttons for the staff: its receipt, and the button that reverses it. */
export function PaymentActions({ movement, reversed, onReverse }: { movement: AccountMovement; reversed: boolean; onReverse: (m: AccountMovement) => void }) {
  if (movement.kind !== 'payment' || movement.payment_id === null || movement.receipt_number === null) return null;
  const number = formatReceiptNumber(movement.receipt_number);
  const labels = reverseLabels(movement.payment_method, number);
  return (
    <>
      <DownloadButton path={adminReceiptPath(movement.payment_id)} fileName={`recibo-${number}.pdf`} label={receivables.movements.downloadReceipt} aria-label={receivables.movements.downloadReceiptOf(number)} />
      {/* A payment is reversed once; one whose reversal is on this page offers no second (the server refuses it anyway). */}
      {reversed ? null : (
        <Button size="sm" variant="ghostDanger" aria-label={labels.name} onClick={() => onReverse(movement)}>
          {labels.text}
        </Button>
      )}
    </>
  );
}
