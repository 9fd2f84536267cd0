import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@mayorista/core/money';
import { normalizeArgentinePhone, statusWhatsappUrl } from '@mayorista/core/order-message';
import { AccountSummary } from '../../../components/receivables/account-summary';
import { DownloadButton } from '../../../components/receivables/download-button';
import { MovementsList } from '../../../components/receivables/movements-list';
import { ReasonDialog } from '../../../components/receivables/reason-dialog';
import { StatementForm } from '../../../components/receivables/statement-form';
import { Button, buttonVariants } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { appConfig } from '../../../lib/app-config';
import { balanceLine } from '../../../lib/receivables/format';
import { receivables } from '../../../lib/receivables/texts';
import type { AccountMovement } from '../../../lib/receivables/types';
import { adminAccountQueryOptions, adminMovementsQueryOptions, adminReceiptPath, receivablesKeys, reversePayment, statementPath, type AdminAccount } from '../api/receivables-api';
import { customerName } from '../customer-name';
import { toReasonBody } from '../receivables-bodies';
import { CreditNoteDialog } from './credit-note-dialog';
import { CreditTermsDialog } from './credit-terms-dialog';
import { PaymentDialog } from './payment-dialog';

const t = receivables.admin;

function ReminderLink({ account }: { account: AdminAccount }) {
  const text = t.remindText(account.user.nombre, balanceLine(account.balance), account.overdue > 0 ? formatMoney(account.overdue) : null, appConfig.catalogName);
  const phone = normalizeArgentinePhone(account.user.whatsapp ?? '');
  return (
    <a href={statusWhatsappUrl(phone, text)} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary' })} title={phone ? undefined : t.noPhone}>
      {t.remindWhatsapp}
    </a>
  );
}

/** A payment row's buttons for the staff: its receipt, and "Cheque rechazado" to reverse it. */
function PaymentActions({ movement, onReverse }: { movement: AccountMovement; onReverse: (m: AccountMovement) => void }) {
  if (movement.kind !== 'payment' || !movement.payment_id || !movement.receipt_number) return null;
  return (
    <>
      <DownloadButton path={adminReceiptPath(movement.payment_id)} fileName={`recibo-${movement.receipt_number}.pdf`} label={receivables.movements.downloadReceipt} aria-label={receivables.movements.downloadReceiptOf(movement.receipt_number)} />
      <Button size="sm" variant="ghostDanger" aria-label={receivables.reverse.openFor(movement.receipt_number)} onClick={() => onReverse(movement)}>
        {receivables.reverse.open}
      </Button>
    </>
  );
}

function LedgerMovements({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<AccountMovement | null>(null);
  const query = useQuery(adminMovementsQueryOptions(userId, page));
  const queryClient = useQueryClient();
  const reverse = useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) => reversePayment(paymentId, toReasonBody(reason)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
      toast({ title: receivables.reverse.doneTitle });
    },
  });
  const number = reversing?.receipt_number ?? '';
  return (
    <section aria-labelledby="ledger-movements" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="ledger-movements" className="text-lg font-semibold text-slate-900">
        {receivables.movements.heading}
      </h3>
      <div className="mt-2 space-y-2">
        <MovementsList query={query} page={page} onPageChange={setPage} emptyText={t.ledgerEmpty} actionsFor={(m) => <PaymentActions movement={m} onReverse={setReversing} />} />
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

/** One customer's cuenta corriente for the staff: the summary, the actions, the ledger and the statement. */
export function CustomerLedger({ id }: { id: string }) {
  const account = useQuery(adminAccountQueryOptions(id));
  const back = (
    <Link to="/admin?tab=cuentas" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2">
      ← {t.backToList}
    </Link>
  );
  if (account.isPending) return <>{back}<Spinner label={t.ledgerLoading} /></>;
  if (account.isError) return <>{back}<LoadError title={t.ledgerLoadError} detail={account.error.message} retryLabel={t.retry} onRetry={() => void account.refetch()} /></>;
  const name = customerName(account.data.user);
  return (
    <div className="space-y-4">
      {back}
      <h2 id="ledger-heading" className="text-xl font-semibold break-words text-slate-900">
        {t.ledgerTitle(name)}
      </h2>
      <AccountSummary account={account.data} headingId="ledger-heading" />
      <div role="group" aria-label={t.actionsLabel} className="flex flex-wrap gap-2">
        <PaymentDialog account={account.data} name={name} />
        <CreditNoteDialog account={account.data} name={name} />
        <CreditTermsDialog account={account.data} name={name} />
        <ReminderLink account={account.data} />
      </div>
      <LedgerMovements userId={id} />
      <StatementForm path={statementPath(id)} fileStem={`resumen-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`} />
    </div>
  );
}
