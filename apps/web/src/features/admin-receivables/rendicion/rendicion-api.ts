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
 * POST /api/admin/collections/:id/confirm for each payment handed in, one after the other. Confirming
 * twice keeps the first confirmation, so trying again after a failure half-way is safe.
 */
export async function confirmCollections(paymentIds: readonly number[]): Promise<void> {
  for (const id of paymentIds) await apiRequest<unknown>(`/api/admin/collections/${id}/confirm`, { method: 'POST' });
}
