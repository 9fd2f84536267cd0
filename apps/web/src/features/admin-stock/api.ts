import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Product } from '@mayorista/core/schemas/product';
import type { StockCountInput, StockCountResult, StockReservedResult } from '@mayorista/core/schemas/stock-count';
import { apiRequest } from '../../lib/api-client';
import { fetchProductsPage, productKeys } from '../../lib/queries/products';

/** Enough products to count a shelf without paging often; the API's largest page. */
export const STOCK_PAGE_SIZE = 100;

/** A product as the Stock tab shows it: with the units of its orders not yet prepared (still on the shelf). */
export type StockProduct = Product & { reserved: number };

/** GET /api/admin/stock-counts/reserved: the units in unprepared orders of one page's products (one request per page). */
async function fetchReserved(ids: string[], signal?: AbortSignal): Promise<Record<string, number>> {
  if (ids.length === 0) return {};
  const answer = await apiRequest<StockReservedResult>('/api/admin/stock-counts/reserved', { query: { ids: ids.join(',') }, signal });
  return answer.reserved;
}

/**
 * The products and their stock, disabled ones too (a disabled product is still on the shelf): the
 * staff view of GET /api/products, searched by name or SKU, each page with its products' units in
 * unprepared orders (the count subtracts them). Under the products' key, so a count (or any product
 * write) refreshes it.
 */
export function stockProductsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...productKeys.all, 'stock-count', search] as const,
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchProductsPage<Product>({ search, includeDisabled: true, page: pageParam, pageSize: STOCK_PAGE_SIZE }, signal);
      const counted = page.items.filter((p) => !p.has_unlimited_stock).map((p) => p.id);
      const reserved = await fetchReserved(counted, signal);
      return { ...page, items: page.items.map((p): StockProduct => ({ ...p, reserved: reserved[p.id] ?? 0 })) };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: (previous) => previous,
  });
}

/** POST /api/admin/stock-counts: every counted product in one request, all or nothing. */
export const saveStockCount = (body: StockCountInput) =>
  apiRequest<StockCountResult>('/api/admin/stock-counts', { method: 'POST', body });
