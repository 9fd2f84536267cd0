import { network } from '@mayorista/core/messages/network';
import { cn } from '../../lib/cn';

/**
 * A loading message that screen readers announce (role="status"); the ring is decorative.
 * `paused`: the load waits for the signal (a query's `fetchStatus === 'paused'`: TanStack Query
 * holds it until the browser is back online), so the message says so instead of turning for ever;
 * it loads by itself when the signal returns. Loads that finish without signal (the saved
 * catalogue, the rep's day, the app's own files) do not pass it.
 */
export function Spinner({ label, className, paused = false }: { label: string; className?: string; paused?: boolean }) {
  return (
    <p role="status" className={cn('flex items-center justify-center gap-3 p-8 text-slate-700', className)}>
      <span aria-hidden="true" className="size-5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700 motion-reduce:animate-none" />
      <span>
        {label}
        {paused ? <span className="block text-sm text-slate-600">{network.waitingForSignal}</span> : null}
      </span>
    </p>
  );
}
