import type { Session } from '@mayorista/core/schemas/auth';

/** Where the session survives a page load (the states and transitions: sessions are recovered on page load). */
export const SESSION_STORAGE_KEY = 'mayorista.auth.session';

/** A minimal storage surface, so tests and private-mode browsers (no localStorage) both work. */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A parsed value is trusted only if it has every field the client relies on. */
export function parseStoredSession(raw: string | null): Session | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return isSession(value) ? value : null;
}

export function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const user = v.user as Record<string, unknown> | undefined;
  return (
    typeof v.access_token === 'string' &&
    v.access_token !== '' &&
    typeof v.refresh_token === 'string' &&
    v.refresh_token !== '' &&
    typeof v.expires_at === 'number' &&
    Number.isFinite(v.expires_at) &&
    typeof v.expires_in === 'number' &&
    v.token_type === 'bearer' &&
    !!user &&
    typeof user === 'object' &&
    typeof user.id === 'string' &&
    typeof user.email === 'string'
  );
}

/** localStorage when the browser allows it; an in-memory store otherwise (Safari private mode, tests). */
export function defaultSessionStore(): SessionStore {
  try {
    const probe = '__mayorista_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStore();
  }
}

export function memoryStore(): SessionStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
