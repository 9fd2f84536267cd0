import { queryOptions } from '@tanstack/react-query';
import type { CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { RepCustomer, RepSummary } from '@mayorista/core/schemas/staff';
import { apiRequest } from '../../lib/api-client';
import type { AccountSummary, Payment } from '../../lib/receivables/types';
import type { PaymentBody } from '../../lib/receivables/payment-body';

/** The sales rep's calls (docs/api.md "Sales reps"): every one acts on the caller's own customers only. */
const customerPath = (id: string) => `/api/rep/customers/${encodeURIComponent(id)}`;

export interface RepOrderRow {
  id: string;
  created_at: string;
  customer_id: string;
  customer_name: string;
  total: number;
  status: string;
}

export const repKeys = {
  all: ['rep'] as const,
  customers: ['rep-customers'] as const,
  customer: (id: string) => ['rep', 'customer', id] as const,
  account: (id: string) => ['rep', 'account', id] as const,
  catalog: (id: string) => ['rep', 'catalog', id] as const,
  orders: ['rep', 'orders'] as const,
  summary: (from: string, to: string) => ['rep', 'summary', from, to] as const,
};

export const repCustomerQuery = (id: string) =>
  queryOptions({ queryKey: repKeys.customer(id), queryFn: ({ signal }) => apiRequest<RepCustomer>(customerPath(id), { signal }) });

export const repAccountQuery = (id: string) =>
  queryOptions({ queryKey: repKeys.account(id), queryFn: ({ signal }) => apiRequest<AccountSummary>(`${customerPath(id)}/account`, { signal }) });

/** The customer's whole catalogue at their price list (the snapshot their own device keeps, decision 043). */
export const repCatalogQuery = (id: string) =>
  queryOptions({
    queryKey: repKeys.catalog(id),
    queryFn: ({ signal }) => apiRequest<CatalogueSnapshot>(`${customerPath(id)}/catalog`, { signal }),
    staleTime: 60_000,
  });

export const repOrdersQuery = () =>
  queryOptions({ queryKey: repKeys.orders, queryFn: ({ signal }) => apiRequest<{ items: RepOrderRow[] }>('/api/rep/orders', { signal }) });

export const repSummaryQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: repKeys.summary(from, to),
    queryFn: ({ signal }) => apiRequest<RepSummary>(`/api/rep/summary?from=${from}&to=${to}`, { signal }),
  });

/** The body "Tomar pedido" sends: ids and quantities (the server prices them), the total the rep saw, the key. */
export interface RepOrderBody {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  idempotency_key: string;
  expected_total: number;
}

export function placeRepOrder(customerId: string, body: RepOrderBody): Promise<PlaceOrderResult> {
  return apiRequest<PlaceOrderResult>(`${customerPath(customerId)}/orders`, { method: 'POST', body });
}

export function postRepPayment(customerId: string, body: PaymentBody): Promise<Payment> {
  return apiRequest<Payment>(`${customerPath(customerId)}/payments`, { method: 'POST', body });
}
