import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import type { AccountSummary } from '../receivables/types';

/** Per user, so a sign-in as someone else never shows the previous customer's account. */
export const myAccountKeys = {
  all: (userId: string | undefined) => ['my-account', userId ?? 'anonymous'] as const,
  summary: (userId: string | undefined) => [...myAccountKeys.all(userId), 'summary'] as const,
  movements: (userId: string | undefined, page: number) => [...myAccountKeys.all(userId), 'movements', page] as const,
};

/** GET /api/me/account: balance, limit, available credit, overdue and the next due date (centavos). */
export const myAccountQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: myAccountKeys.summary(userId),
    queryFn: ({ signal }) => apiRequest<AccountSummary>('/api/me/account', { signal }),
    enabled: !!userId,
    staleTime: 30_000,
  });
