import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@mayorista/core/schemas/settings';
import { apiRequest } from '../api-client';

/** GET /api/settings/public: how long approving a sign-up usually takes (the pending screen). */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => apiRequest<PublicSettings>('/api/settings/public', { anonymous: true, signal }),
    staleTime: 5 * 60_000,
  });
}
