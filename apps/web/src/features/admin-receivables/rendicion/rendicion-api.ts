import { queryOptions } from '@tanstack/react-query';
import type { Collection } from '@mayorista/core/schemas/staff';
import { apiRequest } from '../../../lib/api-client';
import { receivablesKeys } from '../api/receivables-api';

export type { Collection };

interface CollectionsAnswer {
  date: string;
  items: Collection[];
}

export const collectionsKey = (date: string) => [...receivablesKeys.all, 'collections', date] as const;

/** GET /api/admin/collections?date=: the payments the sales reps recorded that day, with what was confirmed. */
export const collectionsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: collectionsKey(date),
    queryFn: ({ signal }) => apiRequest<CollectionsAnswer>('/api/admin/collections', { query: { date }, signal }),
  });

/**
 * POST /api/admin/collections/confirm: the receipts handed in, confirmed together in one request and
 * one transaction (all or none). Confirming one again keeps the first confirmation.
 */
export async function confirmCollections(paymentIds: readonly number[]): Promise<void> {
  await apiRequest<unknown>('/api/admin/collections/confirm', { method: 'POST', body: { payment_ids: paymentIds } });
}

/**
 * DELETE /api/admin/collections/:id/confirm: "Deshacer" on a receipt confirmed by mistake (the rep
 * kept that cheque); it is back among the ones to confirm.
 */
export async function unconfirmCollection(paymentId: number): Promise<void> {
  await apiRequest<unknown>(`/api/admin/collections/${paymentId}/confirm`, { method: 'DELETE' });
}
