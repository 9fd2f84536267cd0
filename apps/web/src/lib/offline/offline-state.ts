import { useSyncExternalStore } from 'react';
import type { QueuedOrder } from './queue-model';

/**
 * What the offline pieces tell the screen (decision 043), one small store read with
 * useSyncExternalStore: whether the browser is online, when the device's prices were last
 * confirmed by the server, whether the device can store anything, and the queued orders.
 */
export interface OfflineState {
  online: boolean;
  /** ISO time the server last confirmed the snapshot (a 200 or a 304), null without one. */
  pricesAt: string | null;
  /** 'unavailable': IndexedDB refused (private mode, quota): offline use is off, online works. */
  storage: 'unknown' | 'ok' | 'unavailable';
  queue: QueuedOrder[];
}

let state: OfflineState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  pricesAt: null,
  storage: 'unknown',
  queue: [],
};
const listeners = new Set<() => void>();

export function setOfflineState(patch: Partial<OfflineState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const getOfflineState = () => state;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(subscribe, getOfflineState, getOfflineState);
}
