import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pagePreloads } from './build/page-preloads';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

// Modules the first page loads go into one file instead of a dozen small shared chunks (each one
// a request and a gzip restart). A module belongs there when a chain of static imports leads to it
// from the entry. Barrels (index.ts, the messages namespace) re-export more than their importers
// use, so the walk does not pass through them: what it cannot prove stays where Vite puts it.
type ModuleInfoLookup = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;
const BARREL = /[\\/](index\.ts|sections\.ts)$/;

function loadedByFirstPage(id: string, getModuleInfo: ModuleInfoLookup): boolean {
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = getModuleInfo(next);
    if (!info) continue;
    if (info.isEntry) return true;
    if (next !== id && BARREL.test(next)) continue;
    queue.push(...info.importers);
  }
  return false;
}

// react-router's package exports point every bundler at its development build, whose dev-only
// warnings run on every render (remix-run/react-router#14102, still open). Builds take the
// production build published next to it; the two differ only in ENABLE_DEV_WARNINGS.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), pagePreloads(), precompress(), serviceWorker()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    target: 'es2022',
    // No inline module-preload polyfill script: the CSP forbids inline scripts.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rollupOptions: {
      output: {
        manualChunks(id, { getModuleInfo }) {
          return loadedByFirstPage(id, getModuleInfo) ? 'shell' : undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
      '/realtime': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
}));
