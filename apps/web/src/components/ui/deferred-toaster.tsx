import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Keeps Radix Toast (about 12 kB gzip, and a long task to evaluate on a phone) out of start-up:
 * it loads with the first toast and stays mounted from then on. The store holds that toast while
 * the chunk arrives, so none is lost.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
