import { queryOptions } from '@tanstack/react-query';
import type { PriceListsResponse } from '@mayorista/core/schemas/price-lists';
import { apiRequest } from '../api-client';

/**
 * The admin's price lists (the business-identity work, decisions 017–019). Shared by the "Listas de precios" tab and the list select of
 * the Usuarios tab, so saving a list refreshes both (features never import each other).
 */
export const priceListsKey = ['admin-price-lists'] as const;

export const priceListsQueryOptions = () =>
  queryOptions({
    queryKey: priceListsKey,
    queryFn: ({ signal }) => apiRequest<PriceListsResponse>('/api/admin/price-lists', { signal }),
    staleTime: 30_000,
  });

/** "−5 %", "+12,5 %", "0 %": the sign always shown, es-AR decimals. */
export function formatListPercentage(percent: number): string {
  const digits = Math.abs(percent).toLocaleString('es-AR', { maximumFractionDigits: 2 });
  return `${percent < 0 ? '−' : percent > 0 ? '+' : ''}${digits} %`;
}
