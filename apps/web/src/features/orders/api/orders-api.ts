import type { Order, OwnOrders } from '@mayorista/core/schemas/order';
import type { CancelOrderResult } from '@mayorista/core/schemas/order-life';
import { apiDownload, apiRequest } from '../../../lib/api-client';

export async function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const { items } = await apiRequest<OwnOrders>('/api/orders', { signal });
  return items;
}

/** The PDF is made on the server; the SPA only downloads it. */
export function downloadOrderPdf(orderId: string): Promise<Blob> {
  return apiDownload(`/api/orders/${encodeURIComponent(orderId)}/pdf`);
}

/** The order-life work (decision 014): the customer cancels their own Pendiente order; the answer carries the points balance now. */
export function cancelMyOrder(orderId: string): Promise<CancelOrderResult> {
  return apiRequest<CancelOrderResult>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' });
}
