import { queryOptions } from '@tanstack/react-query';
import type { AdminUser, AdminUserStatus, AdminUsersPage } from '@mayorista/core/schemas/auth';
import { MOVEMENTS_PAGE_SIZE, type PointsMovementsPage } from '@mayorista/core/schemas/ledger';
import { apiRequest } from '../../../lib/api-client';

export type { AdminUser };

export type AdminUserStatusFilter = AdminUserStatus;

export interface AdminUsersQuery {
  search: string;
  status: AdminUserStatusFilter;
  page: number;
}

export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUsersKeys = {
  all: ['admin-users'] as const,
  list: (query: AdminUsersQuery) => ['admin-users', 'list', query] as const,
};

export function adminUsersQueryOptions(query: AdminUsersQuery) {
  return queryOptions({
    queryKey: adminUsersKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminUsersPage>('/api/admin/users', {
        query: { search: query.search.trim(), status: query.status, page: query.page, page_size: ADMIN_USERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function setApproval(id: string, approved: boolean): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/approval`, { method: 'PATCH', body: { approved } });
}

/** "Rechazar": deletes an account still waiting for approval (409 account_not_pending otherwise). */
export function rejectPending(id: string): Promise<void> {
  return apiRequest<void>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `saldo_puntos` is the new balance in centavos; the server records who, when, why, before and after. */
export function adjustPoints(id: string, body: { saldo_puntos: number; reason: string }): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/points`, { method: 'POST', body });
}

export function setAdminRole(id: string, isAdmin: boolean): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: 'PATCH', body: { is_admin: isAdmin } });
}

/** GET /api/admin/users/:id/points-movements: one page of the customer's points ledger, newest first. */
export const pointsMovementsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    // Under the users' key: an adjustment (which invalidates adminUsersKeys.all) refreshes the history.
    queryKey: [...adminUsersKeys.all, 'points-movements', userId, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<PointsMovementsPage>(`/api/admin/users/${encodeURIComponent(userId)}/points-movements`, {
        query: { page, page_size: MOVEMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
