import { useEffect } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { points } from '@mayorista/core/messages/points';
import type { PointsBalance } from '@mayorista/core/schemas/points';
import { apiRequest } from '../api-client';
import { toast } from '../../components/ui/toast-store';
import { isApproved, useAuth } from '../auth';

export type PointsBalanceResponse = PointsBalance;

/** Per user, so a sign-in as someone else never shows the previous user's balance. */
export const pointsQueryKey = (userId: string | undefined) => ['points', userId ?? 'anonymous'] as const;

export function fetchPointsBalance(signal?: AbortSignal): Promise<PointsBalanceResponse> {
  return apiRequest<PointsBalanceResponse>('/api/points', { signal });
}

/**
 * The API calls (docs/api.md) — Points: the approved customer's balance (centavos). A failure shows 'Error de Puntos'
 * once per failed fetch.
 */
export function usePointsBalance() {
  const { user, profile } = useAuth();
  const enabled = !!user && isApproved(profile);
  const query = useQuery({
    queryKey: pointsQueryKey(user?.id),
    queryFn: ({ signal }) => fetchPointsBalance(signal),
    enabled,
    staleTime: 30_000,
  });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast({ title: points.errorTitle, description: points.errorText, variant: 'destructive' });
  }, [isError, errorUpdatedAt]);
  return {
    saldoPuntos: query.data?.saldo_puntos ?? null,
    loading: enabled && query.isPending,
    error: query.isError,
    refetch: query.refetch,
  };
}

/** After an order the server answers the new balance; show it at once and confirm it in the background. */
export function updatePointsBalance(queryClient: QueryClient, userId: string, saldoPuntos: number): void {
  queryClient.setQueryData<PointsBalanceResponse>(pointsQueryKey(userId), { saldo_puntos: saldoPuntos });
  void queryClient.invalidateQueries({ queryKey: pointsQueryKey(userId) });
}
