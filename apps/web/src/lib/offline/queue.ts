import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import { apiRequest, isApiError } from '../api-client';
import { fetchCartProducts } from '../cart/cart-api';
// Heard by the cart: the order emptied the saved cart, so the lines on screen are saved again.
import { QUEUED_ORDER_PLACED as QUEUED_ORDER_PLACED_EVENT } from '../cart/offline-events';
import { idbDelete, idbGetAll, idbGet, idbPut, StorageUnavailableError } from './idb';
import { getOfflineState, setOfflineState } from './offline-state';
import { afterFailure, bodyToSend, confirmChanges, diffLines, withPlaced, withReview, type QueuedOrder } from './queue-model';
import { loadSnapshot } from './snapshot';

/**
 * The queue's storage and its sender (decision 044). The queue lives in IndexedDB, so it survives
 * a closed tab, a reload and a new version of the app. One tab sends at a time (a Web Lock); the
 * others hear about every change on a BroadcastChannel. Without Web Locks two tabs may send the
 * same entry at once — with the same key and body, so the server still places it once.
 */
const LOCK = 'mayorista-order-queue';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('mayorista-order-queue');

let currentUser: string | null = null;
let placedListener: ((entry: QueuedOrder) => void) | null = null;

async function publish(): Promise<void> {
  if (!currentUser) return;
  try {
    const all = await idbGetAll<QueuedOrder>('queue');
    const mine = all.filter((e) => e.userId === currentUser).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    setOfflineState({ queue: mine, storage: 'ok' });
  } catch {
    setOfflineState({ storage: 'unavailable' });
  }
}

channel?.addEventListener('message', () => void publish());

async function save(entry: QueuedOrder): Promise<void> {
  await idbPut('queue', entry);
  channel?.postMessage('changed');
  await publish();
}

/** Starts showing this customer's queue; `onPlaced` hears each order this tab placed. */
export function watchQueue(userId: string, onPlaced: (entry: QueuedOrder) => void): void {
  currentUser = userId;
  placedListener = onPlaced;
  void publish();
}

/** Keeps an order to send later. Rejects with StorageUnavailableError when the device cannot store it. */
export async function enqueueOrder(entry: QueuedOrder): Promise<void> {
  currentUser ??= entry.userId;
  await save(entry);
  // Background Sync where the browser has it: the worker wakes the open pages to send.
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(LOCK);
  } catch {
    // No Background Sync: the online event, focus and the timer send it.
  }
}

export async function discardQueued(id: string): Promise<void> {
  await idbDelete('queue', id);
  channel?.postMessage('changed');
  await publish();
}

/** The person agreed to the differences: the entry goes back to the queue and is sent now. */
export async function confirmQueued(id: string): Promise<void> {
  const entry = await idbGet<QueuedOrder>('queue', id);
  if (!entry || entry.status !== 'changed') return;
  await save(confirmChanges(entry));
  await sendQueue();
}

function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(LOCK, () => work()).then(() => undefined) : work();
}

let sending: Promise<void> | null = null;

/**
 * Sends every sendable entry of the current customer, one after another, under the lock. Each
 * entry is read again inside the lock: another tab may have placed it meanwhile.
 */
export function sendQueue(): Promise<void> {
  if (!currentUser || getOfflineState().storage === 'unavailable') return Promise.resolve();
  sending ??= withLock(async () => {
    const all = await idbGetAll<QueuedOrder>('queue');
    const ids = all
      .filter((e) => e.userId === currentUser && (e.status === 'pending' || e.status === 'sending' || e.status === 'needs_sign_in'))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((e) => e.id);
    for (const id of ids) {
      const stop = await sendOne(id);
      if (stop) break;
    }
  })
    .catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) setOfflineState({ storage: 'unavailable' });
    })
    .finally(() => {
      sending = null;
    });
  return sending;
}

/** One entry; answers true when the rest should wait (no network, no session). */
async function sendOne(id: string): Promise<boolean> {
  const entry = await idbGet<QueuedOrder>('queue', id);
  if (!entry || entry.status === 'placed' || entry.status === 'changed' || entry.status === 'refused') return false;
  const body = bodyToSend(entry);
  // Written before the request leaves: if the tab dies with the request in flight, the next
  // attempt sends this same body with the same key, and the server answers the same order.
  await save({ ...entry, status: 'sending', sentBody: body });
  try {
    const result = await apiRequest<PlaceOrderResult>('/api/orders', { method: 'POST', body });
    const placed = withPlaced({ ...entry, sentBody: body }, result, new Date());
    await save(placed);
    window.dispatchEvent(new CustomEvent(QUEUED_ORDER_PLACED_EVENT, { detail: placed }));
    placedListener?.(placed);
    return false;
  } catch (error) {
    if (!isApiError(error)) {
      await save({ ...entry, status: 'pending', sentBody: body });
      return true;
    }
    const outcome = afterFailure({ ...entry, sentBody: body }, error);
    if (outcome.kind === 'review') {
      await save(await review(outcome.entry, error.code));
      return false;
    }
    await save(outcome.entry);
    return outcome.kind === 'retry' || outcome.kind === 'sign_in';
  }
}

/** The differences, from today's products at the customer's prices (the snapshot says whether prices include IVA). */
async function review(entry: QueuedOrder, code: string): Promise<QueuedOrder> {
  try {
    const today = await fetchCartProducts(entry.items.map((l) => l.product_id));
    const snapshot = await loadSnapshot(entry.userId).catch(() => null);
    const pricesIncludeIva = snapshot?.snapshot.prices_include_iva ?? true;
    return withReview(entry, diffLines(entry.items, today, pricesIncludeIva), code);
  } catch {
    // Without today's data the server's message is still shown; confirming needs the details.
    return { ...entry, status: 'changed', changes: [], confirmable: false };
  }
}

/** Placed entries stay listed (with their WhatsApp link) until the person closes them. */
export const dismissPlaced = discardQueued;
