import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AccountSummary, MovementsPage } from '../../../lib/receivables/types';
import type { toCreditNoteBody, toCreditTermsBody, toPaymentBody, toReasonBody } from '../receivables-bodies';

/** Provisional shapes until the contract (core/schemas/receivables) is merged. */
export interface AgingBuckets {
  current: number;
  d1_30: number;
  d31_60: number;
  d61_90: number;
  d90_plus: number;
}
export interface ReceivableRow {
  user_id: string;
  nombre: string;
  apellido: string;
  razon_social: string | null;
  whatsapp: string | null;
  balance: number;
  overdue: number;
  credit_limit: number | null;
  aging: AgingBuckets;
}
export interface ReceivablesPage {
  items: ReceivableRow[];
  total: number;
  page: number;
  page_size: number;
}
export interface OpenCharge {
  order_id: string;
  /** What is still unpaid of the charge, centavos. */
  open_amount: number;
  due_date: string | null;
}
export interface AdminAccount extends AccountSummary {
  user: { id: string; nombre: string; apellido: string; razon_social: string | null; whatsapp: string | null; email: string };
  open_charges: OpenCharge[];
}
export interface PaymentResult {
  payment: { id: string; receipt_number: string; amount: number };
  balance: number;
}

export const RECEIVABLE_SORTS = ['overdue', 'balance', 'oldest', 'name'] as const;
export const RECEIVABLE_FILTERS = ['all', 'owing', 'overdue', 'over_limit', 'in_favour'] as const;
export type ReceivablesSort = (typeof RECEIVABLE_SORTS)[number];
export type ReceivablesFilter = (typeof RECEIVABLE_FILTERS)[number];
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
};

const listQuery = (q: ReceivablesQuery) => ({ sort: q.sort, filter: q.filter === 'all' ? undefined : q.filter, search: q.search.trim(), page: q.page });

/** GET /api/admin/receivables?sort=&filter=: balance, overdue and aging per customer. */
export const receivablesQueryOptions = (q: ReceivablesQuery) =>
  queryOptions({
    queryKey: receivablesKeys.list(q),
    queryFn: ({ signal }) => apiRequest<ReceivablesPage>('/api/admin/receivables', { query: listQuery(q), signal }),
    placeholderData: keepPreviousData,
  });

export const RECEIVABLES_XLSX_PATH = '/api/admin/receivables.xlsx';
export const xlsxQuery = (q: ReceivablesQuery) => ({ sort: q.sort, filter: q.filter === 'all' ? undefined : q.filter, search: q.search.trim() });

export const adminAccountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: receivablesKeys.account(id),
    queryFn: ({ signal }) => apiRequest<AdminAccount>(`${userPath(id)}/account`, { signal }),
  });

export const adminMovementsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: receivablesKeys.movements(id, page),
    queryFn: ({ signal }) => apiRequest<MovementsPage>(`${userPath(id)}/account/movements`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const statementPath = (id: string) => `${userPath(id)}/account/statement.pdf`;
export const adminReceiptPath = (paymentId: string) => `/api/admin/payments/${encodeURIComponent(paymentId)}/receipt.pdf`;

export function postPayment(id: string, body: ReturnType<typeof toPaymentBody>): Promise<PaymentResult> {
  return apiRequest<PaymentResult>(`${userPath(id)}/payments`, { method: 'POST', body });
}

export function postCreditNote(id: string, body: ReturnType<typeof toCreditNoteBody>): Promise<unknown> {
  return apiRequest<unknown>(`${userPath(id)}/credit-notes`, { method: 'POST', body });
}

export function patchCreditTerms(id: string, body: ReturnType<typeof toCreditTermsBody>): Promise<unknown> {
  return apiRequest<unknown>(`${userPath(id)}/credit`, { method: 'PATCH', body });
}

export function reversePayment(paymentId: string, body: ReturnType<typeof toReasonBody>): Promise<unknown> {
  return apiRequest<unknown>(`/api/admin/payments/${encodeURIComponent(paymentId)}/reverse`, { method: 'POST', body });
}
