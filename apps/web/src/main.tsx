import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html.');

// The first render is a transition so React renders it in 5 ms slices instead of one long task:
// a phone's main thread stays free for input while the page builds (Lighthouse TBT).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
