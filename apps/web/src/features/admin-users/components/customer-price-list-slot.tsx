import type { AdminCustomer } from '@mayorista/core/schemas/auth';

/**
 * The seam for issue 16 item 5 (price lists, docs/decisions/018): the admin customer page renders
 * this in its "Lista de precios" place. The price-list select control is its own component in this
 * folder; mounting it here is the only change the customer page needs. Until then, nothing shows.
 */
export function CustomerPriceListSlot(_props: { customer: AdminCustomer }) {
  return null;
}
