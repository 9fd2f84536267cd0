import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatReceiptNumber } from '@mayorista/core/receivables';
import { AccountSummary } from '../../components/receivables/account-summary';
import { DownloadButton } from '../../components/receivables/download-button';
import { MovementsList } from '../../components/receivables/movements-list';
import { StatementForm } from '../../components/receivables/statement-form';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { myAccountQueryOptions } from '../../lib/queries/my-account';
import { receivables } from '../../lib/receivables/texts';
import type { AccountMovement } from '../../lib/receivables/types';
import { myMovementsQueryOptions, receiptPdfPath, STATEMENT_PATH } from './api';

const t = receivables;

/** A payment's receipt, downloadable from its row (a reversal keeps the receipt it undoes). */
function receiptAction(movement: AccountMovement) {
  if (movement.kind !== 'payment' || movement.payment_id === null || movement.receipt_number === null) return null;
  const number = formatReceiptNumber(movement.receipt_number);
  return (
    <DownloadButton
      path={receiptPdfPath(movement.payment_id)}
      fileName={`recibo-${number}.pdf`}
      label={t.movements.downloadReceipt}
      aria-label={t.movements.downloadReceiptOf(number)}
    />
  );
}

function Movements({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(myMovementsQueryOptions(userId, page));
  return (
    <section aria-labelledby="cc-movements" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="cc-movements" className="text-lg font-semibold text-slate-900">
        {t.movements.heading}
      </h2>
      <div className="mt-2 space-y-2">
        <MovementsList query={query} page={page} onPageChange={setPage} actionsFor={receiptAction} />
      </div>
    </section>
  );
}

/**
 * /cuenta-corriente, "Mi cuenta corriente": what the customer owes and what falls due, every
 * movement with its receipt, and the statement of any period.
 */
export default function CuentaCorrientePage() {
  const { user } = useAuth();
  const account = useQuery(myAccountQueryOptions(user?.id));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 px-3 py-4 md:px-4 md:py-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t.page.title}</h1>
        <p className="mt-1 text-slate-700">{t.page.intro}</p>
      </header>
      {account.isPending ? <Spinner label={t.page.loading} paused={account.fetchStatus === 'paused'} /> : null}
      {account.isError ? (
        <LoadError title={t.page.loadError} detail={account.error.message} retryLabel={t.page.retry} onRetry={() => void account.refetch()} />
      ) : null}
      {account.data ? (
        <section aria-labelledby="cc-summary">
          <h2 id="cc-summary" className="sr-only">
            {t.summary.heading}
          </h2>
          <AccountSummary account={account.data} headingId="cc-summary" />
        </section>
      ) : null}
      {user ? <Movements userId={user.id} /> : null}
      <StatementForm path={STATEMENT_PATH} fileStem="resumen-de-cuenta" />
    </div>
  );
}
