import { network } from '@mayorista/core/messages/network';
import { cn } from '../../lib/cn';
import { useOfflineState } from '../../lib/offline/offline-state';

/**
 * A loading message that screen readers announce (role="status"); the ring is decorative. Without
 * signal a load waits for it (TanStack Query pauses until the browser is back online), so the
 * message says so instead of turning for ever: it loads by itself when the signal returns.
 */
export function Spinner({ label, className }: { label: string; className?: string }) {
  const { online } = useOfflineState();
  return (
    <p role="status" className={cn('flex items-center justify-center gap-3 p-8 text-slate-700', className)}>
      <span aria-hidden="true" className="size-5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700 motion-reduce:animate-none" />
      <span>
        {label}
        {online ? null : <span className="block text-sm text-slate-600">{network.waitingForSignal}</span>}
      </span>
    </p>
  );
}
