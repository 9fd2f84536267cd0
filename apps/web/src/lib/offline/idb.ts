/**
 * The device's store for ordering without signal (decision 043): IndexedDB, two object stores —
 * `snapshots` (one catalogue per signed-in customer, key userId) and `queue` (orders waiting to
 * be sent, key id) — and, for a sales rep's device (decision 053), `rep-day` (their customers, each
 * customer's catalogue and account, key `key`) and `rep-queue` (orders and payments waiting, key id).
 * Version 2 only adds the rep's stores: the customer's queue is kept across the upgrade. Kept out of the first download: only lazily loaded modules import it.
 *
 * Every failure (storage denied in private mode, quota full, IndexedDB missing) rejects with
 * StorageUnavailableError, which the callers turn into "say so, keep working online".
 */
const DB_NAME = 'mayorista-offline';
const DB_VERSION = 2;
export type StoreName = 'snapshots' | 'queue' | 'rep-day' | 'rep-queue';

export class StorageUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('storage_unavailable');
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new StorageUnavailableError());
      return;
    }
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (error) {
      reject(new StorageUnavailableError(error));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('snapshots')) db.createObjectStore('snapshots', { keyPath: 'userId' });
      if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('rep-day')) db.createObjectStore('rep-day', { keyPath: 'key' });
      if (!db.objectStoreNames.contains('rep-queue')) db.createObjectStore('rep-queue', { keyPath: 'id' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab opening a newer version: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(new StorageUnavailableError(request.error));
    request.onblocked = () => reject(new StorageUnavailableError());
  }).catch((error: unknown) => {
    opening = null;
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error);
  });
  return opening;
}

function run<T>(store: StoreName, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        let result: T;
        let tx: IDBTransaction;
        try {
          tx = db.transaction(store, mode);
          const request = work(tx.objectStore(store));
          if (request) request.onsuccess = () => (result = request.result);
        } catch (error) {
          reject(new StorageUnavailableError(error));
          return;
        }
        // Resolved when the transaction commits: a write is on disk, not only requested.
        tx.oncomplete = () => resolve(result);
        tx.onerror = () => reject(new StorageUnavailableError(tx.error));
        tx.onabort = () => reject(new StorageUnavailableError(tx.error));
      }),
  );
}

export const idbGet = <T>(store: StoreName, key: string) => run<T | undefined>(store, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
export const idbGetAll = <T>(store: StoreName) => run<T[]>(store, 'readonly', (s) => s.getAll() as IDBRequest<T[]>);
export const idbPut = <T>(store: StoreName, value: T) => run<IDBValidKey>(store, 'readwrite', (s) => s.put(value));
export const idbDelete = (store: StoreName, key: string) => run<undefined>(store, 'readwrite', (s) => s.delete(key));

/** Asks the browser to keep this site's storage under pressure (best effort; answers whether it will). */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
