import { queryOptions } from '@tanstack/react-query';
import type { DeliveryDay } from '@mayorista/core/schemas/deliveries';
import { apiRequest } from '../../lib/api-client';

export const deliveryDayKey = (date: string) => ['admin-deliveries', date] as const;

/** GET /api/admin/deliveries?date=: per zone, the day's stops in route order. */
export const deliveryDayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: deliveryDayKey(date),
    queryFn: ({ signal }) => apiRequest<DeliveryDay>('/api/admin/deliveries', { query: { date }, signal }),
  });

export const putStops = (date: string, zoneId: number, orderIds: string[]) =>
  apiRequest<void>(`/api/admin/deliveries/${date}/${zoneId}/stops`, { method: 'PUT', body: { order_ids: orderIds } });

export const patchDeliveryDate = (orderId: string, date: string) =>
  apiRequest<unknown>(`/api/admin/orders/${orderId}/delivery-date`, { method: 'PATCH', body: { date } });

export const sheetPath = (date: string, zoneId: number, file: 'route.pdf' | 'route.xlsx' | 'load.pdf' | 'load.xlsx') =>
  `/api/admin/deliveries/${date}/${zoneId}/${file}`;
