import type { CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import type { Product, ProductListResponse } from '@mayorista/core/schemas/product';
import { currentAccessToken, reportReachable } from '../api-client';
import { getDefaultAuthClient } from '../auth';
import { idbDelete, idbGet, idbPut } from './idb';
import { setOfflineState } from './offline-state';
import { searchable, searchSnapshot, snapshotCategories, type OfflineQuery, type SearchableSnapshot } from './snapshot-search';

/**
 * The customer's catalogue kept on the device (decision 043): GET /api/catalog/snapshot, stored in
 * IndexedDB per customer with its ETag, refreshed in the background (a 304 when nothing changed),
 * and searched in memory when the network is not there.
 */
interface StoredSnapshot {
  userId: string;
  etag: string | null;
  /** When the server last confirmed these prices (a 200 or a 304). */
  checkedAt: string;
  data: CatalogueSnapshot;
}

let memory: { userId: string; checkedAt: string; ready: SearchableSnapshot } | null = null;

/** The snapshot of this customer, from memory or the device; rejects when there is none or storage fails. */
export async function loadSnapshot(userId: string): Promise<SearchableSnapshot> {
  if (memory?.userId === userId) return memory.ready;
  const stored = await idbGet<StoredSnapshot>('snapshots', userId);
  if (!stored) throw new Error('no_snapshot');
  memory = { userId, checkedAt: stored.checkedAt, ready: searchable(stored.data) };
  setOfflineState({ pricesAt: stored.checkedAt });
  return memory.ready;
}

/** Asks the server for a newer snapshot; stores it. Quiet on a network failure (offline is the case it exists for). */
export async function refreshSnapshot(userId: string): Promise<void> {
  const stored = await idbGet<StoredSnapshot>('snapshots', userId).catch((error: unknown) => {
    setOfflineState({ storage: 'unavailable' });
    throw error;
  });
  if (stored && !memory) {
    memory = { userId, checkedAt: stored.checkedAt, ready: searchable(stored.data) };
  }
  if (stored) setOfflineState({ pricesAt: stored.checkedAt });
  const token = await currentAccessToken();
  if (!token) return;
  let response: Response;
  try {
    response = await fetch('/api/catalog/snapshot', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...(stored?.etag ? { 'If-None-Match': stored.etag } : {}) },
    });
  } catch {
    reportReachable(false);
    return;
  }
  reportReachable(true);
  const checkedAt = new Date().toISOString();
  if (response.status === 304 && stored) {
    await idbPut('snapshots', { ...stored, checkedAt });
    if (memory?.userId === userId) memory = { ...memory, checkedAt };
    setOfflineState({ pricesAt: checkedAt, storage: 'ok' });
    return;
  }
  if (!response.ok) return;
  const data = (await response.json()) as CatalogueSnapshot;
  const next: StoredSnapshot = { userId, etag: response.headers.get('ETag'), checkedAt, data };
  try {
    await idbPut('snapshots', next);
  } catch (error) {
    setOfflineState({ storage: 'unavailable' });
    throw error;
  }
  memory = { userId, checkedAt, ready: searchable(data) };
  setOfflineState({ pricesAt: checkedAt, storage: 'ok' });
}

/** The signed-in customer, read from the session without waiting (the catalogue's fallback has no React context). */
const signedInUser = () => getDefaultAuthClient().currentSession()?.user.id ?? null;

/** A catalogue page from the device, or null when this device holds no snapshot for the signed-in customer. */
export async function offlineCatalogPage(query: OfflineQuery): Promise<ProductListResponse<Product> | null> {
  const userId = signedInUser();
  if (!userId) return null;
  try {
    return searchSnapshot(await loadSnapshot(userId), query);
  } catch {
    return null;
  }
}

export async function offlineCategories(): Promise<string[] | null> {
  const userId = signedInUser();
  if (!userId) return null;
  try {
    return snapshotCategories(await loadSnapshot(userId));
  } catch {
    return null;
  }
}

/** Products of the snapshot by id (the cart built offline from its saved copy). */
export async function snapshotProducts(userId: string, ids: string[]): Promise<{ products: Product[]; snapshot: CatalogueSnapshot } | null> {
  try {
    const ready = await loadSnapshot(userId);
    const wanted = new Set(ids);
    return { products: ready.products.filter((p) => wanted.has(p.id)), snapshot: ready.snapshot };
  } catch {
    return null;
  }
}

/** Signing out forgets this customer's prices on the device (the queue stays: those orders are theirs to send). */
export async function forgetSnapshot(userId: string): Promise<void> {
  if (memory?.userId === userId) memory = null;
  setOfflineState({ pricesAt: null });
  await idbDelete('snapshots', userId).catch(() => undefined);
}

