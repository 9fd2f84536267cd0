import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Profile } from '@mayorista/core/schemas/auth';
import { AuthClient, AuthProvider } from '../lib/auth';
import { memoryStore, SESSION_STORAGE_KEY } from '../lib/auth/session/session-storage';
import { Toaster } from '../components/ui/toaster';
import { fakeServer, jsonResponse, makeSession } from './auth-fixtures';

/** ReactDOM.flushSync in the shape RouterProvider expects. */
const flushRouterUpdate = (update: () => unknown): undefined => {
  flushSync(update);
};

export type Role = 'visitor' | 'pending' | 'approved' | 'admin' | 'superAdmin';

export function profileFor(role: Exclude<Role, 'visitor'>): Partial<Profile> {
  switch (role) {
    case 'pending':
      return { approved: false };
    case 'approved':
      return { approved: true };
    case 'admin':
      return { approved: true, is_admin: true };
    case 'superAdmin':
      return { approved: true, is_super_admin: true };
  }
}

/**
 * Mounts routes in a memory router inside a real AuthProvider whose session comes from an
 * in-memory store, with fetch stubbed at the network boundary (no mocks of our own modules).
 */
export function renderWithAuth(options: {
  routes: RouteObject[];
  path: string;
  initialEntries?: string[];
  profile?: Partial<Profile> | null;
  routesOverride?: Parameters<typeof fakeServer>[0];
  wrapper?: (children: ReactNode) => ReactNode;
}) {
  const store = memoryStore();
  const session = options.profile === undefined || options.profile === null ? null : makeSession();
  if (session) store.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  const server = fakeServer({
    [`GET /api/profiles/${session?.user.id ?? 'none'}`]: () =>
      jsonResponse(200, {
        id: session?.user.id,
        nombre: 'Lucía',
        apellido: 'Pérez',
        email: 'cliente@example.com',
        dni: '30123456',
        approved: false,
        is_admin: false,
        is_super_admin: false,
        saldo_puntos: 150_000,
        ...options.profile,
      }),
    'POST /api/auth/logout': () => jsonResponse(204),
    'GET /api/cart': () => jsonResponse(200, { cart_data: {}, updated_at: null, removed: [], products: [] }),
    'GET /api/points': () => jsonResponse(200, { saldo_puntos: 150_000 }),
    ...options.routesOverride,
  });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  const client = new AuthClient({ store });
  const router = createMemoryRouter(options.routes, {
    initialEntries: options.initialEntries ?? [options.path],
    initialIndex: (options.initialEntries?.length ?? 1) - 1,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider client={client}>
        <RouterProvider router={router} flushSync={flushRouterUpdate} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, client, server, session };
}
