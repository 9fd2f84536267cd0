/**
 * A write-ahead copy of the cart in localStorage while a debounced save is pending. A reload or a
 * closed tab inside the debounce window would otherwise lose the last change (a request started
 * while the page unloads is usually cancelled); the next load sends this copy to the server first.
 */
const keyFor = (userId: string) => `mayorista.cart.pending.${userId}`;

export function readPendingCart(userId: string): Record<string, number> | null {
  try {
    const raw = localStorage.getItem(keyFor(userId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isInteger(entry[1]) && entry[1] >= 1,
    );
    return Object.fromEntries(entries);
  } catch {
    return null;
  }
}

export function writePendingCart(userId: string, cartData: Record<string, number>): void {
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(cartData));
  } catch {
    // Storage full or disabled (private mode): the debounced save still runs.
  }
}

/** Forgets the copy once the server has it, unless a newer change replaced it meanwhile. */
export function clearPendingCart(userId: string, saved: Record<string, number>): void {
  try {
    const key = keyFor(userId);
    if (localStorage.getItem(key) === JSON.stringify(saved)) localStorage.removeItem(key);
  } catch {
    // Nothing to clean up without storage.
  }
}

/**
 * The last cart the server confirmed, kept so the cart opens without signal (decision 043):
 * offline, the cart is the pending copy if there is one, else this (lib/offline/offline-cart.ts).
 */
export const knownCartKey = (userId: string) => `mayorista.cart.known.${userId}`;

export function writeKnownCart(userId: string, cartData: Record<string, number>): void {
  try {
    localStorage.setItem(knownCartKey(userId), JSON.stringify(cartData));
  } catch {
    // No storage: offline the cart opens empty.
  }
}
