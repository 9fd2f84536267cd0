import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, jsonResponse, makeSession } from '../../../test/auth-fixtures';
import { AuthClient, type AuthChangeEvent } from './auth-client';
import { AuthInvalidCredentialsError, AuthRetryableFetchError, isSessionGoneError } from './auth-errors';
import { memoryStore, SESSION_STORAGE_KEY } from './session-storage';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const REFRESH = 'POST /api/auth/token?grant_type=refresh_token';

function setup(stored: ReturnType<typeof makeSession> | null, routes: Parameters<typeof fakeServer>[0]) {
  const store = memoryStore();
  if (stored) store.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  const client = new AuthClient({ store });
  const events: { event: AuthChangeEvent; token: string | null }[] = [];
  client.onAuthStateChange((event, session) => events.push({ event, token: session?.access_token ?? null }));
  const refreshCalls = () => server.calls.filter((c) => c.url === '/api/auth/token?grant_type=refresh_token');
  return { client, store, server, events, refreshCalls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AuthClient start-up', () => {
  it('recovers the stored session and announces it as INITIAL_SESSION', async () => {
    const stored = makeSession({ nowMs: T0 });
    const { events, refreshCalls } = setup(stored, {});
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual([{ event: 'INITIAL_SESSION', token: stored.access_token }]);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('announces no session when nothing (or garbage) is stored', async () => {
    const store = memoryStore();
    store.setItem(SESSION_STORAGE_KEY, '{"access_token":42}');
    vi.stubGlobal('fetch', vi.fn());
    const client = new AuthClient({ store });
    const seen: (string | null)[] = [];
    client.onAuthStateChange((event, session) => seen.push(`${event}:${session?.access_token ?? 'none'}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['INITIAL_SESSION:none']);
  });

  it('tells at once whether a session is stored: none, garbage, or a real one', () => {
    const store = memoryStore();
    expect(new AuthClient({ store }).hasStoredSession()).toBe(false);
    store.setItem(SESSION_STORAGE_KEY, '{"access_token":42}');
    expect(new AuthClient({ store }).hasStoredSession()).toBe(false);
    store.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession({ nowMs: T0 })));
    expect(new AuthClient({ store }).hasStoredSession()).toBe(true);
  });

  it('refreshes a stored session that is inside the 10 s expiry margin before announcing it', async () => {
    const stored = makeSession({ nowMs: T0, expiresInMs: 9_000 });
    const fresh = makeSession({ nowMs: T0 });
    const { events, store, refreshCalls } = setup(stored, { [REFRESH]: () => jsonResponse(200, fresh) });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()[0]?.body).toEqual({ refresh_token: stored.refresh_token });
    expect(events).toEqual([{ event: 'INITIAL_SESSION', token: fresh.access_token }]);
    expect(JSON.parse(store.getItem(SESSION_STORAGE_KEY) ?? '{}').access_token).toBe(fresh.access_token);
  });
});

describe('auto refresh on the 30 s tick', () => {
  it('waits until the token is within 3 ticks of expiry, then refreshes once', async () => {
    const stored = makeSession({ nowMs: T0, expiresInMs: 150_000 });
    const fresh = makeSession({ nowMs: T0 + 60_000 });
    const { client, events, refreshCalls } = setup(stored, { [REFRESH]: () => jsonResponse(200, fresh) });
    client.startAutoRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toHaveLength(0); // 150 s left = 5 ticks
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(0); // 120 s left = 4 ticks
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(1); // 90 s left = 3 ticks
    expect(events.at(-1)).toEqual({ event: 'TOKEN_REFRESHED', token: fresh.access_token });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(1); // the fresh token has an hour left
    client.stopAutoRefresh();
  });

  it('stops ticking when asked', async () => {
    const stored = makeSession({ nowMs: T0, expiresInMs: 200_000 });
    const { client, refreshCalls } = setup(stored, { [REFRESH]: () => jsonResponse(200, makeSession()) });
    client.startAutoRefresh();
    client.stopAutoRefresh();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(refreshCalls()).toHaveLength(0);
  });
});

describe('refresh', () => {
  it('shares one request between concurrent callers', async () => {
    const stored = makeSession({ nowMs: T0 });
    let release: (r: Response) => void = () => {};
    const fresh = makeSession({ nowMs: T0 });
    const { client, refreshCalls } = setup(stored, { [REFRESH]: () => new Promise<Response>((resolve) => (release = resolve)) });
    await client.initialize();
    const first = client.refreshSession();
    const second = client.refreshSession();
    const third = client.getAccessToken(); // not expired: no refresh needed
    await vi.advanceTimersByTimeAsync(0);
    release(jsonResponse(200, fresh));
    await expect(first).resolves.toEqual(fresh);
    await expect(second).resolves.toEqual(fresh);
    await expect(third).resolves.toBe(stored.access_token);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('gives callers of an expired session the refreshed token', async () => {
    const stored = makeSession({ nowMs: T0, expiresInMs: 60_000 });
    const fresh = makeSession({ nowMs: T0 });
    const { client, refreshCalls } = setup(stored, { [REFRESH]: () => jsonResponse(200, fresh) });
    await client.initialize();
    vi.setSystemTime(T0 + 51_000); // 9 s left: inside the margin
    const tokens = await Promise.all([client.getAccessToken(), client.getAccessToken()]);
    expect(tokens).toEqual([fresh.access_token, fresh.access_token]);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('retries network failures and 502/503/504 with a back-off from 200 ms, then succeeds', async () => {
    const stored = makeSession({ nowMs: T0 });
    const fresh = makeSession({ nowMs: T0 });
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => jsonResponse(503, { code: 'unavailable', message: 'No disponible.' }),
      () => jsonResponse(504, {}),
      () => jsonResponse(200, fresh),
    ];
    const { client, events, refreshCalls } = setup(stored, { [REFRESH]: () => answers.shift()!() });
    await client.initialize();
    const refreshed = client.refreshSession();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(refreshed).resolves.toEqual(fresh);
    const times = refreshCalls().map((c) => c.at - T0);
    expect(times).toEqual([0, 200, 600, 1400]);
    expect(events.map((e) => e.event)).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });

  it('gives up retrying after 30 s and keeps the session for the next tick', async () => {
    const stored = makeSession({ nowMs: T0 });
    const { client, events, refreshCalls, store } = setup(stored, { [REFRESH]: () => jsonResponse(502, {}) });
    await client.initialize();
    const refreshed = client.refreshSession().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await refreshed).toBeInstanceOf(AuthRetryableFetchError);
    const times = refreshCalls().map((c) => c.at - T0);
    expect(times).toEqual([0, 200, 600, 1400, 3000, 6200, 12600, 25400]);
    expect(events.map((e) => e.event)).not.toContain('SIGNED_OUT');
    expect(store.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('signs out at once on any other refresh error (no retry)', async () => {
    const stored = makeSession({ nowMs: T0 });
    const { client, events, refreshCalls, store } = setup(stored, {
      [REFRESH]: () => jsonResponse(400, { code: 'invalid_refresh_token', message: 'Tu sesión ya no es válida.' }),
    });
    await client.initialize();
    await expect(client.refreshSession()).rejects.toMatchObject({ status: 400, code: 'invalid_refresh_token' });
    expect(refreshCalls()).toHaveLength(1);
    expect(events.at(-1)).toEqual({ event: 'SIGNED_OUT', token: null });
    expect(store.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(client.currentSession()).toBeNull();
  });

  it('treats a malformed token answer as an invalid token response (500) and signs out', async () => {
    const stored = makeSession({ nowMs: T0 });
    const { client } = setup(stored, { [REFRESH]: () => jsonResponse(200, { access_token: 'x' }) });
    await client.initialize();
    await expect(client.refreshSession()).rejects.toMatchObject({ name: 'AuthInvalidTokenResponseError', status: 500 });
    expect(client.currentSession()).toBeNull();
  });
});

describe('sign-in and sign-out', () => {
  it('stores the session and emits SIGNED_IN', async () => {
    const session = makeSession({ nowMs: T0 });
    const { client, events, store, server } = setup(null, { 'POST /api/auth/token?grant_type=password': () => jsonResponse(200, session) });
    const result = await client.signInWithPassword('cliente@example.com', 'clave-segura-123');
    expect(result.error).toBeNull();
    expect(server.calls[0]?.authorization).toBeNull();
    expect(events.at(-1)).toEqual({ event: 'SIGNED_IN', token: session.access_token });
    expect(JSON.parse(store.getItem(SESSION_STORAGE_KEY) ?? '{}').refresh_token).toBe(session.refresh_token);
  });

  it('returns invalid credentials as a typed error', async () => {
    const { client, events } = setup(null, {
      'POST /api/auth/token?grant_type=password': () => jsonResponse(400, { code: 'invalid_credentials', message: 'Correo o contraseña incorrectos.' }),
    });
    const result = await client.signInWithPassword('a@b.com', 'x');
    expect(result.error).toBeInstanceOf(AuthInvalidCredentialsError);
    expect(result.error?.status).toBe(400);
    expect(events.map((e) => e.event)).toEqual(['INITIAL_SESSION']);
  });

  it('clears the local session even when the server fails to sign out', async () => {
    const stored = makeSession({ nowMs: T0 });
    const { client, events, store, server } = setup(stored, { 'POST /api/auth/logout': () => jsonResponse(500, { code: 'internal', message: 'Error.' }) });
    const { error } = await client.signOut();
    expect(server.calls.find((c) => c.url.startsWith('/api/auth/logout'))).toMatchObject({ url: '/api/auth/logout?scope=local', authorization: `Bearer ${stored.access_token}` });
    expect(error?.status).toBe(500);
    expect(isSessionGoneError(error)).toBe(false);
    expect(store.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(events.at(-1)).toEqual({ event: 'SIGNED_OUT', token: null });
  });

  it('reports session-not-found and session-missing as "already gone"', async () => {
    const stored = makeSession({ nowMs: T0 });
    const { client } = setup(stored, { 'POST /api/auth/logout': () => jsonResponse(404, { code: 'session_not_found', message: 'La sesión ya no existe.' }) });
    const first = await client.signOut('global');
    expect(isSessionGoneError(first.error)).toBe(true);
    const second = await client.signOut();
    expect(second.error).toMatchObject({ name: 'AuthSessionMissingError', status: 400 });
    expect(isSessionGoneError(second.error)).toBe(true);
  });

  it('keeps this device signed in for scope "others"', async () => {
    const stored = makeSession({ nowMs: T0 });
    const { client, server } = setup(stored, { 'POST /api/auth/logout': () => jsonResponse(204) });
    const { error } = await client.signOut('others');
    expect(error).toBeNull();
    expect(server.calls.at(-1)?.url).toBe('/api/auth/logout?scope=others');
    expect(client.currentSession()?.access_token).toBe(stored.access_token);
  });
});

describe('several tabs', () => {
  function storageEvent(newValue: string | null) {
    return new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue });
  }

  it('adopts the session another tab refreshed, and follows its sign-out', async () => {
    const stored = makeSession({ nowMs: T0 });
    const store = memoryStore();
    store.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    vi.stubGlobal('fetch', vi.fn());
    const client = new AuthClient({ store, syncAcrossTabs: true });
    const events: string[] = [];
    client.onAuthStateChange((event, session) => events.push(`${event}:${session?.access_token ?? 'none'}`));
    await vi.advanceTimersByTimeAsync(0);

    const rotated = { ...makeSession({ nowMs: T0 }), user: stored.user };
    window.dispatchEvent(storageEvent(JSON.stringify(rotated)));
    expect(client.currentSession()?.refresh_token).toBe(rotated.refresh_token);
    window.dispatchEvent(storageEvent(null));
    expect(client.currentSession()).toBeNull();
    expect(events).toEqual([`INITIAL_SESSION:${stored.access_token}`, `TOKEN_REFRESHED:${rotated.access_token}`, 'SIGNED_OUT:none']);
    client.dispose();
  });
});
