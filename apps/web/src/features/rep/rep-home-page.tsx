import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { rep as repText } from '@mayorista/core/messages/rep';
import { staff as text } from '@mayorista/core/messages/staff';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { buttonVariants } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { ContactLinks, CustomerFigures, customerName, customerPath, takeOrderPath } from './components/customer-parts';
import { RepQueueArea, useRepId } from './components/rep-queue-area';
import { repCustomersQuery } from './rep-api';

function CustomerCard({ customer }: { customer: RepCustomer }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="rep-customer-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          {/* The whole line, 44 px tall: a thumb's target (it was the name's own 17 px). */}
          <Link to={customerPath(customer.id)} className="flex min-h-11 items-center font-semibold text-slate-900 underline-offset-2 hover:underline">
            {customerName(customer)}
          </Link>
          {customer.address ? <p className="truncate text-sm text-slate-600">{customer.address}</p> : null}
        </div>
        {customer.visit_today ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">{text.visitToday}</span> : null}
      </div>
      <CustomerFigures customer={customer} />
      <ContactLinks whatsapp={customer.whatsapp} />
      <Link to={takeOrderPath(customer.id)} className={buttonVariants({ className: 'mt-2 w-full' })}>
        {repText.takeOrder}
      </Link>
    </li>
  );
}

/** /vendedor: the sales rep's phone home, "Mis clientes" — today's visits first (decision 047). */
export default function RepHomePage() {
  const repId = useRepId();
  const query = useQuery(repCustomersQuery(repId));
  const customers = query.data?.items;
  // Today's customers: their catalogue and account onto the device, for a back room without signal.
  useEffect(() => {
    if (!repId || !customers) return;
    void import('../../lib/offline/rep-day').then((day) => day.keepRepDay(repId, customers));
    // The screens a visit opens, downloaded now: without signal they could not be fetched later.
    void import('./rep-customer-page');
    void import('./rep-take-order-page');
  }, [repId, customers]);
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-3">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{text.myCustomers}</h1>
        <Link to="/vendedor/ventas" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          {repText.mySales}
        </Link>
      </div>
      <RepQueueArea />
      {query.isPending ? <Spinner label={text.myCustomers} /> : null}
      {query.isError ? <LoadError title={text.loadError} detail={query.error.message} retryLabel={text.retry} onRetry={() => void query.refetch()} /> : null}
      {query.data?.items.length === 0 ? <p className="mt-3 text-slate-600">{text.noCustomers}</p> : null}
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {query.data?.items.map((customer) => (
          <CustomerCard key={customer.id} customer={customer} />
        ))}
      </ul>
    </div>
  );
}
