import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatShortDateTime } from '@mayorista/core/date-time';
import { orderNumber } from '@mayorista/core/constants';
import { offline } from '@mayorista/core/messages/offline';
import { toast } from '../../components/ui/toast-store';
import { askPersistentStorage } from '../../lib/offline/idb';
import { queryClient } from '../../lib/query-client';
import { lastReachability, onReachabilityChange } from '../../lib/api-client';
import { getOfflineState, setOfflineState, useOfflineState } from '../../lib/offline/offline-state';
import { sendQueue, watchQueue } from '../../lib/offline/queue';
import type { QueuedOrder } from '../../lib/offline/queue-model';
import { refreshSnapshot } from '../../lib/offline/snapshot';
import { STALE_SNAPSHOT_DAYS } from '../../lib/offline/checkout-queue';
import { openWhatsapp } from './whatsapp';

/** While the server is out of reach or an order waits, this often: a cheap look (the snapshot's 304), then the queue. */
const PROBE_EVERY_MS = 5_000;
/** The snapshot is asked for again this often while the app is open (a 304 when nothing changed). */
const REFRESH_EVERY_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

function onPlaced(entry: QueuedOrder): void {
  if (!entry.placed) return;
  const number = orderNumber(entry.placed.orderId);
  toast({ title: offline.placedTitle, description: offline.placedText(number) });
  // Mis Pedidos, the points balance and the catalogue's stock are not what they were.
  void queryClient.invalidateQueries();
  // The message opens when the order is really placed; a browser that blocks a window opened
  // without a tap gets the link in the queue instead.
  openWhatsapp(entry.placed.whatsappUrl);
}

// An order waiting for a new sign-in is tried again when the customer signs in (the shell mounts again), not by the probe.
const waitingToSend = () => getOfflineState().queue.some((e) => e.status === 'pending' || e.status === 'sending');

/**
 * Ordering without signal for a signed-in customer (decisions 043, 044), loaded after the first screen:
 * keeps the catalogue snapshot fresh, sends the queue when the network returns (the browser's
 * online event, focus, a timer, Background Sync through the worker, or any request of ours that
 * reaches the server again), and shows the offline banner.
 */
export function OfflineShell({ userId }: { userId: string }) {
  useEffect(() => {
    watchQueue(userId, onPlaced);
    // A request made before this code loaded (the catalogue's, the cart's) may already know.
    setOfflineState({ online: navigator.onLine !== false && lastReachability() !== false });
    const refresh = () => refreshSnapshot(userId).catch(() => undefined);
    const send = () => {
      if (getOfflineState().online) void sendQueue();
    };
    void askPersistentStorage();
    void refresh().then(send);
    const stopReachability = onReachabilityChange((reachable) => {
      const was = getOfflineState().online;
      if (was === reachable) return;
      setOfflineState({ online: reachable });
      // Back: the queue goes out at once.
      if (reachable) send();
    });
    const onOnline = () => void refresh().then(send);
    const onOffline = () => setOfflineState({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') send();
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'SEND_QUEUE') send();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('focus', send);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    const probe = setInterval(() => {
      // The browser knows it has no link at all (its offline event may have come and gone unseen).
      if (navigator.onLine === false && getOfflineState().online) setOfflineState({ online: false });
      if (!getOfflineState().online || waitingToSend()) void refresh().then(send);
    }, PROBE_EVERY_MS);
    const refreshTimer = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    return () => {
      stopReachability();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('focus', send);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      clearInterval(probe);
      clearInterval(refreshTimer);
    };
  }, [userId]);

  return <OfflineBanner />;
}

function OfflineBanner() {
  const { online, pricesAt, storage, queue } = useOfflineState();
  const waiting = queue.filter((e) => e.status !== 'placed').length;
  const stale = pricesAt !== null && Date.now() - Date.parse(pricesAt) > STALE_SNAPSHOT_DAYS * DAY_MS;
  if (online && storage !== 'unavailable' && waiting === 0) return null;
  return (
    <div
      role="status"
      className={online ? 'border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950' : 'border-b border-slate-700 bg-slate-800 px-4 py-2 text-sm text-white'}
      data-testid="offline-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        {!online ? (
          <p className="font-semibold">{pricesAt ? offline.offlineBanner(formatShortDateTime(pricesAt)) : offline.offlineNoSnapshot}</p>
        ) : null}
        {!online && stale ? <p>{offline.staleSnapshot(STALE_SNAPSHOT_DAYS)}</p> : null}
        {storage === 'unavailable' ? <p>{offline.storageUnavailable}</p> : null}
        {waiting > 0 ? (
          <Link to="/cart" className="font-semibold underline underline-offset-2">
            {offline.queueCount(waiting)}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
