import { queryOptions } from '@tanstack/react-query';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { RepOrderRow, RepSummary } from '@mayorista/core/schemas/staff';

export type { RepOrderRow };
import { apiRequest } from '../../lib/api-client';
import type { AccountSummary, Payment } from '../../lib/receivables/types';
import type { PaymentBody } from '../../lib/receivables/payment-body';
import type { RepOrderBody } from '../../lib/offline/rep-queue-model';

/** The sales rep's calls (docs/api.md "Sales reps"): every one acts on the caller's own customers only. */
const customerPath = (id: string) => `/api/rep/customers/${encodeURIComponent(id)}`;


export const repKeys = {
  all: ['rep'] as const,
  customers: ['rep-customers'] as const,
  customer: (id: string) => ['rep', 'customer', id] as const,
  account: (id: string) => ['rep', 'account', id] as const,
  charges: (id: string) => ['rep', 'charges', id] as const,
  catalog: (id: string) => ['rep', 'catalog', id] as const,
  orders: ['rep', 'orders'] as const,
  summary: (from: string, to: string) => ['rep', 'summary', from, to] as const,
};

/**
 * The rep's day on the device (lib/offline/rep-day.ts, decision 053): each read asks the network
 * and keeps the answer; without network it answers from the device. Imported on demand, so the
 * IndexedDB code never rides in the first download. `networkMode: 'always'`: TanStack Query would
 * otherwise pause them while the browser says it is offline, the very case they answer.
 */
const repDay = () => import('../../lib/offline/rep-day');

export const repCustomersQuery = (repId: string) =>
  queryOptions({ networkMode: 'always', queryKey: repKeys.customers, queryFn: async ({ signal }) => (await repDay()).repCustomers(repId, signal) });

export const repCustomerQuery = (repId: string, id: string) =>
  queryOptions({ networkMode: 'always', queryKey: repKeys.customer(id), queryFn: async ({ signal }) => (await repDay()).repCustomer(repId, id, signal) });

export const repAccountQuery = (repId: string, id: string) =>
  queryOptions({ networkMode: 'always', queryKey: repKeys.account(id), queryFn: async ({ signal }): Promise<AccountSummary> => (await repDay()).repAccount(repId, id, signal) });

/** The customer's open charges: "Aplicar a" on the payment dialog, from the device without signal. */
export const repChargesQuery = (repId: string, id: string) =>
  queryOptions({ networkMode: 'always', queryKey: repKeys.charges(id), queryFn: async ({ signal }) => (await repDay()).repCharges(repId, id, signal) });

/** The customer's whole catalogue at their price list (the snapshot their own device keeps, decision 043). */
export const repCatalogQuery = (repId: string, id: string) =>
  queryOptions({ networkMode: 'always', queryKey: repKeys.catalog(id), queryFn: async ({ signal }) => (await repDay()).repCatalog(repId, id, signal), staleTime: 60_000 });

export const repOrdersQuery = () =>
  queryOptions({ queryKey: repKeys.orders, queryFn: ({ signal }) => apiRequest<{ items: RepOrderRow[] }>('/api/rep/orders', { signal }) });

export const repSummaryQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: repKeys.summary(from, to),
    queryFn: ({ signal }) => apiRequest<RepSummary>(`/api/rep/summary?from=${from}&to=${to}`, { signal }),
  });

export type { RepOrderBody };

export function placeRepOrder(customerId: string, body: RepOrderBody): Promise<PlaceOrderResult> {
  return apiRequest<PlaceOrderResult>(`${customerPath(customerId)}/orders`, { method: 'POST', body });
}

/** The numbered receipt of a payment of one of the rep's customers (the office's PDF). */
export const repReceiptPath = (paymentId: number) => `/api/rep/payments/${paymentId}/pdf`;

export function postRepPayment(customerId: string, body: PaymentBody): Promise<Payment> {
  return apiRequest<Payment>(`${customerPath(customerId)}/payments`, { method: 'POST', body });
}
