import { queryOptions } from '@tanstack/react-query';
import type { ChangePasswordInput, Me, UpdateMeInput } from '@mayorista/core/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

export type { Me };

/** One key for Mi cuenta and the "completá tus datos" prompt: saving in one updates the other. */
export const meKeys = { me: ['me'] as const };

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.me,
    queryFn: ({ signal }) => apiRequest<Me>('/api/me', { signal }),
    staleTime: 5 * 60_000,
  });

export function updateMe(body: UpdateMeInput): Promise<Me> {
  return apiRequest<Me>('/api/me', { method: 'PATCH', body });
}

export function changePassword(body: ChangePasswordInput): Promise<void> {
  return apiRequest<void>('/api/me/password', { method: 'POST', body });
}
