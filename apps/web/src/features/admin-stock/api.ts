import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Product } from '@mayorista/core/schemas/product';
import type { StockCountInput, StockCountResult } from '@mayorista/core/schemas/stock-count';
import { apiRequest } from '../../lib/api-client';
import { fetchProductsPage, productKeys } from '../../lib/queries/products';

/** Enough products to count a shelf without paging often; the API's largest page. */
export const STOCK_PAGE_SIZE = 100;

/**
 * The products and their stock, disabled ones too (a disabled product is still on the shelf): the
 * staff view of GET /api/products, searched by name or SKU. Under the products' key, so a count
 * (or any product write) refreshes it.
 */
export function stockProductsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...productKeys.all, 'stock-count', search] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchProductsPage<Product>({ search, includeDisabled: true, page: pageParam, pageSize: STOCK_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: (previous) => previous,
  });
}

/** POST /api/admin/stock-counts: every counted product in one request, all or nothing. */
export const saveStockCount = (body: StockCountInput) =>
  apiRequest<StockCountResult>('/api/admin/stock-counts', { method: 'POST', body });
