import { useEffect, useState, type ComponentType } from 'react';
import { app } from '@mayorista/core/messages/app';
import { dismissToast, useToasts } from './toast-store';

type ToasterComponent = ComponentType;
let loaded: ToasterComponent | null = null;
let loading: Promise<ToasterComponent> | null = null;

/** The Radix toaster's chunk; a failed download (no network) is forgotten, so the next try fetches again. */
function loadToaster(): Promise<ToasterComponent> {
  loading ??= import('./toaster').then(
    (module) => (loaded = module.Toaster),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Keeps Radix Toast (about 12 kB gzip, and a long task to evaluate on a phone) out of start-up: it
 * loads with the first toast and stays mounted from then on.
 * The store holds each toast while the chunk arrives, so none is lost.
 *
 * Decision 032: the chunk failing to download — the network dropped before the first toast, which
 * is then often "Error de red" — must not take the app down (it used to: a lazy component that
 * throws, with no boundary above it, leaves a blank page). Until the chunk is in, the current toast
 * shows as plain text; the download is tried again when the browser is back online.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ToasterComponent | null>(() => loaded);
  const needed = toasts.length > 0;

  // A toast is waiting: now, and again each time the network comes back.
  useEffect(() => {
    if (Toaster || !needed) return;
    let active = true;
    const attempt = () =>
      void loadToaster().then(
        (component) => {
          if (active) setToaster(() => component);
        },
        () => undefined,
      );
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      active = false;
      window.removeEventListener('online', attempt);
    };
  }, [Toaster, needed]);

  const current = Toaster ? undefined : toasts[0];
  // The plain stand-in closes itself after the toast's time, as Radix's would.
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => dismissToast(current.id), current.duration);
    return () => clearTimeout(timer);
  }, [current]);

  if (Toaster) return <Toaster />;
  if (!current) return null;
  return (
    <div className="toast-place">
      <div
        role={current.variant === 'destructive' ? 'alert' : 'status'}
        className={`rounded-md border p-3 shadow-lg ${current.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'}`}
        data-testid="plain-toast"
      >
        <p className="font-semibold">{current.title}</p>
        {current.description ? <p className="mt-1 text-sm">{current.description}</p> : null}
        <button type="button" className="mt-2 min-h-11 rounded-md px-2 text-sm font-medium underline underline-offset-2" onClick={() => dismissToast(current.id)}>
          {app.closeNotification}
        </button>
      </div>
    </div>
  );
}
