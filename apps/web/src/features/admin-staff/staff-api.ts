import { queryOptions } from '@tanstack/react-query';
import type { StaffRole } from '@mayorista/core/roles';
import type { AuditPage, StaffList } from '@mayorista/core/schemas/staff';
import { apiRequest } from '../../lib/api-client';

export const staffKeys = { list: ['admin-staff'] as const, audit: (filters: AuditFilters) => ['admin-audit', filters] as const };

export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.list, queryFn: ({ signal }) => apiRequest<StaffList>('/api/admin/staff', { signal }) });

export const changeRole = (id: string, role: StaffRole) => apiRequest<StaffList>(`/api/admin/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } });
export const removeStaff = (id: string) => apiRequest<void>(`/api/admin/staff/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const inviteStaff = (email: string, role: StaffRole) => apiRequest<unknown>('/api/admin/staff/invitations', { method: 'POST', body: { email, role } });

export interface AuditFilters {
  entity?: string;
  entity_id?: string;
  actor?: string;
  from?: string;
  to?: string;
  page: number;
}

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: staffKeys.audit(filters),
    queryFn: ({ signal }) => apiRequest<AuditPage>('/api/admin/audit', { signal, query: { ...filters, page_size: 50 } }),
  });
