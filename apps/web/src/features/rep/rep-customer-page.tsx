import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { PaymentDialog } from '../../components/receivables/payment-dialog';
import { buttonVariants } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import type { AccountSummary, ChargeChoice } from '../../lib/receivables/types';
import { BackLink, ContactLinks, CustomerFigures, customerName, takeOrderPath } from './components/customer-parts';
import { RepQueueArea, useRepId } from './components/rep-queue-area';
import { failedOnNetwork, queueRepPayment } from './offline/queue-actions';
import { postRepPayment, repAccountQuery, repChargesQuery, repCustomerQuery, repKeys, repReceiptPath } from './rep-api';

const visitDaysText = (days: number[]) => (days.length === 0 ? t.noVisitDays : days.map((d) => t.weekdays[d - 1]).join(', '));

/** "Aplicar a": the customer's open charges, or why there are none to pick (no signal and none on the device). */
function useChargeChoices(repId: string, customerId: string): { charges?: ChargeChoice[]; chargesNote?: string } {
  const charges = useQuery(repChargesQuery(repId, customerId));
  if (charges.data) return { charges: charges.data.items };
  if (charges.isError) return { chargesNote: failedOnNetwork(charges.error) ? t.chargesOffline : t.chargesLoadError };
  return {};
}

/**
 * "Registrar cobro": the office's payment dialog, sent to the rep's route — same receipts
 * (decision 053), same "Aplicar a" and the same receipt PDF (decision 060).
 */
function RepPaymentButton({ customer, account }: { customer: RepCustomer; account: AccountSummary | undefined }) {
  const queryClient = useQueryClient();
  const repId = useRepId();
  const who = { repId, customerId: customer.id, customerName: customerName(customer) };
  const choices = useChargeChoices(repId, customer.id);
  return (
    <PaymentDialog
      customer={{ name: customerName(customer), nombre: customer.nombre, whatsapp: customer.whatsapp }}
      balance={account?.balance ?? customer.balance}
      {...choices}
      receiptPath={repReceiptPath}
      openLabel={t.recordPayment}
      queuedText={t.queuedPayment}
      description={choices.chargesNote ? t.paymentDescriptionOldest : t.paymentDescription}
      send={async (body) => {
        try {
          const payment = await postRepPayment(customer.id, body);
          void queryClient.invalidateQueries({ queryKey: repKeys.all });
          void queryClient.invalidateQueries({ queryKey: repKeys.customers });
          return payment;
        } catch (error) {
          // No signal: kept with its key and sent when the network returns (decision 053).
          if (failedOnNetwork(error) && (await queueRepPayment(who, body))) return 'queued';
          throw error;
        }
      }}
    />
  );
}

function CustomerDetails({ customer, account }: { customer: RepCustomer; account: AccountSummary | undefined }) {
  const credit = account ? (account.available_credit === null ? t.noCreditLimit : formatMoney(account.available_credit)) : '…';
  return (
    <section className="mt-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm" aria-label={t.account}>
      <h1 className="text-xl font-bold text-slate-900">{customerName(customer)}</h1>
      {customer.address ? <p className="text-sm text-slate-600">{customer.address}</p> : null}
      <CustomerFigures customer={customer} />
      <p className="mt-2 text-sm text-slate-700" data-testid="rep-customer-credit">
        <span className="text-slate-600">{t.creditAvailable}:</span> <span className="font-medium text-slate-900">{credit}</span>
      </p>
      <p className="text-sm text-slate-700">
        <span className="text-slate-600">{t.visitDays}:</span> {visitDaysText(customer.visit_days)}
      </p>
      {customer.whatsapp ? <ContactLinks whatsapp={customer.whatsapp} /> : <p className="mt-2 text-sm text-slate-600">{t.noPhone}</p>}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Link to={takeOrderPath(customer.id)} className={buttonVariants()}>
          {t.takeOrder}
        </Link>
        <RepPaymentButton customer={customer} account={account} />
      </div>
    </section>
  );
}

/** /vendedor/clientes/:id — one of the rep's customers: their figures, contact, "Tomar pedido" and "Registrar cobro". */
export default function RepCustomerPage() {
  const id = useParams().slug ?? '';
  const repId = useRepId();
  const customer = useQuery(repCustomerQuery(repId, id));
  const account = useQuery(repAccountQuery(repId, id));
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-3">
      <BackLink to="/vendedor">{t.back}</BackLink>
      <RepQueueArea />
      {customer.isPending ? <Spinner label={t.account} /> : null}
      {customer.isError ? <LoadError title={t.customerLoadError} detail={customer.error.message} retryLabel={t.retry} onRetry={() => void customer.refetch()} /> : null}
      {customer.data ? <CustomerDetails customer={customer.data} account={account.data} /> : null}
    </div>
  );
}
