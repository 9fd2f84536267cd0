import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation, type RouteObject } from 'react-router';
import { messages } from '@mayorista/core/messages';
import { renderWithAuth } from '../../test/render-with-auth';
import { RequireAuth, returnPathFrom, StaffAway } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>login desde {returnPathFrom(location.state)}</p>;
}

const routes: RouteObject[] = [
  { path: '/', element: <p>inicio</p> },
  { path: '/login', element: <LoginProbe /> },
  { path: '/catalog', element: <p>catálogo</p> },
  {
    path: '/cart',
    element: (
      <RequireAuth>
        <p>página del carrito</p>
      </RequireAuth>
    ),
  },
  {
    path: '/admin',
    element: (
      <RequireAuth adminOnly>
        <p>panel</p>
      </RequireAuth>
    ),
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth (the states and transitions, in order)', () => {
  it('1. shows "Cargando..." while the session is being determined', async () => {
    // The profile request never answers, so the first session read never completes.
    renderWithAuth({ routes, path: '/cart', profile: { approved: true }, routesOverride: { 'GET /api/profiles/11111111-1111-4111-8111-111111111111': () => new Promise<Response>(() => {}) } });
    expect(await screen.findByText(messages.app.loadingGuard)).toBeInTheDocument();
    expect(screen.queryByText('página del carrito')).not.toBeInTheDocument();
  });

  it('2. sends a visitor to /login, replacing the entry and carrying the attempted location', async () => {
    const { router } = renderWithAuth({ routes, path: '/cart?orden=1#items', initialEntries: ['/', '/cart?orden=1#items'], profile: null });
    expect(await screen.findByText('login desde /cart?orden=1#items')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    // Back goes to the page before /cart, not to /cart (which would redirect again).
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('3. shows the pending-approval message to an unapproved user, before any admin check', async () => {
    const { router } = renderWithAuth({ routes, path: '/admin', profile: { approved: false, is_admin: false } });
    expect(await screen.findByRole('heading', { name: messages.guard.pendingTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.guard.pendingText)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('4. sends an approved non-admin away from an admin route to /catalog', async () => {
    const { router } = renderWithAuth({ routes, path: '/admin', profile: { approved: true } });
    expect(await screen.findByText('catálogo')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/catalog');
  });

  it('5. shows the page otherwise', async () => {
    renderWithAuth({ routes, path: '/cart', profile: { approved: true } });
    expect(await screen.findByText('página del carrito')).toBeInTheDocument();
  });

  it.each([{ is_admin: true }, { is_super_admin: true }])('5. lets admins and super admins into admin routes (%o)', async (role) => {
    renderWithAuth({ routes, path: '/admin', profile: { approved: true, ...role } });
    expect(await screen.findByText('panel')).toBeInTheDocument();
  });
});

describe('StaffAway (the catalogue and a product page, decision 067)', () => {
  // Every render of the customer's page is counted: a flash is a render, however short.
  let catalogueRenders = 0;
  function CustomerCatalogue() {
    catalogueRenders += 1;
    return <h1>Catálogo</h1>;
  }
  const staffAwayRoutes: RouteObject[] = [
    {
      path: '/catalog',
      element: (
        <StaffAway>
          <CustomerCatalogue />
        </StaffAway>
      ),
    },
    { path: '/vendedor', element: <h1>Mis clientes</h1> },
  ];
  const rep = { approved: true, is_admin: true, staff_role: 'sales' as const };
  const profileUrl = 'GET /api/profiles/11111111-1111-4111-8111-111111111111';

  it("sends a rep to Mis clientes without rendering the customer's catalogue, not even while the profile is on its way", async () => {
    catalogueRenders = 0;
    let answer: (response: Response) => void = () => undefined;
    const profileAnswer = new Promise<Response>((resolve) => (answer = resolve));
    const { router } = renderWithAuth({ routes: staffAwayRoutes, path: '/catalog', profile: rep, routesOverride: { [profileUrl]: () => profileAnswer } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Catálogo' })).not.toBeInTheDocument();
    answer(
      new Response(JSON.stringify({ id: '11111111-1111-4111-8111-111111111111', nombre: 'Vera', apellido: 'Vendedora', email: 'v@example.com', dni: '30123456', is_super_admin: false, saldo_puntos: 0, ...rep }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Mis clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendedor');
    expect(catalogueRenders).toBe(0);
  });

  it('shows the catalogue to a visitor on the first render, and to a customer once signed in', async () => {
    catalogueRenders = 0;
    const { unmount } = renderWithAuth({ routes: staffAwayRoutes, path: '/catalog', profile: null });
    expect(screen.getByRole('heading', { name: 'Catálogo' })).toBeInTheDocument();
    unmount();
    const { router } = renderWithAuth({ routes: staffAwayRoutes, path: '/catalog', profile: { approved: true } });
    expect(await screen.findByRole('heading', { name: 'Catálogo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/catalog');
  });
});

describe('returnPathFrom', () => {
  it('only returns to local paths', () => {
    expect(returnPathFrom({ from: { pathname: '/cart', search: '?a=1' } })).toBe('/cart?a=1');
    expect(returnPathFrom({ from: { pathname: '//evil.example.com' } })).toBe('/');
    expect(returnPathFrom({ from: { pathname: 'https://evil.example.com' } })).toBe('/');
    expect(returnPathFrom(null)).toBe('/');
    expect(returnPathFrom({ from: { pathname: '/login' } })).toBe('/');
  });
});
