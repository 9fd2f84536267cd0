import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMoney } from '@mayorista/core/money';
import { staff as text } from '@mayorista/core/messages/staff';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest } from '../../lib/api-client';

const link = 'inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900';

function CustomerCard({ customer }: { customer: RepCustomer }) {
  const name = customer.razon_social ?? `${customer.nombre} ${customer.apellido}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{name}</p>
          {customer.address ? <p className="truncate text-sm text-slate-600">{customer.address}</p> : null}
        </div>
        {customer.visit_today ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">{text.visitToday}</span> : null}
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-1 text-sm">
        <div>
          <dt className="text-slate-600">{text.balance}</dt>
          <dd className="font-medium text-slate-900">{formatMoney(customer.balance)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{text.overdue}</dt>
          <dd className={customer.overdue > 0 ? 'font-medium text-red-700' : 'text-slate-900'}>{formatMoney(customer.overdue)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{text.lastOrder}</dt>
          <dd className="text-slate-900">{customer.last_order_at ? formatDateTime(customer.last_order_at).split(' ')[0] : text.never}</dd>
        </div>
      </dl>
      {customer.whatsapp ? (
        <div className="mt-2 grid grid-cols-2 gap-2">
          <a className={link} href={`tel:+${customer.whatsapp}`}>
            {text.call}
          </a>
          <a className={link} href={`https://wa.me/${customer.whatsapp}`} target="_blank" rel="noreferrer">
            {text.whatsapp}
          </a>
        </div>
      ) : null}
    </li>
  );
}

/** /vendedor: the sales rep's phone home, "Mis clientes" — today's visits first (decision 047). */
export default function RepHomePage() {
  const query = useQuery({
    queryKey: ['rep-customers'],
    queryFn: ({ signal }) => apiRequest<{ day: string; items: RepCustomer[] }>('/api/rep/customers', { signal }),
  });
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-3">
      <h1 className="text-xl font-bold text-slate-900">{text.myCustomers}</h1>
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
