import { queryOptions } from '@tanstack/react-query';
import type { Dashboard, DashboardPeriod } from '@mayorista/core/schemas/order-life';
import { apiRequest } from '../../lib/api-client';

export const dashboardKeys = { all: ['admin-dashboard'] as const, period: (period: DashboardPeriod) => ['admin-dashboard', period] as const };

export const dashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardKeys.period(period),
    queryFn: ({ signal }) => apiRequest<Dashboard>('/api/admin/dashboard', { query: { period }, signal }),
    staleTime: 30_000,
  });

export const retryEmail = (id: number) => apiRequest<void>(`/api/admin/emails/${id}/retry`, { method: 'POST' });
