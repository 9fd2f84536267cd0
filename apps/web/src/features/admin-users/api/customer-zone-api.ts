import { queryOptions } from '@tanstack/react-query';
import type { CustomerZone, ZonesAnswer } from '@mayorista/core/schemas/deliveries';
import { apiRequest } from '../../../lib/api-client';
import { toCustomerZoneBody, type CustomerZoneValues } from '../admin-users-bodies';

/** GET /api/admin/users/:id/zone: the customer's zone and stop (nulls: sin zona). */
export const customerZoneQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin-customer-zone', id] as const,
    queryFn: ({ signal }) => apiRequest<CustomerZone>(`/api/admin/users/${encodeURIComponent(id)}/zone`, { signal }),
  });

/** GET /api/admin/zones, under the key the Repartos screen uses too. */
export const zonesQueryOptions = () =>
  queryOptions({ queryKey: ['admin-zones'] as const, queryFn: ({ signal }) => apiRequest<ZonesAnswer>('/api/admin/zones', { signal }) });

export function saveCustomerZone(id: string, values: CustomerZoneValues): Promise<void> {
  return apiRequest<void>(`/api/admin/users/${encodeURIComponent(id)}/zone`, { method: 'PATCH', body: toCustomerZoneBody(values) });
}
