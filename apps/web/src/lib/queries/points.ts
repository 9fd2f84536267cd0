import { useEffect } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { points } from '@mayorista/core/messages/points';
import type { PointsBalance } from '@mayorista/core/schemas/points';
import { apiRequest, isApiError } from '../api-client';
import { toast } from '../../components/ui/toast-store';
import { isApproved, knownPointsKey, useAuth } from '../auth';

export type PointsBalanceResponse = PointsBalance;

/** Per user, so a sign-in as someone else never shows the previous user's balance. */
export const pointsQueryKey = (userId: string | undefined) => ['points', userId ?? 'anonymous'] as const;

export function fetchPointsBalance(signal?: AbortSignal): Promise<PointsBalanceResponse> {
  return apiRequest<PointsBalanceResponse>('/api/points', { signal });
}

/** The last balance the server gave this user on this device, and when (decision 057). */
interface KnownBalance {
  saldo_puntos: number;
  at: string;
}

function rememberBalance(userId: string, saldoPuntos: number): void {
  try {
    localStorage.setItem(knownPointsKey(userId), JSON.stringify({ saldo_puntos: saldoPuntos, at: new Date().toISOString() }));
  } catch {
    // No storage: offline the balance is simply unknown.
  }
}

function knownBalance(userId: string | undefined): KnownBalance | null {
  if (!userId) return null;
  try {
    const known = JSON.parse(localStorage.getItem(knownPointsKey(userId)) ?? 'null') as KnownBalance | null;
    // Stored by this device, so read with care: a balance whose time is no moment is not known.
    return typeof known?.saldo_puntos === 'number' && typeof known.at === 'string' && Number.isFinite(Date.parse(known.at)) ? known : null;
  } catch {
    return null;
  }
}

const isNetworkError = (error: unknown) => isApiError(error) && error.code === 'network_error';

/**
 * The API calls (docs/api.md) — Points: the approved customer's balance (centavos). A failure shows 'Error de Puntos'
 * once per failed fetch.
 */
export function usePointsBalance() {
  const { user, profile } = useAuth();
  const enabled = !!user && isApproved(profile);
  const userId = user?.id;
  const query = useQuery({
    queryKey: pointsQueryKey(userId),
    queryFn: async ({ signal }) => {
      const balance = await fetchPointsBalance(signal);
      if (userId) rememberBalance(userId, balance.saldo_puntos);
      return balance;
    },
    enabled,
    staleTime: 30_000,
    // Without network the request fails (after the one retry every query gets) instead of pausing
    // ("Cargando puntos..." forever): the last known balance is shown, and the query runs again
    // when the browser is back online.
    networkMode: 'always',
  });
  const { isError, errorUpdatedAt } = query;
  const offline = isError && isNetworkError(query.error);
  useEffect(() => {
    // Without network the balance says so in place (and the banner on every page): no toast.
    if (isError && !offline) toast({ title: points.errorTitle, description: points.errorText, variant: 'destructive' });
  }, [isError, offline, errorUpdatedAt]);
  const known = offline || query.data ? knownBalance(userId) : null;
  return {
    saldoPuntos: query.data?.saldo_puntos ?? known?.saldo_puntos ?? null,
    loading: enabled && query.isPending && !offline,
    error: isError && !offline,
    /** The request failed on the network: the balance is the last one known on this device, or unknown. */
    offline,
    /** When the server gave the balance shown (remembered on this device); the screens show it offline. */
    knownAt: known?.at ?? null,
    refetch: query.refetch,
  };
}

/** After an order the server answers the new balance; show it at once and confirm it in the background. */
export function updatePointsBalance(queryClient: QueryClient, userId: string, saldoPuntos: number): void {
  rememberBalance(userId, saldoPuntos);
  queryClient.setQueryData<PointsBalanceResponse>(pointsQueryKey(userId), { saldo_puntos: saldoPuntos });
  void queryClient.invalidateQueries({ queryKey: pointsQueryKey(userId) });
}
