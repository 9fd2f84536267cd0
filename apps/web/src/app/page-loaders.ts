import { lazyPage, type LazyPage, type PageModule } from './routing/lazy-page';
import { routeKeyFor } from '@mayorista/core/route-path';
import { PAGE_MODULES, type PagePath } from './page-modules';

// Every page is its own chunk (the screens and routes: pages load on demand), so the entry stays small. The home
// page too (decision 024): the server announces its chunk in the HTML of `/` (modulepreload), so it
// downloads beside the entry, and every other page's first download no longer carries it.
const pageModules = import.meta.glob<PageModule>(['/src/app/pages/*-page.tsx', '/src/features/*/*-page.tsx']);

function pageAt(path: PagePath): LazyPage {
  const load = pageModules[PAGE_MODULES[path]];
  if (!load) throw new Error(`No se encontró la página ${PAGE_MODULES[path]}.`);
  return lazyPage(load);
}

const lazyPages = Object.fromEntries((Object.keys(PAGE_MODULES) as PagePath[]).map((path) => [path, pageAt(path)])) as Record<
  PagePath,
  LazyPage
>;

export const {
  '/': HomePage,
  '/login': LoginPage,
  '/register': RegisterPage,
  '/verificar-correo': VerifyEmailPage,
  '/recuperar-clave': ForgotPasswordPage,
  '/restablecer-clave': ResetPasswordPage,
  '/catalog': CatalogPage,
  '/catalogo/:slug': ProductPage,
  '/cart': CartPage,
  '/my-orders': MyOrdersPage,
  '/pedido-rapido': QuickOrderPage,
  '/mis-listas': MyListsPage,
  '/mi-cuenta': MyAccountPage,
  '/cuenta-corriente': CuentaCorrientePage,
  '/invitacion': StaffInvitationPage,
  '/vendedor': RepHomePage,
  '/vendedor/clientes/:slug': RepCustomerPage,
  '/vendedor/pedido/:slug': RepTakeOrderPage,
  '/vendedor/ventas': RepSalesPage,
  '/admin': AdminPage,
  '/repartidor': DriverPage,
  '*': NotFoundPage,
} = lazyPages;

/**
 * Loads the page a path opens, so rendering it does not go through the loading fallback. For the
 * page a visit opens, the server has announced its chunks in the HTML, so this mostly waits for
 * their evaluation; on a navigation inside the app it starts their download.
 */
export function preloadPageFor(pathname: string): Promise<void> {
  return lazyPages[pagePathFor(pathname)].preload();
}

/** The table's key for a URL path: the route react-router opens for it ('*' for any other path). */
export function pagePathFor(pathname: string): PagePath {
  return routeKeyFor(pathname, (key) => Object.hasOwn(PAGE_MODULES, key)) as PagePath;
}
