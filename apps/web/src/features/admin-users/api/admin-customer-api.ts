import { queryOptions } from '@tanstack/react-query';
import type { AdminCustomer } from '@mayorista/core/schemas/auth';
import { toAdminNotesBody } from '../admin-users-bodies';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKeys } from './admin-users-api';

export type { AdminCustomer };

/** GET /api/admin/users/:id, under the users' key: approval or points changes refresh it too. */
export const adminCustomerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminUsersKeys.all, 'customer', id] as const,
    queryFn: ({ signal }) => apiRequest<AdminCustomer>(`/api/admin/users/${encodeURIComponent(id)}`, { signal }),
  });

export function saveAdminNotes(id: string, notes: string): Promise<AdminCustomer> {
  return apiRequest<AdminCustomer>(`/api/admin/users/${encodeURIComponent(id)}/notes`, { method: 'PATCH', body: toAdminNotesBody(notes) });
}
