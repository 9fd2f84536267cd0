import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PaymentDialog as SharedPaymentDialog } from '../../../components/receivables/payment-dialog';
import { receivables } from '../../../lib/receivables/texts';
import { adminChargesQueryOptions, adminReceiptPath, postPayment, receivablesKeys, type Ledger } from '../api/receivables-api';

const t = receivables.payment;

/**
 * "Aplicar a": the customer's open charges, read afresh each time the dialog opens (someone may
 * have recorded a payment since) — a line while they load, and one saying why there is nothing to
 * pick when they could not be read (the payment then goes oldest first, as without a pick).
 */
function useOpenCharges(customerId: string) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...adminChargesQueryOptions(customerId), enabled: open });
  const onOpenChange = (next: boolean) => {
    // Forget the last opening's list (not refetched: the query waits for `open`), so this one shows only a fresh one.
    if (next) void queryClient.resetQueries({ queryKey: receivablesKeys.charges(customerId) });
    setOpen(next);
  };
  if (query.data) return { onOpenChange, charges: query.data };
  if (query.isError) return { onOpenChange, chargesNote: t.ordersLoadError, description: t.descriptionOldest };
  return { onOpenChange, chargesLoading: true };
}

/** The office's "Registrar cobranza" on a customer's ledger: the shared dialog, sent to the admin route. */
export function PaymentDialog({ ledger }: { ledger: Ledger }) {
  const queryClient = useQueryClient();
  const { customer, account } = ledger;
  const choices = useOpenCharges(customer.id);
  return (
    <SharedPaymentDialog
      customer={customer}
      balance={account.balance}
      {...choices}
      receiptPath={adminReceiptPath}
      send={async (body) => {
        const payment = await postPayment(customer.id, body);
        void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
        return payment;
      }}
    />
  );
}
