import { useEffect, useState } from 'react';
import { offline } from '@mayorista/core/messages/offline';
import { Button } from '../../components/ui/button';

/** How often an open app asks whether a new version was deployed. */
const CHECK_EVERY_MS = 30 * 60_000;

/**
 * The installed app (decision 042): registers the service worker and, when a new version has
 * been downloaded, says "Hay una versión nueva — Actualizar" instead of swapping it silently.
 * Orders waiting in the queue live in IndexedDB and survive the update.
 */
export function AppUpdates() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let registration: ServiceWorkerRegistration | null = null;
    let reloading = false;
    const container = navigator.serviceWorker;
    // Only a worker replacing another one is an update; the first install just starts working.
    const watch = (reg: ServiceWorkerRegistration) => {
      if (reg.waiting && container.controller) setWaiting(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && container.controller) setWaiting(installing);
        });
      });
    };
    const onControllerChange = () => {
      // The person asked for it ("Actualizar"): the page reloads on the new version once.
      if (reloading || !askedToUpdate) return;
      reloading = true;
      window.location.reload();
    };
    container.addEventListener('controllerchange', onControllerChange);
    container
      .register('/sw.js', { scope: '/' })
      .then((reg) => {
        registration = reg;
        watch(reg);
      })
      .catch(() => undefined);
    const check = () => void registration?.update().catch(() => undefined);
    const timer = setInterval(check, CHECK_EVERY_MS);
    window.addEventListener('focus', check);
    return () => {
      container.removeEventListener('controllerchange', onControllerChange);
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, []);

  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-2 top-2 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg border border-brand-700 bg-white p-3 shadow-lg"
      data-testid="app-update"
    >
      <p className="text-sm font-semibold text-slate-900">{offline.updateAvailable}</p>
      <Button
        size="sm"
        onClick={() => {
          askedToUpdate = true;
          waiting.postMessage({ type: 'SKIP_WAITING' });
        }}
      >
        {offline.updateAction}
      </Button>
    </div>
  );
}

let askedToUpdate = false;
