import { queryOptions } from '@tanstack/react-query';
import type { SettingsResponse, SettingsUpdate } from '@mayorista/core/schemas/settings';
import { apiRequest } from '../../lib/api-client';

export const settingsKeys = { all: ['admin-settings'] as const };

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiRequest<SettingsResponse>('/api/admin/settings', { signal }),
  });

export function saveSettings(update: SettingsUpdate): Promise<SettingsResponse> {
  return apiRequest<SettingsResponse>('/api/admin/settings', { method: 'PUT', body: update });
}
