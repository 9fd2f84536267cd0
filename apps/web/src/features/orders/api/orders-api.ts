import type { Order, PlaceOrderResult } from '@mayorista/core/schemas/order';
import { apiDownload, apiRequest } from '../../../lib/api-client';

export interface PlaceOrderRequest {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  canjeado_con_puntos: boolean;
  idempotency_key: string;
}

export const ordersQueryKey = (userId: string | undefined) => ['orders', userId ?? 'anonymous'] as const;

/** POST /api/orders. The server prices everything; the client sends only ids and quantities. */
export function placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderResult> {
  return apiRequest<PlaceOrderResult>('/api/orders', { method: 'POST', body: request });
}

export async function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const { items } = await apiRequest<{ items: Order[] }>('/api/orders', { signal });
  return items;
}

/** The PDF is made on the server; the SPA only downloads it. */
export function downloadOrderPdf(orderId: string): Promise<Blob> {
  return apiDownload(`/api/orders/${encodeURIComponent(orderId)}/pdf`);
}
