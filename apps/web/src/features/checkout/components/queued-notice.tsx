import { useEffect, useRef } from 'react';
import { offline } from '@mayorista/core/messages/offline';
import { formatMoney } from '@mayorista/core/money';
import { useOfflineState } from '../../../lib/offline/offline-state';
import type { QueuedOrder } from '../../../lib/offline/queue-model';

/** "Realizar pedido" without network: the order is on this device, waiting (decision 044). */
export function QueuedNotice({ entry }: { entry: QueuedOrder }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // Once it went out, the queue's list below says so; discarded, it is gone from the queue. Either
  // way this notice ("se envía solo") would not be true. The entry is in the queue before this
  // shows: queueing it publishes the queue first (lib/offline/queue.ts).
  const current = useOfflineState().queue.find((e) => e.id === entry.id);
  if (!current || (current.status !== 'pending' && current.status !== 'sending')) return null;
  return (
    <section aria-labelledby="queued-notice-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="queued-notice">
      <h2 id="queued-notice-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-950 outline-none">
        {offline.queuedTitle} · {formatMoney(entry.total)}
      </h2>
      <p className="mt-1 text-amber-950">{offline.queuedText}</p>
    </section>
  );
}
