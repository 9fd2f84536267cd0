import { useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoritesResponse } from '@mayorista/core/schemas/lists';
import { apiRequest } from '../api-client';

/** Shared by the catalogue (stars, the Favoritos view) and the product page. */
export const favoriteKeys = { all: ['favorites'] as const };

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: favoriteKeys.all,
    queryFn: ({ signal }) => apiRequest<FavoritesResponse>('/api/favorites', { signal }),
    staleTime: 60_000,
  });

/**
 * The starred ids and a toggle. The star flips at once (optimistic) and flips back if the server
 * refuses; afterwards the list is read again so the Favoritos view has the product's data.
 * `enabled` is false for visitors and unapproved customers: they have no favourites.
 */
export function useFavorites(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...favoritesQueryOptions(), enabled });
  // The same Set until the favourites change: the catalogue's list skips re-rendering on a cart change.
  const productIds = query.data?.product_ids;
  const ids = useMemo(() => new Set(productIds ?? []), [productIds]);

  const toggle = useMutation({
    mutationFn: ({ productId, starred }: { productId: string; starred: boolean }) =>
      apiRequest<void>(`/api/favorites/${encodeURIComponent(productId)}`, { method: starred ? 'PUT' : 'DELETE' }),
    onMutate: async ({ productId, starred }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.all });
      const previous = queryClient.getQueryData<FavoritesResponse>(favoriteKeys.all);
      queryClient.setQueryData<FavoritesResponse>(favoriteKeys.all, (current) => {
        const base = current ?? { product_ids: [], items: [] };
        return starred
          ? { ...base, product_ids: [productId, ...base.product_ids.filter((id) => id !== productId)] }
          : {
              product_ids: base.product_ids.filter((id) => id !== productId),
              items: base.items.filter((p) => p.id !== productId),
            };
      });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(favoriteKeys.all, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });

  return { ids, query, toggle };
}
