import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { normalizeArgentinePhone, statusWhatsappUrl } from '@mayorista/core/order-message';
import { formatReceiptNumber, whatsappReminderText } from '@mayorista/core/receivables';
import { AccountSummary } from '../../../components/receivables/account-summary';
import { MovementsList } from '../../../components/receivables/movements-list';
import { ReasonDialog } from '../../../components/receivables/reason-dialog';
import { StatementForm } from '../../../components/receivables/statement-form';
import { buttonVariants } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { receivables } from '../../../lib/receivables/texts';
import type { AccountMovement } from '../../../lib/receivables/types';
import {
  adminAccountQueryOptions,
  adminMovementsQueryOptions,
  chargeChoicesOf,
  ledgerCustomerQueryOptions,
  receivablesKeys,
  reversePayment,
  statementPath,
  type Ledger,
} from '../api/receivables-api';
import { toReasonBody } from '../receivables-bodies';
import { AdjustmentDialog } from './adjustment-dialog';
import { CreditNoteDialog } from './credit-note-dialog';
import { CreditTermsDialog } from './credit-terms-dialog';
import { PaymentActions } from './payment-actions';
import { PaymentDialog } from './payment-dialog';

const t = receivables.admin;

/** "Recordar por WhatsApp": the customer's chat with the balance, what is overdue and what falls due next. */
function ReminderLink({ ledger: { customer, account } }: { ledger: Ledger }) {
  const text = whatsappReminderText({ name: customer.nombre, balance: account.balance, overdue: account.overdue, nextDue: account.next_due });
  const phone = normalizeArgentinePhone(customer.whatsapp ?? '');
  return (
    <a href={statusWhatsappUrl(phone, text)} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary' })} title={phone ? undefined : t.noPhone}>
      {t.remindWhatsapp}
    </a>
  );
}

function LedgerMovements({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<AccountMovement | null>(null);
  const query = useQuery(adminMovementsQueryOptions(userId, page));
  const queryClient = useQueryClient();
  const reverse = useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: number; reason: string }) => reversePayment(paymentId, toReasonBody(reason)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
      toast({ title: receivables.reverse.doneTitle });
    },
  });
  const number = reversing?.receipt_number != null ? formatReceiptNumber(reversing.receipt_number) : '';
  return (
    <section aria-labelledby="ledger-movements" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="ledger-movements" className="text-lg font-semibold text-slate-900">
        {receivables.movements.heading}
      </h3>
      <div className="mt-2 space-y-2">
        <MovementsList query={query} page={page} onPageChange={setPage} emptyText={t.ledgerEmpty} actionsFor={(m) => <PaymentActions movement={m} reversed={m.reversed_on != null} onReverse={setReversing} />} />
      </div>
      <ReasonDialog
        open={reversing !== null}
        onOpenChange={(open) => (open ? undefined : setReversing(null))}
        text={{ ...receivables.reverse, title: receivables.reverse.title(number), cancel: receivables.payment.cancel }}
        onSubmit={(reason) => reverse.mutateAsync({ paymentId: reversing!.payment_id!, reason })}
      />
    </section>
  );
}

function BackLink() {
  return (
    <Link to="/admin?tab=cuentas" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2">
      ← {t.backToList}
    </Link>
  );
}

/** One customer's cuenta corriente for the staff: the summary, the actions, the ledger and the statement. */
export function CustomerLedger({ id }: { id: string }) {
  const account = useQuery(adminAccountQueryOptions(id));
  const customer = useQuery(ledgerCustomerQueryOptions(id));
  // The latest charges, for the credit note's orders: the same query as the ledger's first page.
  // ("Aplicar a" reads the customer's open charges when the payment dialog opens.)
  const firstPage = useQuery(adminMovementsQueryOptions(id, 1));
  const failed = account.isError ? account : customer.isError ? customer : null;
  if (failed) {
    return (
      <>
        <BackLink />
        <LoadError title={t.ledgerLoadError} detail={failed.error?.message} retryLabel={t.retry} onRetry={() => void Promise.all([account.refetch(), customer.refetch()])} />
      </>
    );
  }
  if (!account.data || !customer.data) return (<><BackLink /><Spinner label={t.ledgerLoading} /></>);
  const ledger: Ledger = { customer: customer.data, account: account.data, charges: chargeChoicesOf(firstPage.data) };
  return (
    <div className="space-y-4">
      <BackLink />
      <h2 id="ledger-heading" className="text-xl font-semibold break-words text-slate-900">
        {t.ledgerTitle(ledger.customer.name)}
      </h2>
      <AccountSummary account={ledger.account} headingId="ledger-heading" />
      {/* On a phone two per row, "Registrar cobranza" (the frequent one) and the WhatsApp link across. */}
      <div role="group" aria-label={t.actionsLabel} className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap [&>:first-child]:col-span-2 [&>:last-child]:col-span-2">
        <PaymentDialog ledger={ledger} />
        <CreditNoteDialog ledger={ledger} />
        <CreditTermsDialog ledger={ledger} />
        <AdjustmentDialog ledger={ledger} />
        <ReminderLink ledger={ledger} />
      </div>
      <LedgerMovements userId={id} />
      <StatementForm path={statementPath(id)} fileStem="resumen-de-cuenta" headingLevel={3} />
    </div>
  );
}
