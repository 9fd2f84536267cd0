import { queryOptions } from '@tanstack/react-query';
import type { MyDelivery } from '@mayorista/core/schemas/deliveries';
import { apiRequest } from '../api-client';

/** GET /api/me/delivery: the customer's zone and when an order placed now arrives (decision 049). Per user. */
export const myDeliveryQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['my-delivery', userId ?? 'anonymous'] as const,
    queryFn: ({ signal }) => apiRequest<MyDelivery>('/api/me/delivery', { signal }),
    enabled: !!userId,
    // The cut-off can pass while the cart is open: read it again every minute.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
