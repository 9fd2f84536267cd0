import type { Order, OwnOrders, PlaceOrderInput, PlaceOrderResult } from '@mayorista/core/schemas/order';
import { apiDownload, apiRequest } from '../../../lib/api-client';

/** The body of POST /api/orders (core's schema), every field sent: the key makes a retry safe. */
export type PlaceOrderRequest = Required<PlaceOrderInput>;

export const ordersQueryKey = (userId: string | undefined) => ['orders', userId ?? 'anonymous'] as const;

/** POST /api/orders. The server prices everything; the client sends only ids and quantities. */
export function placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderResult> {
  return apiRequest<PlaceOrderResult>('/api/orders', { method: 'POST', body: request });
}

export async function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const { items } = await apiRequest<OwnOrders>('/api/orders', { signal });
  return items;
}

/** The PDF is made on the server; the SPA only downloads it. */
export function downloadOrderPdf(orderId: string): Promise<Blob> {
  return apiDownload(`/api/orders/${encodeURIComponent(orderId)}/pdf`);
}
