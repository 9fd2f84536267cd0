import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { isApiError } from '../../../lib/api-client';
import { driverStopsKey } from '../api';

/** A driver's action on a stop: the list read again afterwards, the server's Spanish message on failure. */
export function useStopAction<Body, Answer>(send: (body: Body) => Promise<Answer>) {
  const { user } = useAuth();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: driverStopsKey(user?.id) }),
  });
  const error = mutation.error ? (isApiError(mutation.error) ? mutation.error.message : String(mutation.error)) : null;
  return { mutation, error };
}
