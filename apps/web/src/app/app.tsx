import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { AuthProvider } from '../features/auth';
import { DeferredToaster } from '../components/ui/deferred-toaster';
import { routes } from './routes';

/** ReactDOM.flushSync in the shape RouterProvider expects. */
const flushRouterUpdate = (update: () => unknown): undefined => {
  flushSync(update);
};

export function App() {
  // Created on mount rather than at import, so importing the module has no side effects.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {/* flushSync lets `navigate(…, { flushSync: true })` commit at once (logout relies on it). */}
        <RouterProvider router={router} flushSync={flushRouterUpdate} />
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
