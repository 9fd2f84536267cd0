import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    // No inline module-preload polyfill script: the CSP forbids inline scripts.
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
      '/realtime': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
