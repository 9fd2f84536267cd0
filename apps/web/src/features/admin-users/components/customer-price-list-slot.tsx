import { useId } from 'react';
import { priceLists as text } from '@mayorista/core/messages/priceLists';
import type { AdminCustomer } from '@mayorista/core/schemas/auth';
import { PriceListSelect } from './price-list-select';

/**
 * The admin customer page's "Lista de precios" place (the business-identity work, decision 018): the list the
 * customer buys at, changed with the same select as the Usuarios row. Staff always buy at the base
 * list, so their page shows nothing here.
 */
export function CustomerPriceListSlot({ customer }: { customer: AdminCustomer }) {
  const headingId = useId();
  if (customer.is_admin || customer.is_super_admin) return null;
  const name = `${customer.nombre} ${customer.apellido}`.trim() || customer.email;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {text.customerPageTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{text.customerPageHint}</p>
      <div className="mt-3">
        <PriceListSelect user={customer} displayName={name} />
      </div>
    </section>
  );
}
