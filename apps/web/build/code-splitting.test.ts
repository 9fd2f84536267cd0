// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAGE_EARLY_MODULES, PAGE_MODULES } from '../src/app/page-modules';
import { catalogChunk, loadedByFirstPage, loginChunk, type ChunkingModule } from './code-splitting';

const ROOT = '/app';
const MAIN = '/src/main.tsx';
const ROWS = PAGE_EARLY_MODULES['/catalog']![0]!;

/** A module graph as Rolldown reports it: [importer, imported] pairs, static and on demand. */
function graph(statics: [string, string][], dynamics: [string, string][]) {
  const modules = new Map<string, ChunkingModule & { importers: string[]; dynamicImporters: string[] }>();
  const get = (id: string) => {
    const key = `${ROOT}${id}`;
    if (!modules.has(key)) modules.set(key, { isEntry: id === MAIN, importers: [], dynamicImporters: [] });
    return modules.get(key)!;
  };
  for (const [from, to] of statics) {
    get(from);
    get(to).importers.push(`${ROOT}${from}`);
  }
  for (const [from, to] of dynamics) {
    get(from);
    get(to).dynamicImporters.push(`${ROOT}${from}`);
  }
  return (id: string) => modules.get(id) ?? null;
}

// The entry loads the shell and a barrel; every page is loaded on demand, and the catalogue loads its rows on demand.
const lookup = graph(
  [
    [MAIN, '/src/lib/auth.ts'],
    [MAIN, '/src/lib/index.ts'],
    ['/src/lib/index.ts', '/src/lib/format.ts'],
    [PAGE_MODULES['/catalog'], '/src/lib/auth.ts'],
    [PAGE_MODULES['/catalog'], '/src/lib/format.ts'],
    [PAGE_MODULES['/catalog'], '/src/features/catalog/components/catalog-filters.tsx'],
    ['/src/features/catalog/components/catalog-filters.tsx', '/src/components/ui/label.tsx'],
    [PAGE_MODULES['/catalog'], '/src/messages/products.ts'],
    [PAGE_MODULES['/catalog'], '/src/lib/pricing.ts'],
    [ROWS, '/src/messages/products.ts'],
    [ROWS, '/src/features/catalog/components/product-view.ts'],
    [ROWS, '/src/lib/use-window-rows.ts'],
    [PAGE_MODULES['/catalogo/:slug'], '/src/features/catalog/components/product-view.ts'],
    [PAGE_MODULES['/login'], '/src/components/ui/label.tsx'],
    [PAGE_MODULES['/login'], '/src/lib/auth.ts'],
    [PAGE_MODULES['/register'], '/src/components/ui/label.tsx'],
    [PAGE_MODULES['/login'], '/src/features/account/login-form.tsx'],
    [PAGE_MODULES['/register'], '/src/features/account/login-form.tsx'],
    ['/src/features/admin-settings/issuer-fields.tsx', '/src/features/account/login-form.tsx'],
    [PAGE_MODULES['/register'], '/src/features/account/signup-steps.tsx'],
    [PAGE_MODULES['/admin'], '/src/features/admin-settings/issuer-fields.tsx'],
    ['/src/features/admin-settings/issuer-fields.tsx', '/src/components/ui/label.tsx'],
    [PAGE_MODULES['/cart'], '/src/lib/pricing.ts'],
    [PAGE_MODULES['/admin'], '/src/lib/use-window-rows.ts'],
    [PAGE_MODULES['/cart'], '/src/features/cart/cart-lines.tsx'],
  ],
  [
    ...(['/', '/login', '/register', '/catalog', '/catalogo/:slug', '/cart', '/admin'] as const).map((route): [string, string] => [
      MAIN,
      PAGE_MODULES[route],
    ]),
    [PAGE_MODULES['/catalog'], ROWS],
  ],
);
const chunkOf = (id: string) => (loadedByFirstPage(`${ROOT}${id}`, lookup) ? 'shell' : catalogChunk(`${ROOT}${id}`, lookup));

describe('code splitting', () => {
  it("puts what the entry imports in the shell, and what it reaches only through a barrel nowhere of the catalogue's", () => {
    expect(chunkOf('/src/lib/auth.ts')).toBe('shell');
    expect(chunkOf('/src/lib/format.ts')).toBeNull();
  });

  it("puts what only the catalogue page and its rows use in 'catalog', and what only the rows use in 'catalog-rows'", () => {
    expect(chunkOf(PAGE_MODULES['/catalog'])).toBe('catalog');
    expect(chunkOf('/src/features/catalog/components/catalog-filters.tsx')).toBe('catalog');
    // Used by the page and by its rows: loaded with the page.
    expect(chunkOf('/src/messages/products.ts')).toBe('catalog');
    expect(chunkOf(ROWS)).toBe('catalog-rows');
    // The panel's list shares it, the page and the product page do not: it waits with the rows.
    expect(chunkOf('/src/lib/use-window-rows.ts')).toBe('catalog-rows');
  });

  it("puts what the product page or another page shares with the catalogue in 'catalog-shared', and leaves the other pages' own modules alone", () => {
    expect(chunkOf('/src/features/catalog/components/product-view.ts')).toBe('catalog-shared');
    expect(chunkOf('/src/lib/pricing.ts')).toBe('catalog-shared');
    expect(chunkOf('/src/features/cart/cart-lines.tsx')).toBeNull();
    expect(chunkOf(PAGE_MODULES['/cart'])).toBeNull();
    expect(chunkOf(PAGE_MODULES['/catalogo/:slug'])).toBeNull();
  });

  it('keeps what another first screen uses out of the catalogue, so the login page does not download it', () => {
    expect(chunkOf('/src/components/ui/label.tsx')).toBeNull();
    expect(chunkOf(PAGE_MODULES['/login'])).toBeNull();
    expect(chunkOf(PAGE_MODULES['/'])).toBeNull();
  });

  it("puts the login page and what it uses beyond the entry in one 'login' file, which the pages sharing a part of it load too", () => {
    const loginOf = (id: string) => loginChunk(`${ROOT}${id}`, lookup);
    expect(loginOf(PAGE_MODULES['/login'])).toBe('login');
    // Shared with the sign-up page and the admin's settings: still one file for the login page.
    expect(loginOf('/src/features/account/login-form.tsx')).toBe('login');
    // Shared with the catalogue: its own chunk, so the catalogue never loads the sign-in page.
    expect(loginOf('/src/components/ui/label.tsx')).toBeNull();
    // The entry's own modules stay in the shell; what the login page does not use keeps its chunk.
    expect(loginOf('/src/lib/auth.ts')).toBeNull();
    expect(loginOf('/src/features/account/signup-steps.tsx')).toBeNull();
    expect(loginOf(PAGE_MODULES['/register'])).toBeNull();
    expect(loginOf('/src/features/admin-settings/issuer-fields.tsx')).toBeNull();
    expect(loginOf(PAGE_MODULES['/catalog'])).toBeNull();
  });
});
