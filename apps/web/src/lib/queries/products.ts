import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CustomerKind } from '@mayorista/core/pricing';
import type { CatalogueProduct, ProductListResponse, ProductPage } from '@mayorista/core/schemas/product';
import { apiRequest, isApiError } from '../api-client';
import { offlineSource } from '../offline-source';

/** Cards per request: small enough to paint at once on a phone, large enough to need few "Cargar más". */
export const CATALOG_PAGE_SIZE = 48;

export interface CatalogFilters {
  search: string;
  category: string;
  onSale: boolean;
  inStock: boolean;
}

/** Every product query starts with 'products', so an admin write can invalidate all of them at once. */
export const productKeys = {
  all: ['products'] as const,
  catalog: (filters: CatalogFilters, kind: CustomerKind) => ['products', 'catalog', kind, filters] as const,
  categories: (includeDisabled: boolean) => ['products', 'categories', includeDisabled] as const,
};

/**
 * One page of the catalogue. Visitors and unapproved customers get the retail view (no wholesale
 * field at all); approved customers and admins the wholesale one: `P` says which the caller expects.
 */
export async function fetchProductsPage<P extends CatalogueProduct = CatalogueProduct>(
  query: { search?: string; category?: string; onSale?: boolean; inStock?: boolean; includeDisabled?: boolean; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ProductListResponse<P>> {
  try {
    return await fetchProductsPageOnline<P>(query, signal);
  } catch (error) {
    // Without network, a signed-in customer's device answers from its snapshot (decision 043),
    // loaded only now: the snapshot's code is not part of the first download.
    if (!isNetworkFailure(error) || query.includeDisabled) throw error;
    const offline = await (await offlineSource())?.offlineCatalogPage(query).catch(() => null);
    if (!offline) throw error;
    return offline as unknown as ProductListResponse<P>;
  }
}

const isNetworkFailure = (error: unknown) => isApiError(error) && error.code === 'network_error';

function fetchProductsPageOnline<P extends CatalogueProduct>(
  query: { search?: string; category?: string; onSale?: boolean; inStock?: boolean; includeDisabled?: boolean; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ProductListResponse<P>> {
  return apiRequest<ProductListResponse<P>>('/api/products', {
    query: {
      search: query.search?.trim() || undefined,
      category: query.category || undefined,
      on_sale: query.onSale ? 1 : undefined,
      in_stock: query.inStock ? 1 : undefined,
      include_disabled: query.includeDisabled ? 1 : undefined,
      page: query.page,
      page_size: query.pageSize,
    },
    signal,
  });
}

/**
 * The catalogue as pages of CATALOG_PAGE_SIZE ("Cargar más"). The customer kind is part of the key:
 * the on-sale filter means the wholesale or the retail sale depending on who asks.
 */
export function catalogQueryOptions(filters: CatalogFilters, kind: CustomerKind) {
  return infiniteQueryOptions({
    queryKey: productKeys.catalog(filters, kind),
    queryFn: ({ pageParam, signal }) => fetchProductsPage({ ...filters, page: pageParam, pageSize: CATALOG_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    // Run without network too: the query answers from the device's snapshot (decision 043)
    // instead of pausing until the browser says it is back.
    networkMode: 'always',
  });
}

export function categoriesQueryOptions(includeDisabled = false) {
  return queryOptions({
    queryKey: productKeys.categories(includeDisabled),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<{ items: string[] }>('/api/products/categories', { query: { include_disabled: includeDisabled ? 1 : undefined }, signal });
      } catch (error) {
        if (!isNetworkFailure(error) || includeDisabled) throw error;
        const items = await (await offlineSource())?.offlineCategories().catch(() => null);
        if (!items) throw error;
        return { items };
      }
    },
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
}

/**
 * The product page (`/catalogo/:slug`): the viewer's view of one product, its images and its
 * canonical slug. The kind is in the key: signing in changes the prices the page may show.
 */
export function productPageQueryOptions(ref: string, kind: CustomerKind) {
  return queryOptions({
    queryKey: [...productKeys.all, 'page', kind, ref] as const,
    queryFn: ({ signal }) => apiRequest<ProductPage>(`/api/products/${encodeURIComponent(ref)}`, { signal }),
    // A missing product stays missing: no retry of a 404 (anything else: once, as every query).
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    // Long enough that the answer stored under the current address (an old one was opened) is
    // shown without a second request; stock and prices are checked again by the cart anyway.
    staleTime: 30_000,
  });
}
