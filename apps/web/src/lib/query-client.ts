import { QueryClient } from '@tanstack/react-query';

/**
 * Mutations run whether or not the browser says it is online (networkMode 'always') and are never
 * retried: a change sent without a network fails at once and says so, instead of pausing and
 * going out by itself when the connection returns (an order nobody saw confirmed). Decision 032.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { networkMode: 'always', retry: false },
  },
});
