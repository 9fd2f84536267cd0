import { queryOptions } from '@tanstack/react-query';
import type { StaffRole } from '@mayorista/core/roles';
import type { Zone } from '@mayorista/core/schemas/deliveries';
import type { AuditPage, RepSummary, StaffList, ZoneRepAssigned } from '@mayorista/core/schemas/staff';
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

/** The zones with their customer counts (the same list and cache key as Repartos → Zonas). */
export const zonesQueryOptions = () =>
  queryOptions({ queryKey: ['admin-zones'], queryFn: ({ signal }) => apiRequest<{ items: Zone[] }>('/api/admin/zones', { signal }) });

/** Every customer of the zone to this rep (null: to none), in one go. */
export const assignZoneRep = (zoneId: number, repId: string | null) =>
  apiRequest<ZoneRepAssigned>(`/api/admin/zones/${zoneId}/rep`, { method: 'PATCH', body: { rep_id: repId } });

/** The owner sets a rep's commission (basis points, null: none); answers the staff list. */
export const setCommission = (id: string, commissionBp: number | null) =>
  apiRequest<StaffList>(`/api/admin/staff/${encodeURIComponent(id)}/commission`, { method: 'PATCH', body: { commission_bp: commissionBp } });

/** A rep's last 30 days as the office sees them: sales, collections, commission. */
export const repSummaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin-rep-summary', id],
    queryFn: ({ signal }) => apiRequest<RepSummary>(`/api/admin/reps/${encodeURIComponent(id)}/summary`, { signal }),
  });
