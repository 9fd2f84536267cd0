import { queryOptions } from '@tanstack/react-query';
import type { PriceList, PriceListInput } from '@mayorista/core/schemas/price-lists';
import type { Product, ProductListResponse } from '@mayorista/core/schemas/product';
import { apiRequest } from '../../../lib/api-client';
import { priceListsKey } from '../../../lib/queries/price-lists';

export type { PriceList, PriceListInput };

const path = (id: string) => `/api/admin/price-lists/${encodeURIComponent(id)}`;

export const priceListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...priceListsKey, id] as const,
    queryFn: ({ signal }) => apiRequest<PriceList>(path(id), { signal }),
  });

export function savePriceList(id: string | null, input: PriceListInput): Promise<PriceList> {
  return id
    ? apiRequest<PriceList>(path(id), { method: 'PUT', body: input })
    : apiRequest<PriceList>('/api/admin/price-lists', { method: 'POST', body: input });
}

export function deletePriceList(id: string): Promise<void> {
  return apiRequest<void>(path(id), { method: 'DELETE' });
}

/** Products to give an explicit price: the admin's catalogue view (base prices, disabled included). */
export const productSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin-price-lists', 'product-search', search] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProductListResponse<Product>>('/api/products', { query: { search, page_size: 8, include_disabled: 1 }, signal }),
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });
