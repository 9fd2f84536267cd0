import { useSyncExternalStore } from 'react';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { Payment } from '@mayorista/core/schemas/receivables';
import { apiRequest, isApiError } from '../api-client';
import { idbDelete, idbGet, idbGetAll, idbPut, StorageUnavailableError } from './idb';
import { afterRepFailure, asSending, confirmRepTotal, isSendable, orderDone, paymentDone, repBodyToSend, type RepQueued } from './rep-queue-model';

/**
 * The rep's queue (decision 053): IndexedDB's `rep-queue`, sent under a Web Lock by one tab at a
 * time, the other tabs told on a BroadcastChannel — the customer's queue's machinery (decision
 * 044) for orders AND payments, each to the rep's route for that customer.
 */
const LOCK = 'mayorista-rep-queue';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK);

export interface RepQueueState {
  entries: RepQueued[];
  storage: 'unknown' | 'ok' | 'unavailable';
}

let state: RepQueueState = { entries: [], storage: 'unknown' };
let currentRep: string | null = null;
const listeners = new Set<() => void>();
const set = (next: RepQueueState) => {
  state = next;
  for (const listener of listeners) listener();
};

export function useRepQueue(): RepQueueState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

async function publish(): Promise<void> {
  if (!currentRep) return;
  try {
    const all = await idbGetAll<RepQueued>('rep-queue');
    const mine = all.filter((e) => e.repId === currentRep).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    set({ entries: mine, storage: 'ok' });
  } catch {
    set({ ...state, storage: 'unavailable' });
  }
}

channel?.addEventListener('message', () => void publish());

async function save(entry: RepQueued): Promise<void> {
  await idbPut('rep-queue', entry);
  channel?.postMessage('changed');
  await publish();
}

/** Starts showing this rep's queue. */
export function watchRepQueue(repId: string): void {
  currentRep = repId;
  void publish();
}

/** Keeps an order or a payment to send later; rejects with StorageUnavailableError when the device cannot. */
export async function enqueueRep(entry: RepQueued): Promise<void> {
  currentRep ??= entry.repId;
  await save(entry);
}

export async function discardRep(id: string): Promise<void> {
  await idbDelete('rep-queue', id);
  channel?.postMessage('changed');
  await publish();
}

/** The rep agreed to the server's new total: back to the queue, sent now with the same key. */
export async function confirmRep(id: string): Promise<void> {
  const entry = await idbGet<RepQueued>('rep-queue', id);
  if (!entry || entry.kind !== 'order') return;
  await save(confirmRepTotal(entry));
  await sendRepQueue();
}

function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(LOCK, () => work()).then(() => undefined) : work();
}

let sending: Promise<void> | null = null;

/** Sends every sendable entry of the rep, oldest first; each read again inside the lock (another tab may have sent it). */
export function sendRepQueue(): Promise<void> {
  if (!currentRep || state.storage === 'unavailable') return Promise.resolve();
  const repId = currentRep;
  sending ??= withLock(async () => {
    const all = await idbGetAll<RepQueued>('rep-queue');
    const ids = all
      .filter((e) => e.repId === repId && isSendable(e))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((e) => e.id);
    for (const id of ids) if (await sendOne(id)) break;
  })
    .catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) set({ ...state, storage: 'unavailable' });
    })
    .finally(() => {
      sending = null;
    });
  return sending;
}

const customerPath = (entry: RepQueued) => `/api/rep/customers/${encodeURIComponent(entry.customerId)}/${entry.kind === 'order' ? 'orders' : 'payments'}`;

/** One entry; true when the rest should wait (no network, no session). */
async function sendOne(id: string): Promise<boolean> {
  const entry = await idbGet<RepQueued>('rep-queue', id);
  if (!entry || !isSendable(entry)) return false;
  const sendingEntry = asSending(entry);
  await save(sendingEntry);
  try {
    const answer = await apiRequest<PlaceOrderResult | Payment>(customerPath(entry), { method: 'POST', body: repBodyToSend(sendingEntry) });
    const now = new Date();
    await save(sendingEntry.kind === 'order' ? orderDone(sendingEntry, answer as PlaceOrderResult, now) : paymentDone(sendingEntry, answer as Payment, now));
    return false;
  } catch (error) {
    if (!isApiError(error)) {
      await save({ ...sendingEntry, status: 'pending' });
      return true;
    }
    const outcome = afterRepFailure(sendingEntry, error);
    await save(outcome.entry);
    return outcome.stop;
  }
}
