/**
 * Which page module each the screens and routes route opens, as paths from the web app's root.
 *
 * Three readers, one table:
 * - page-loaders.ts loads these modules for routes.tsx (every page, the home page too, is its own
 *   chunk); main.tsx has the opened route's page loaded before the first render, so the page
 *   paints without a page spinner that it then replaces (a second layout, a shift) — a returning
 *   customer still sees the shell's spinner while the stored session is checked —
 *   and the root layout starts the next page's download as soon as a navigation begins;
 * - the build (build/page-preloads.ts) lists each module's chunks, and the server announces them
 *   with `<link rel="modulepreload">` in that route's HTML, so they download beside the entry
 *   instead of after it.
 *
 * Plain data without imports: vite.config.ts reads it too, and Node cannot load the workspace's
 * TypeScript packages from there.
 */
export const PAGE_MODULES = {
  '/': '/src/app/pages/home-page.tsx',
  '/login': '/src/app/pages/login-page.tsx',
  '/register': '/src/app/pages/register-page.tsx',
  '/verificar-correo': '/src/app/pages/verify-email-page.tsx',
  '/recuperar-clave': '/src/app/pages/forgot-password-page.tsx',
  '/restablecer-clave': '/src/app/pages/reset-password-page.tsx',
  '/catalog': '/src/features/catalog/catalog-page.tsx',
  // The wholesale-ordering work (decision 016); the one route with a parameter (core/route-path.ts: a trailing `:slug`).
  '/catalogo/:slug': '/src/features/catalog/product-page.tsx',
  '/cart': '/src/app/pages/cart-page.tsx',
  '/my-orders': '/src/features/orders/my-orders-page.tsx',
  '/pedido-rapido': '/src/features/quick-order/quick-order-page.tsx',
  '/mis-listas': '/src/features/lists/my-lists-page.tsx',
  '/mi-cuenta': '/src/features/account/my-account-page.tsx',
  '/cuenta-corriente': '/src/features/cuenta-corriente/cuenta-corriente-page.tsx',
  '/invitacion': '/src/features/auth/staff-invitation-page.tsx',
  '/vendedor': '/src/features/rep/rep-home-page.tsx',
  // The sales rep's phone (decision 052): a customer, "Tomar pedido" for them, Mis ventas.
  '/vendedor/clientes/:slug': '/src/features/rep/rep-customer-page.tsx',
  '/vendedor/pedido/:slug': '/src/features/rep/rep-take-order-page.tsx',
  '/vendedor/ventas': '/src/features/rep/rep-sales-page.tsx',
  '/admin': '/src/app/pages/admin-page.tsx',
  // Repartos (decision 051): the driver's phone.
  '/repartidor': '/src/features/driver/driver-page.tsx',
  '*': '/src/app/pages/not-found-page.tsx',
} as const satisfies Record<string, `/src/${string}-page.tsx`>;

export type PagePath = keyof typeof PAGE_MODULES;

/**
 * Modules a page imports on demand but needs right after its first paint (decision 024). The
 * build announces their chunks in that route's HTML too (modulepreload: downloaded beside the
 * entry), but the page evaluates them only when it uses them, so they are not part of the work
 * before the first paint. The catalogue's rows: the first paint shows a spinner until the products
 * arrive.
 */
export const PAGE_EARLY_MODULES: Partial<Record<PagePath, readonly `/src/${string}.tsx`[]>> = {
  '/catalog': ['/src/features/catalog/components/product-results.tsx'],
};
