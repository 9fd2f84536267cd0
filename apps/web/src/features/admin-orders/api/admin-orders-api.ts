import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderStatus } from '@mayorista/core/constants';
import type { AdminOrdersPage, Order } from '@mayorista/core/schemas/order';
import type { EditOrderInput, OrderEdits } from '@mayorista/core/schemas/order-life';
import type { ProductListResponse } from '@mayorista/core/schemas/product';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { adminOrdersKeys, type AdminOrdersFilters } from '../../../lib/queries/order-keys';
import { toRejectCreditBody } from '../reject-credit-body';

export { adminOrdersKeys, type AdminOrdersFilters };

export const ADMIN_ORDERS_PAGE_SIZE = 25;

/** The order as the admin API answers it: the one contract in core, which the server serializes with. */
export type AdminOrder = Order;

const filterQuery = (filters: AdminOrdersFilters) => ({
  status: filters.status || undefined,
  customer: filters.customer?.trim() || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
  credit_hold: filters.creditHold || undefined,
});

export const fetchAdminOrders = (filters: AdminOrdersFilters, page: number, signal?: AbortSignal) =>
  apiRequest<AdminOrdersPage>('/api/admin/orders', {
    query: { ...filterQuery(filters), page, page_size: ADMIN_ORDERS_PAGE_SIZE },
    signal,
  });

export const adminOrdersQueryOptions = (filters: AdminOrdersFilters, page: number) =>
  queryOptions({
    queryKey: adminOrdersKeys.list(filters, page),
    queryFn: ({ signal }) => fetchAdminOrders(filters, page, signal),
    // Filtering and paging keep the old rows on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
    // New orders arrive through the realtime channel, which invalidates this query.
    staleTime: 0,
  });

export const adminOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: adminOrdersKeys.detail(orderId),
    queryFn: ({ signal }) => apiRequest<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal }),
  });

export const changeAdminOrderStatus = (orderId: string, status: OrderStatus) =>
  apiRequest<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}/status`, { method: 'POST', body: { status } });

/** The warehouse's one step (decision 046): a confirmed order is prepared, behind 'orders.prepare'. */
export const markAdminOrderPrepared = (orderId: string) =>
  apiRequest<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}/prepared`, { method: 'POST' });

export const downloadAdminOrdersCsv = (filters: AdminOrdersFilters) => apiDownload('/api/admin/orders/export.csv', filterQuery(filters));

// The order-life work (decision 014): edits, their history and the admin's documents.
export const editAdminOrder = (orderId: string, input: EditOrderInput) =>
  apiRequest<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { method: 'PATCH', body: input });

export const adminOrderEditsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrdersKeys.detail(orderId), 'edits'] as const,
    queryFn: ({ signal }) => apiRequest<OrderEdits>(`/api/admin/orders/${encodeURIComponent(orderId)}/edits`, { signal }),
  });

export const downloadAdminOrderPdf = (orderId: string) => apiDownload(`/api/admin/orders/${encodeURIComponent(orderId)}/pdf`);

export const downloadPickingSheet = (query: { ids: string[] } | { date: string }) =>
  apiDownload('/api/admin/picking-sheet.pdf', 'ids' in query ? { ids: query.ids.join(',') } : { date: query.date });

/** Enabled products whose name matches, to add a line to an order. */
export const searchProductsForOrder = (search: string, signal?: AbortSignal) =>
  apiRequest<ProductListResponse>('/api/products', { query: { search: search.trim(), page: 1, page_size: 8 }, signal });

/** POST /api/admin/orders/:id/release: a "Retenido por crédito" order goes on (no reason needed). */
export const releaseCreditHold = (orderId: string) =>
  apiRequest<Order>(`/api/admin/orders/${encodeURIComponent(orderId)}/release`, { method: 'POST', body: {} });

/** POST /api/admin/orders/:id/reject-credit: the order is refused, with the reason the customer receives. */
export const rejectCreditHold = (orderId: string, reason: string) =>
  apiRequest<Order>(`/api/admin/orders/${encodeURIComponent(orderId)}/reject-credit`, { method: 'POST', body: toRejectCreditBody(reason) });
