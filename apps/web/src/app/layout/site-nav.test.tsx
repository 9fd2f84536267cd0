import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@mayorista/core/messages';
import { routes } from '../routes';
import { profileFor, renderWithAuth, type Role } from '../../test/render-with-auth';

afterEach(() => vi.unstubAllGlobals());

async function renderNavFor(role: Role, path = '/') {
  const view = renderWithAuth({ routes, path, profile: role === 'visitor' ? null : profileFor(role) });
  const nav = await screen.findByRole('navigation', { name: messages.nav.mainLabel });
  return { ...view, nav };
}

const linkNamed = (nav: HTMLElement, name: string) => within(nav).queryAllByRole('link', { name, hidden: true })[0] ?? null;
const cartLink = (nav: HTMLElement) => nav.querySelector('a[href="/cart"]');

describe('navigation per role (the screens and routes)', () => {
  it('visitor: Inicio, Iniciar Sesión and Registrarse only', async () => {
    const { nav } = await renderNavFor('visitor');
    expect(linkNamed(nav, messages.nav.home)).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.login)).toHaveAttribute('href', '/login');
    expect(linkNamed(nav, messages.nav.register)).toHaveAttribute('href', '/register');
    expect(linkNamed(nav, messages.nav.catalog)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.myOrders)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.admin)).not.toBeInTheDocument();
    expect(cartLink(nav)).toBeNull();
    expect(within(nav).queryByRole('button', { name: messages.nav.logout, hidden: true })).not.toBeInTheDocument();
  });

  it('pending: greeting and logout, but no catalogue, orders, cart or admin', async () => {
    const { nav } = await renderNavFor('pending');
    expect(await within(nav).findByText(messages.nav.greeting('Lucía'))).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: messages.nav.logout, hidden: true })).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.home)).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.catalog)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.myOrders)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.login)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.register)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.admin)).not.toBeInTheDocument();
    expect(cartLink(nav)).toBeNull();
  });

  it('approved: Catálogo, Mis Pedidos and the cart link, no admin icon', async () => {
    const { nav } = await renderNavFor('approved');
    expect(await within(nav).findByText(messages.nav.greeting('Lucía'))).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.catalog)).toHaveAttribute('href', '/catalog');
    expect(linkNamed(nav, messages.nav.myOrders)).toHaveAttribute('href', '/my-orders');
    expect(cartLink(nav)).not.toBeNull();
    expect(linkNamed(nav, messages.nav.admin)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.login)).not.toBeInTheDocument();
  });

  it('repartidor: only "Mis repartos", and the home page is their stops (decision 056)', async () => {
    const view = renderWithAuth({ routes, path: '/', profile: { approved: true, staff_role: 'driver' } });
    const nav = await screen.findByRole('navigation', { name: messages.nav.mainLabel });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/repartidor'));
    expect(linkNamed(nav, messages.nav.driverStops)).toHaveAttribute('href', '/repartidor');
    for (const hidden of [messages.nav.home, messages.nav.catalog, messages.nav.myOrders, messages.nav.admin]) expect(linkNamed(nav, hidden)).not.toBeInTheDocument();
    expect(cartLink(nav)).toBeNull();
  });

  it.each(['admin', 'superAdmin'] as const)('%s: everything an approved user sees plus the admin icon link', async (role) => {
    const { nav } = await renderNavFor(role);
    expect(await within(nav).findByText(messages.nav.greeting('Lucía'))).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.admin)).toHaveAttribute('href', '/admin');
    expect(linkNamed(nav, messages.nav.catalog)).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.myOrders)).toBeInTheDocument();
    expect(cartLink(nav)).not.toBeNull();
  });
});

describe("a sales rep's navigation (decision 052)", () => {
  it('Mis clientes, and no cart, catalogue or orders of their own', async () => {
    renderWithAuth({ routes, path: '/', profile: { approved: true, staff_role: 'sales' } });
    const nav = await screen.findByRole('navigation', { name: messages.nav.mainLabel });
    expect(await within(nav).findByText(messages.nav.greeting('Lucía'))).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.myCustomers)).toHaveAttribute('href', '/vendedor');
    expect(linkNamed(nav, messages.nav.catalog)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.myOrders)).not.toBeInTheDocument();
    expect(cartLink(nav)).toBeNull();
  });

  it('nobody else gets Mis clientes', async () => {
    const { nav } = await renderNavFor('admin');
    expect(await within(nav).findByText(messages.nav.greeting('Lucía'))).toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.myCustomers)).not.toBeInTheDocument();
  });
});

describe('each staff role sees its own shell and is sent to its own home (decision 067)', () => {
  const staffNav = async (staff_role: 'sales' | 'warehouse' | 'driver' | 'owner', path = '/') => {
    const view = renderWithAuth({ routes, path, profile: { approved: true, staff_role } });
    const nav = await screen.findByRole('navigation', { name: messages.nav.mainLabel });
    expect(await within(nav).findByText(messages.nav.greeting('Lucía'))).toBeInTheDocument();
    return { ...view, nav };
  };
  const shopperLinks = [messages.nav.home, messages.nav.catalog, messages.nav.quickOrder, messages.nav.myLists, messages.nav.myOrders];

  it('depósito: the panel and Mi cuenta only, no shopper links, cart or cuenta corriente; lands in the panel', async () => {
    const { nav, router } = await staffNav('warehouse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(linkNamed(nav, messages.nav.admin)).toHaveAttribute('href', '/admin');
    for (const hidden of [...shopperLinks, messages.nav.myCustomers, messages.nav.driverStops]) expect(linkNamed(nav, hidden)).not.toBeInTheDocument();
    expect(nav.querySelector('a[href="/cuenta-corriente"]')).toBeNull();
    expect(cartLink(nav)).toBeNull();
    expect(linkNamed(nav, messages.nav.myAccount)).toHaveAttribute('href', '/mi-cuenta');
  });

  it('vendedor: Mis clientes and no "Panel de administración" (he has no tab); lands in Mis clientes after signing in', async () => {
    const { nav, router } = await staffNav('sales');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendedor'));
    expect(linkNamed(nav, messages.nav.myCustomers)).toHaveAttribute('href', '/vendedor');
    for (const hidden of [...shopperLinks, messages.nav.admin]) expect(linkNamed(nav, hidden)).not.toBeInTheDocument();
    expect(nav.querySelector('a[href="/cuenta-corriente"]')).toBeNull();
  });

  it.each([
    ['sales', '/cart', '/vendedor'],
    ['sales', '/my-orders', '/vendedor'],
    ['sales', '/cuenta-corriente', '/vendedor'],
    ['sales', '/catalog', '/vendedor'],
    ['sales', '/repartidor', '/vendedor'],
    ['sales', '/admin', '/vendedor'],
    ['driver', '/cart', '/repartidor'],
    ['driver', '/my-orders', '/repartidor'],
    ['driver', '/cuenta-corriente', '/repartidor'],
    ['driver', '/vendedor', '/repartidor'],
    ['driver', '/vendedor/ventas', '/repartidor'],
    ['warehouse', '/pedido-rapido', '/admin'],
    ['warehouse', '/mis-listas', '/admin'],
    ['warehouse', '/vendedor', '/admin'],
    ['warehouse', '/repartidor', '/admin'],
  ] as const)('%s opening %s is sent to %s, not shown a 403', async (role, path, home) => {
    const { router } = await staffNav(role, path);
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('the owner, who may also buy, keeps the shopper links, the cart and the home page besides the panel', async () => {
    const { nav, router } = await staffNav('owner');
    expect(linkNamed(nav, messages.nav.catalog)).toHaveAttribute('href', '/catalog');
    expect(linkNamed(nav, messages.nav.admin)).toHaveAttribute('href', '/admin');
    expect(cartLink(nav)).not.toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('navigation behaviour', () => {
  it('logs out: "Sesión cerrada" toast and back to /', async () => {
    const user = userEvent.setup();
    const { nav, router, server } = await renderNavFor('approved', '/my-orders');
    await user.click(await within(nav).findByRole('button', { name: messages.nav.logout, hidden: true }));
    expect(await screen.findByText(messages.auth.signedOut)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls.some((c) => c.url === '/api/auth/logout?scope=local')).toBe(true);
    expect(linkNamed(nav, messages.nav.login)).toBeInTheDocument();
  });

  it('shows "Error al cerrar sesión" when the server fails, and still signs out locally', async () => {
    const user = userEvent.setup();
    renderWithAuth({ routes, path: '/', profile: profileFor('approved'), routesOverride: { 'POST /api/auth/logout': () => Promise.reject(new TypeError('offline')) } });
    const nav = await screen.findByRole('navigation', { name: messages.nav.mainLabel });
    await user.click(await within(nav).findByRole('button', { name: messages.nav.logout, hidden: true }));
    expect(await screen.findByText(messages.auth.signOutErrorTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.auth.signOutErrorText)).toBeInTheDocument();
    expect(screen.queryByText(messages.auth.signedOut)).not.toBeInTheDocument();
    expect(linkNamed(nav, messages.nav.login)).toBeInTheDocument();
  });

  it('collapses into a menu button that opens with a click and closes with Escape, returning focus', async () => {
    const user = userEvent.setup();
    const { nav } = await renderNavFor('visitor');
    const toggle = within(nav).getByRole('button', { name: messages.nav.openMenu });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).toHaveClass('hidden');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName(messages.nav.closeMenu);
    expect(menu).not.toHaveClass('hidden');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the menu after following a link', async () => {
    const user = userEvent.setup();
    const { nav, router } = await renderNavFor('visitor');
    const toggle = within(nav).getByRole('button', { name: messages.nav.openMenu });
    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: messages.nav.login }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('shows the footer with the catalogue name and the year', async () => {
    await renderNavFor('visitor');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Catálogo Mayorista`);
  });

  it('shows "Cargando aplicación..." until the first session read is done', async () => {
    renderWithAuth({ routes, path: '/', profile: profileFor('approved'), routesOverride: { 'GET /api/profiles/11111111-1111-4111-8111-111111111111': () => new Promise<Response>(() => {}) } });
    expect(await screen.findByText(messages.app.loadingApp)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the not-found page with a way home for unknown paths', async () => {
    renderWithAuth({ routes, path: '/no/existe', profile: null });
    expect(await screen.findByRole('heading', { name: messages.notFound.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.notFound.back })).toHaveAttribute('href', '/');
  });
});
