import { PAGE_EARLY_MODULES, PAGE_MODULES, type PagePath } from '../src/app/page-modules';

/** What the bundler knows of a module while it splits the code (Rolldown's `getModuleInfo`). */
export interface ChunkingModule {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
export type ModuleLookup = (id: string) => ChunkingModule | null;

// Barrels (index.ts, the messages namespace) re-export more than their importers use, so the
// first-page walk does not pass through them: what it cannot prove stays where Vite puts it.
const BARREL = /[\\/](index\.ts|sections\.ts)$/;

/**
 * Walks from `id` up its static importers, each module once, calling `visit` on each one found;
 * `visit` answers 'stop' to end the walk, 'skip' not to go above that module.
 */
function walkImporters(id: string, getModuleInfo: ModuleLookup, visit: (module: string, info: ChunkingModule) => 'stop' | 'skip' | void): void {
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = getModuleInfo(next);
    if (!info) continue;
    const said = visit(next, info);
    if (said === 'stop') return;
    if (said !== 'skip') queue.push(...info.importers);
  }
}

/**
 * Modules the first page loads go into one file instead of a dozen small shared chunks (each one
 * a request and a gzip restart). A module belongs there when a chain of static imports leads to it
 * from the entry.
 */
export function loadedByFirstPage(id: string, getModuleInfo: ModuleLookup): boolean {
  let found = false;
  walkImporters(id, getModuleInfo, (module, info) => {
    if (info.isEntry) {
      found = true;
      return 'stop';
    }
    return module !== id && BARREL.test(module) ? 'skip' : undefined;
  });
  return found;
}

/**
 * The chunks' starting points (the entry and every module imported on demand: the pages, the
 * catalogue's rows…) whose static imports lead to `id`. Through barrels too: one more starting
 * point only keeps a module out of the catalogue's files.
 */
function startingPoints(id: string, getModuleInfo: ModuleLookup): string[] {
  const roots: string[] = [];
  walkImporters(id, getModuleInfo, (module, info) => {
    if (info.isEntry || info.dynamicImporters.length > 0) roots.push(module);
  });
  return roots;
}

const is = (modulePath: string) => (id: string) => id.endsWith(modulePath);
const catalogPage = is(PAGE_MODULES['/catalog']);
const catalogRows = (id: string) => (PAGE_EARLY_MODULES['/catalog'] ?? []).some((m) => id.endsWith(m));
const productPage = is(PAGE_MODULES['/catalogo/:slug']);
/** The other pages a visit may open first: they keep their own small chunks, and nothing of the catalogue's. */
const OTHER_FIRST_SCREENS: readonly PagePath[] = [
  '/',
  '/login',
  '/register',
  '/verificar-correo',
  '/recuperar-clave',
  '/restablecer-clave',
  '/invitacion',
];
const otherFirstScreen = (id: string) => OTHER_FIRST_SCREENS.some((route) => id.endsWith(PAGE_MODULES[route]));

/**
 * The catalogue's page and rows in three files instead of seventeen (decision 076): Lighthouse's
 * phone downloads every modulepreloaded file before the first paint it simulates, and each one
 * costs a request on six connections, so their number weighs more than their bytes (decision 071).
 * - 'catalog': what only the catalogue page and its rows use, reached by the page itself — what
 *   its first paint evaluates;
 * - 'catalog-rows': what the rows use and neither the page nor the product page does (the cards,
 *   the rows, the virtual list; the panel's product list shares the last one);
 * - 'catalog-shared': the rest of what the page or its rows use that the product page or other
 *   pages use too (the texts, prices, IVA, the product's view); those pages load the whole file,
 *   which a visit to the catalogue has already cached (and the installed app precaches every file,
 *   decision 042).
 * Nothing that the entry or another first screen (login, home, register…) reaches: those keep
 * their own small chunks, as before.
 */
export function catalogChunk(id: string, getModuleInfo: ModuleLookup): string | null {
  const roots = startingPoints(id, getModuleInfo);
  if (roots.some((r) => getModuleInfo(r)?.isEntry || otherFirstScreen(r))) return null;
  const byPage = roots.some(catalogPage);
  if (!byPage && !roots.some(catalogRows)) return null;
  if (byPage && roots.every((r) => catalogPage(r) || catalogRows(r))) return 'catalog';
  if (!byPage && !roots.some(productPage)) return 'catalog-rows';
  return 'catalog-shared';
}

const loginPage = is(PAGE_MODULES['/login']);

/**
 * The sign-in page and what it uses beyond the entry in one file ('login') instead of a dozen: the
 * same count of requests as the catalogue's (decision 076), for the page a phone opens first when
 * signed out. Its forms' rules are shared with the sign-up page and the admin's business settings,
 * which load that file too (a few kilobytes) rather than split it: a rule added for the settings
 * had split the page's chunks from 11 to 13 files and moved its simulated LCP past 2 s (decision
 * 082). What the catalogue's page, rows or product page use too (the form label) keeps its own
 * small chunk, so the catalogue never downloads the sign-in page.
 */
export function loginChunk(id: string, getModuleInfo: ModuleLookup): string | null {
  const roots = startingPoints(id, getModuleInfo);
  // What the catalogue's files use too keeps its own chunk: the catalogue's page must not load this file.
  if (roots.some((r) => getModuleInfo(r)?.isEntry || catalogPage(r) || catalogRows(r) || productPage(r))) return null;
  return roots.some(loginPage) ? 'login' : null;
}

/** Rolldown's `output.codeSplitting`: the first page's file, then the catalogue's three and the sign-in page's one. */
export function codeSplitting() {
  return {
    groups: [
      {
        debugName: 'shell',
        priority: 2,
        name: (id: string, ctx: { getModuleInfo: ModuleLookup }) =>
          loadedByFirstPage(id, (m) => ctx.getModuleInfo(m)) ? 'shell' : null,
      },
      {
        debugName: 'catalog',
        priority: 1,
        // Each module where catalogChunk puts it: pulling a module's imports along would bring a
        // file the login page shares (the form label) into the catalogue's.
        includeDependenciesRecursively: false,
        name: (id: string, ctx: { getModuleInfo: ModuleLookup }) => catalogChunk(id, (m) => ctx.getModuleInfo(m)),
      },
      {
        debugName: 'login',
        priority: 1,
        includeDependenciesRecursively: false,
        name: (id: string, ctx: { getModuleInfo: ModuleLookup }) => loginChunk(id, (m) => ctx.getModuleInfo(m)),
      },
    ],
  };
}
