// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { PAGE_EARLY_MODULES, PAGE_MODULES } from '../src/app/page-modules';
import { PAGE_PRELOADS_FILE, pagePreloads } from './page-preloads';

const ROOT = '/app';
type FakeChunk = Pick<Rollup.OutputChunk, 'type' | 'fileName' | 'imports' | 'isEntry' | 'facadeModuleId' | 'moduleIds'>;

const chunk = (fileName: string, modules: string[], imports: string[] = [], isEntry = false): FakeChunk => ({
  type: 'chunk',
  fileName,
  imports,
  isEntry,
  facadeModuleId: isEntry ? `${ROOT}/src/main.tsx` : modules[0] ? `${ROOT}${modules[0]}` : null,
  moduleIds: modules.map((id) => `${ROOT}${id}`),
});

/** Runs the plugin's hooks over a bundle as Vite would, and returns the table it emits. */
function tableFor(chunks: FakeChunk[]): Record<string, string[]> {
  const plugin = pagePreloads();
  (plugin.configResolved as (config: { root: string; base: string }) => void)({ root: ROOT, base: '/' });
  const emitted: { fileName: string; source: string }[] = [];
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
    emitFile(file: { fileName: string; source: string }) {
      emitted.push(file);
      return file.fileName;
    },
  };
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  (plugin.generateBundle as (this: typeof context, options: unknown, bundle: unknown) => void).call(context, {}, bundle);
  expect(emitted.map((file) => file.fileName)).toEqual([PAGE_PRELOADS_FILE]);
  return JSON.parse(emitted[0]!.source) as Record<string, string[]>;
}

// Every lazy page as its own chunk; the catalogue and the login page share a dependency (label).
const pageChunks = Object.entries(PAGE_MODULES)
  .filter(([route]) => route !== '/' && route !== '/catalog' && route !== '/login')
  .map(([, modulePath]) => chunk(`assets/${modulePath.split('/').pop()!.replace('.tsx', '')}-h.js`, [modulePath], ['assets/index-h.js']));
const bundle = [
  chunk('assets/index-h.js', ['/src/main.tsx', PAGE_MODULES['/'], '/src/app/routes.tsx'], [], true),
  chunk('assets/catalog-page-h.js', [PAGE_MODULES['/catalog']], ['assets/index-h.js', 'assets/label-h.js', 'assets/products-h.js']),
  chunk('assets/login-page-h.js', [PAGE_MODULES['/login']], ['assets/index-h.js', 'assets/label-h.js']),
  chunk('assets/label-h.js', ['/src/components/ui/label.tsx'], ['assets/index-h.js']),
  chunk('assets/products-h.js', ['/src/messages/products.ts'], ['assets/index-h.js', 'assets/label-h.js']),
  // The catalogue's rows: imported on demand by the page, with a dependency of their own.
  chunk('assets/product-results-h.js', [...PAGE_EARLY_MODULES['/catalog']!], ['assets/index-h.js', 'assets/products-h.js', 'assets/virtual-h.js']),
  chunk('assets/virtual-h.js', ['/node_modules/@tanstack/virtual-core/index.js'], []),
  ...pageChunks,
];

describe('pagePreloads (build)', () => {
  it("lists each page's chunk and what it imports, once, without what the entry already loads", () => {
    const table = tableFor(bundle);
    expect(table['/catalog']).toEqual([
      '/assets/catalog-page-h.js',
      '/assets/products-h.js',
      '/assets/label-h.js',
      // PAGE_EARLY_MODULES: the rows, evaluated after the first paint, and what they import.
      '/assets/product-results-h.js',
      '/assets/virtual-h.js',
    ]);
    expect(table['/login']).toEqual(['/assets/login-page-h.js', '/assets/label-h.js']);
    expect(table['*']).toEqual(['/assets/not-found-page-h.js']);
  });

  it('names only files in the bundle: a CSS-only chunk Vite removed is never preloaded (it would be a 404)', () => {
    // The page still lists the removed chunk among its imports, as it did when read too early.
    const withRemoved = bundle.map((c) => (c.fileName === 'assets/login-page-h.js' ? { ...c, imports: [...c.imports, 'assets/staff-h.js'] } : c));
    const table = tableFor(withRemoved);
    expect(table['/login']).toEqual(['/assets/login-page-h.js', '/assets/label-h.js']);
    const everyFile = new Set(bundle.map((c) => `/${c.fileName}`));
    for (const files of Object.values(table)) for (const file of files) expect(everyFile).toContain(file);
  });

  it("runs after Vite's own bundle work, which removes CSS-only chunks", () => {
    expect(pagePreloads().enforce).toBe('post');
  });

  it('lists nothing for a page that is part of the entry', () => {
    expect(tableFor(bundle)['/']).toEqual([]);
  });

  it("stops the build when a page's early module is in no chunk", () => {
    expect(() => tableFor(bundle.filter((c) => c.fileName !== 'assets/product-results-h.js'))).toThrow(/product-results\.tsx \(ruta \/catalog\)/);
  });

  it('stops the build when a page is in no chunk: a renamed page must not lose its preload silently', () => {
    expect(() => tableFor(bundle.filter((c) => c.fileName !== 'assets/cart-page-h.js'))).toThrow(/cart-page\.tsx \(ruta \/cart\)/);
  });
});
