import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AccountSummary, ChargeChoice, MovementsPage, Payment, ReceivablesPage } from '../../../lib/receivables/types';
import type { toAdjustmentBody, toCreditNoteBody, toCreditTermsBody, toPaymentBody, toReasonBody } from '../receivables-bodies';

import type { AdminCustomer } from '@mayorista/core/schemas/auth';
import type { Order } from '@mayorista/core/schemas/order';
import type { OpenCharges, ReceivablesQuery as ContractQuery } from '@mayorista/core/schemas/receivables';

export type { ReceivablesRow, Aging, Payment, ChargeChoice } from '../../../lib/receivables/types';


/** Who the ledger belongs to, as the dialogs need it. */
export interface LedgerCustomer {
  id: string;
  name: string;
  nombre: string;
  whatsapp: string | null;
}

/** What the ledger's dialogs act on. */
export interface Ledger {
  customer: LedgerCustomer;
  account: AccountSummary;
  /** The latest charges, paid or not, at their full amount: the credit note's orders (not "Aplicar a", which reads the open ones). */
  charges: ChargeChoice[];
}

/** The charges of a ledger page with their orders, newest first, once each. */
export function chargeChoicesOf(page: MovementsPage | undefined): ChargeChoice[] {
  const seen = new Set<string>();
  const out: ChargeChoice[] = [];
  for (const m of page?.items ?? []) {
    if (m.kind !== 'charge' || m.order_id === null || seen.has(m.order_id)) continue;
    seen.add(m.order_id);
    out.push({ order_id: m.order_id, amount: m.amount, due_date: m.due_date });
  }
  return out;
}

// The contract's choices in the order the screen offers them (typed against it; its values would bring zod along).
export const RECEIVABLES_SORTS = ['overdue', 'balance', 'oldest_due', 'name'] as const satisfies readonly ContractQuery['sort'][];
export const RECEIVABLES_FILTERS = ['with_balance', 'overdue', 'over_limit', 'a_favor', 'all'] as const satisfies readonly ContractQuery['filter'][];
export type ReceivablesSort = (typeof RECEIVABLES_SORTS)[number];
export type ReceivablesFilter = (typeof RECEIVABLES_FILTERS)[number];
export interface ReceivablesQuery {
  sort: ReceivablesSort;
  filter: ReceivablesFilter;
  search: string;
  page: number;
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export const receivablesKeys = {
  all: ['admin-receivables'] as const,
  list: (q: ReceivablesQuery) => [...receivablesKeys.all, 'list', q] as const,
  customer: (id: string) => [...receivablesKeys.all, 'customer', id] as const,
  account: (id: string) => [...receivablesKeys.customer(id), 'account'] as const,
  movements: (id: string, page: number) => [...receivablesKeys.customer(id), 'movements', page] as const,
  charges: (id: string) => [...receivablesKeys.customer(id), 'charges'] as const,
};

/** Names sort A→Z; amounts and age, largest first. */
const dirOf = (sort: ReceivablesSort) => (sort === 'name' ? 'asc' : 'desc');
export const xlsxQuery = (q: ReceivablesQuery) => ({ sort: q.sort, dir: dirOf(q.sort), filter: q.filter, q: q.search.trim() });
const listQuery = (q: ReceivablesQuery) => ({ ...xlsxQuery(q), page: q.page });

/** GET /api/admin/receivables?sort=&filter=: balance, overdue and aging per customer. */
export const receivablesQueryOptions = (q: ReceivablesQuery) =>
  queryOptions({
    queryKey: receivablesKeys.list(q),
    queryFn: ({ signal }) => apiRequest<ReceivablesPage>('/api/admin/receivables', { query: listQuery(q), signal }),
    placeholderData: keepPreviousData,
  });

export const RECEIVABLES_XLSX_PATH = '/api/admin/receivables.xlsx';

export const adminAccountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: receivablesKeys.account(id),
    queryFn: ({ signal }) => apiRequest<AccountSummary>(`${userPath(id)}/account`, { signal }),
  });

/** GET /api/admin/users/:id: the customer's name and WhatsApp for the ledger's title and messages. */
export const ledgerCustomerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...receivablesKeys.customer(id), 'profile'] as const,
    queryFn: ({ signal }) => apiRequest<AdminCustomer>(userPath(id), { signal }),
    select: (c): LedgerCustomer => ({ id: c.id, name: c.razon_social || `${c.nombre} ${c.apellido}`.trim() || c.email, nombre: c.nombre, whatsapp: c.whatsapp }),
  });

export const adminMovementsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: receivablesKeys.movements(id, page),
    queryFn: ({ signal }) => apiRequest<MovementsPage>(`${userPath(id)}/account/movements`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/admin/users/:id/account/charges: "Aplicar a" on the payment dialog — the customer's open
 * charges, what is left of each, oldest due first (the same list as the rep's, decision 060).
 */
export const adminChargesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: receivablesKeys.charges(id),
    queryFn: ({ signal }) => apiRequest<OpenCharges>(`${userPath(id)}/account/charges`, { signal }),
    select: (answer) => answer.items,
  });

/** GET /api/admin/orders/:id: the lines a credit note may send back to the shelf. */
export const creditNoteOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...receivablesKeys.all, 'order', orderId] as const,
    queryFn: ({ signal }) => apiRequest<Order>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal }),
    staleTime: 60_000,
  });

export const statementPath = (id: string) => `${userPath(id)}/account/statement.pdf`;
export const adminReceiptPath = (paymentId: number) => `/api/admin/payments/${paymentId}/pdf`;

export function postPayment(id: string, body: ReturnType<typeof toPaymentBody>): Promise<Payment> {
  return apiRequest<Payment>(`${userPath(id)}/payments`, { method: 'POST', body });
}

export function postCreditNote(id: string, body: ReturnType<typeof toCreditNoteBody>): Promise<unknown> {
  return apiRequest<unknown>(`${userPath(id)}/credit-notes`, { method: 'POST', body });
}

export function postAdjustment(id: string, body: ReturnType<typeof toAdjustmentBody>): Promise<unknown> {
  return apiRequest<unknown>(`${userPath(id)}/adjustments`, { method: 'POST', body });
}

export function patchCreditTerms(id: string, body: ReturnType<typeof toCreditTermsBody>): Promise<unknown> {
  return apiRequest<unknown>(`${userPath(id)}/credit`, { method: 'PATCH', body });
}

export function reversePayment(paymentId: number, body: ReturnType<typeof toReasonBody>): Promise<unknown> {
  return apiRequest<unknown>(`/api/admin/payments/${paymentId}/reverse`, { method: 'POST', body });
}
