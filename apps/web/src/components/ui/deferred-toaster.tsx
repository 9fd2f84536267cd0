import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Keeps Radix Toast (about 12 kB gzip) out of the entry bundle: it loads when the browser is idle
 * after start-up, or at once if a toast is raised before that. The store keeps the toast meanwhile, so none is lost.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);

  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
