import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPageFor } from './app/page-loaders';
import { getDefaultAuthClient } from './lib/auth';
import { loadCartEngine } from './lib/cart/cart-gate';
import { setOfflineSource } from './lib/offline-source';
import './styles.css';

// Without network the catalogue and the cart answer from the device (decision 043); that code is
// downloaded only when a request fails.
setOfflineSource(() => import('./lib/offline/source'));

// A returning customer's cart code (rules, pricing, IVA) downloads while their stored session is
// checked; visitors and staff never download it (lib/cart/cart-gate.tsx).
if (getDefaultAuthClient().hasStoredSession()) loadCartEngine().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html.');

// The first render is a transition so React renders it in 5 ms slices instead of one long task:
// a phone's main thread stays free for input while the page builds (Lighthouse TBT).
function renderApp() {
  startTransition(() => {
    createRoot(root!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// The opened page first, so the first render shows it rather than a spinner it then replaces (one
// layout less, no shift). Its chunks are already downloading: the server lists them as
// modulepreload links in the HTML. If they are still not in after PAGE_WAIT_MS, the shell and
// its spinner go up meanwhile; a failed load is left to the page's error boundary.
// Not a top-level await: the page's chunk imports this one, and would wait for it forever.
const PAGE_WAIT_MS = 1000;
const pageWait = new Promise<void>((resolve) => setTimeout(resolve, PAGE_WAIT_MS));
void Promise.race([preloadPageFor(window.location.pathname), pageWait])
  .catch(() => undefined)
  .then(renderApp);
