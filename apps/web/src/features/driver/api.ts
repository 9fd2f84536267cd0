import { queryOptions } from '@tanstack/react-query';
import type { DeliveryDoneStop, DeliveryStop } from '@mayorista/core/schemas/deliveries';
import { apiRequest } from '../../lib/api-client';

export type DriverStop = DeliveryStop & { zone_name: string };
export type DriverDoneStop = DeliveryDoneStop & { zone_name: string };

export const driverStopsKey = (userId: string | undefined) => ['driver-stops', userId ?? 'anonymous'] as const;

/** GET /api/driver/stops: today's stops of the driver's zones, in route order; those finished today apart (decision 066). */
export const driverStopsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: driverStopsKey(userId),
    queryFn: ({ signal }) => apiRequest<{ date: string; stops: DriverStop[]; done: DriverDoneStop[] }>('/api/driver/stops', { signal }),
    enabled: !!userId,
  });

export interface DeliveredBody {
  lines?: { product_id: string; quantity: number }[];
  collected?: { amount: number; method: 'cash' | 'cheque' | 'transfer'; bank?: string; cheque_number?: string; cheque_date?: string };
  idempotency_key: string;
}

export const postDelivered = (orderId: string, body: DeliveredBody) =>
  apiRequest<{ created: boolean }>(`/api/driver/orders/${orderId}/delivered`, { method: 'POST', body });

export const postNotDelivered = (orderId: string, body: { reason: string; note?: string }) =>
  apiRequest<{ rescheduled_to: string }>(`/api/driver/orders/${orderId}/not-delivered`, { method: 'POST', body });
