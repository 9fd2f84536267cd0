import { lazy, Suspense } from 'react';
import { useAuth } from '../../../lib/auth';

// The queue's code (IndexedDB, the sender) loads after the rep's screen is painted.
const RepQueuePanel = lazy(() => import('../offline/rep-queue-panel'));

/** The signed-in rep's id (the rep's device keeps its day and queue under it). */
export function useRepId(): string {
  return useAuth().user?.id ?? '';
}

/** "Pendientes de envío" on the rep's screens; nothing while the queue is empty. */
export function RepQueueArea() {
  const repId = useRepId();
  if (!repId) return null;
  return (
    <Suspense fallback={null}>
      <RepQueuePanel repId={repId} />
    </Suspense>
  );
}
