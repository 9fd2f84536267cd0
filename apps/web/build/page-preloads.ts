import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { PAGE_EARLY_MODULES, PAGE_MODULES, type PagePath } from '../src/app/page-modules';

/** Where the server reads the table (apps/server/src/plugins/spa.ts). Not served: dot folder. */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/**
 * Writes, for every route of PAGE_MODULES, the JavaScript files its page needs beyond what the
 * entry already loads (with those of its PAGE_EARLY_MODULES, evaluated after its first paint): `{ "/catalog": ["/assets/catalog-page-….js", …], … }`. The server puts them
 * in that route's HTML as `<link rel="modulepreload">`, so a phone downloads the page beside the
 * entry instead of discovering it after the entry ran. (The styles are one Tailwind file, linked
 * by index.html already.)
 */
export function pagePreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'mayorista:page-preloads',
    apply: 'build',
    // After Vite's own generateBundle: vite:css-post deletes the JavaScript of a CSS-only chunk
    // (staff.css, imported by the panel and the driver's page) and drops it from every `imports`.
    // Read before that, the table named a file the build never wrote, and /admin and /repartidor
    // asked for it on every visit (a 404 and a console error).
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withStaticImports = (start: Rollup.OutputChunk): Set<string> => {
        const files = new Set<string>();
        const queue = [start.fileName];
        for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
          if (files.has(next)) continue;
          files.add(next);
          queue.push(...(byFileName.get(next)?.imports ?? []));
        }
        return files;
      };

      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('La compilación no tiene un punto de entrada.');
      const loadedByEntry = withStaticImports(entry);

      const chunkOf = (modulePath: string, route: string): Rollup.OutputChunk => {
        const moduleId = path.join(root, modulePath);
        const chunk = chunks.find((c) => c.facadeModuleId === moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId));
        if (!chunk) this.error(`${modulePath} (ruta ${route}) no está en ningún fragmento de la compilación.`);
        return chunk;
      };

      const table: Record<string, string[]> = {};
      for (const [route, modulePath] of Object.entries(PAGE_MODULES)) {
        // The page's chunks first, then those of the modules it evaluates right after its first paint.
        const files = new Set(withStaticImports(chunkOf(modulePath, route)));
        for (const early of PAGE_EARLY_MODULES[route as PagePath] ?? []) {
          for (const file of withStaticImports(chunkOf(early, route))) files.add(file);
        }
        // Only files the build writes: a chunk removed from the bundle is never preloaded.
        table[route] = [...files].filter((file) => file in bundle && !loadedByEntry.has(file)).map((file) => base + file);
      }
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
    },
  };
}
