import { useQueryClient } from '@tanstack/react-query';
import { PaymentDialog as SharedPaymentDialog } from '../../../components/receivables/payment-dialog';
import { adminReceiptPath, postPayment, receivablesKeys, type Ledger } from '../api/receivables-api';

/** The office's "Registrar cobranza" on a customer's ledger: the shared dialog, sent to the admin route. */
export function PaymentDialog({ ledger }: { ledger: Ledger }) {
  const queryClient = useQueryClient();
  const { customer, account, charges } = ledger;
  return (
    <SharedPaymentDialog
      customer={customer}
      balance={account.balance}
      charges={charges}
      receiptPath={adminReceiptPath}
      send={async (body) => {
        const payment = await postPayment(customer.id, body);
        void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
        return payment;
      }}
    />
  );
}
