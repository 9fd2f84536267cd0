/**
 * Which page module each SPEC §2 route opens, as paths from the web app's root.
 *
 * Three readers, one table:
 * - page-loaders.ts loads these modules for routes.tsx (every one but the home page is its own
 *   chunk); main.tsx has the opened route's page loaded before the first render, so the page
 *   paints at once instead of a spinner that the page then replaces (a second layout, a shift),
 *   and the root layout starts the next page's download as soon as a navigation begins;
 * - the build (build/page-preloads.ts) lists each module's chunks, and the server announces them
 *   with `<link rel="modulepreload">` in that route's HTML, so they download beside the entry
 *   instead of after it.
 *
 * Plain data without imports: vite.config.ts reads it too.
 */
export const PAGE_MODULES = {
  '/': '/src/app/pages/home-page.tsx',
  '/login': '/src/app/pages/login-page.tsx',
  '/register': '/src/app/pages/register-page.tsx',
  '/verificar-correo': '/src/app/pages/verify-email-page.tsx',
  '/recuperar-clave': '/src/app/pages/forgot-password-page.tsx',
  '/restablecer-clave': '/src/app/pages/reset-password-page.tsx',
  '/catalog': '/src/features/catalog/catalog-page.tsx',
  '/cart': '/src/features/cart/cart-page.tsx',
  '/my-orders': '/src/features/orders/my-orders-page.tsx',
  '/admin': '/src/app/pages/admin-page.tsx',
  '*': '/src/app/pages/not-found-page.tsx',
} as const satisfies Record<string, `/src/${string}-page.tsx`>;

export type PagePath = keyof typeof PAGE_MODULES;

/**
 * The table's key for a URL path, matched the way react-router matches these routes: ignoring case
 * and a trailing slash. Anything else is '*'. The server repeats this on the built table (plugins/spa.ts).
 */
export function pagePathFor(pathname: string): PagePath {
  const trimmed = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  return Object.hasOwn(PAGE_MODULES, trimmed) ? (trimmed as PagePath) : '*';
}
