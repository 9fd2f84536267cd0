import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pagePreloads } from './build/page-preloads';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';
import { codeSplitting } from './build/code-splitting';

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
        // The first page's modules in one file, the catalogue's in three (build/code-splitting.ts).
        codeSplitting: codeSplitting(),
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
