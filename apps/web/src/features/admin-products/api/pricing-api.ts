import { queryOptions } from '@tanstack/react-query';
import type { ImportReport, PriceChange, ProductPriceHistory, RepricePreview, UndoResult } from '@mayorista/core/schemas/pricing';
import type { PriceAdjustment, RepriceField, RoundingRule } from '@mayorista/core/repricing';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { productKeys } from '../../../lib/queries/products';

/** The repricing work's (decision 015) admin endpoints (docs/api.md "Prices"). */

export interface RepriceBody {
  scope: { category?: string; search?: string; product_ids?: string[] };
  adjustment: PriceAdjustment;
  fields: RepriceField[];
  rounding: RoundingRule;
  page?: number;
  page_size?: number;
  sort?: 'name' | 'old' | 'new' | 'change';
  order?: 'asc' | 'desc';
}

export const previewReprice = (body: RepriceBody) =>
  apiRequest<RepricePreview>('/api/admin/products/reprice', { method: 'POST', body, query: { dry_run: 1 } });

export const applyReprice = ({ page: _p, page_size: _s, sort: _o, order: _d, ...body }: RepriceBody) =>
  apiRequest<PriceChange>('/api/admin/products/reprice', { method: 'POST', body });

export const undoPriceChange = (id: string) =>
  apiRequest<UndoResult>(`/api/admin/price-changes/${encodeURIComponent(id)}/undo`, { method: 'POST' });

export function importCatalogue(file: File, dryRun: boolean): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<ImportReport>('/api/admin/products/import', { method: 'POST', body: form, query: dryRun ? { dry_run: 1 } : undefined });
}

export const exportCatalogue = (format: 'csv' | 'xlsx', search: string) =>
  apiDownload(`/api/admin/products/export.${format}`, { include_disabled: 1, ...(search ? { search } : {}) });

export const priceHistoryQueryOptions = (productId: string) =>
  queryOptions({
    // Under the products' key: any product change refreshes it.
    queryKey: [...productKeys.all, 'price-history', productId] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProductPriceHistory>(`/api/admin/products/${encodeURIComponent(productId)}/price-history`, { signal }),
  });
