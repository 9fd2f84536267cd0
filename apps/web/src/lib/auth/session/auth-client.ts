import { AUTH_REFRESH_TICK_MS } from '@mayorista/core/constants';
import type { Session, SessionUser, SignOutScope, SignUpMetadataBody } from '@mayorista/core/schemas/auth';
import { apiRequest } from '../../api-client';
import {
  AuthInvalidTokenResponseError,
  AuthSessionMissingError,
  isAuthRetryableFetchError,
  toAuthError,
  type AuthError,
} from './auth-errors';
import { retryDelayMs, isSessionExpired, shouldRefreshOnTick, shouldRetryRefresh } from './session-timing';
import { defaultSessionStore, isSession, parseStoredSession, SESSION_STORAGE_KEY, type SessionStore } from './session-storage';
import { toEmailBody, toSignInBody } from './auth-bodies';

/** The auth events of the states and transitions, named as GoTrue names them. */
export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export type AuthChangeListener = (event: AuthChangeEvent, session: Session | null) => void;

/**
 * The sign-up metadata as the form typed it: the seed's fields and (the business-identity work, decisions 017–019) the business
 * profile; the server normalises them (decision 028: a client sends input, never a schema's
 * output). A type-only import: lib/auth stays free of zod at run time.
 */
export type SignUpMetadataInput = SignUpMetadataBody;

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

export interface AuthClientOptions {
  store?: SessionStore;
  now?: () => number;
  /** Follow changes other tabs make to the stored session (default: when the store is localStorage). */
  syncAcrossTabs?: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The browser's session keeper (no React here): reads the stored session once, persists every
 * change, refreshes on a 30 s tick, shares one refresh between concurrent callers, and tells
 * listeners about every change with a the states and transitions event.
 */
export class AuthClient {
  private session: Session | null = null;
  private readonly store: SessionStore;
  private readonly now: () => number;
  private readonly listeners = new Set<AuthChangeListener>();
  private initialization: Promise<void> | null = null;
  private refreshInFlight: Promise<Session> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;

  constructor(options: AuthClientOptions = {}) {
    this.store = options.store ?? defaultSessionStore();
    this.now = options.now ?? Date.now;
    const sync = options.syncAcrossTabs ?? (typeof window !== 'undefined' && this.store === window.localStorage);
    if (sync) window.addEventListener('storage', this.onStorage);
  }

  /**
   * Another tab signed in, out, or rotated the refresh token. Adopting its session matters: this
   * tab's old refresh token, reused after the server's grace window, would revoke the session.
   */
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const next = parseStoredSession(event.newValue);
    const previous = this.session;
    if (!next) {
      if (!previous) return;
      this.session = null;
      this.emit('SIGNED_OUT', null);
      return;
    }
    if (previous?.access_token === next.access_token) return;
    this.session = next;
    this.emit(previous?.user.id === next.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN', next);
  };

  /** Stops the tick and the cross-tab listener (tests, hot reload). */
  dispose(): void {
    this.stopAutoRefresh();
    if (typeof window !== 'undefined') window.removeEventListener('storage', this.onStorage);
  }

  /**
   * Subscribes to changes. Like GoTrue, a new listener first hears INITIAL_SESSION with the
   * recovered session once the stored session has been read.
   */
  onAuthStateChange(listener: AuthChangeListener): () => void {
    this.listeners.add(listener);
    void this.initialize().then(() => {
      if (this.listeners.has(listener)) listener('INITIAL_SESSION', this.session);
    });
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Reads the stored session once; an expired one is refreshed before anyone sees it. */
  initialize(): Promise<void> {
    this.initialization ??= this.recoverStoredSession();
    return this.initialization;
  }

  private async recoverStoredSession(): Promise<void> {
    const stored = this.readStore();
    if (!stored) return;
    if (!isSessionExpired(stored, this.now())) {
      this.session = stored;
      return;
    }
    try {
      this.session = await this.refreshWithRetries(stored.refresh_token);
      this.writeStore(this.session);
    } catch (error) {
      // A retryable failure keeps the stored session so the next tick can try again; anything
      // else means the refresh token is dead.
      if (isAuthRetryableFetchError(error)) this.session = stored;
      else this.removeStore();
    }
  }

  /**
   * Whether a session is stored, known at once: without one there is nothing to recover, so the
   * app can render signed out on its first pass instead of a loading state.
   */
  hasStoredSession(): boolean {
    return this.session !== null || this.readStore() !== null;
  }

  /** The current session, refreshed first when it counts as expired. */
  async getSession(): Promise<Session | null> {
    await this.initialize();
    const current = this.session;
    if (!current) return null;
    if (!isSessionExpired(current, this.now())) return current;
    try {
      return await this.refreshSession();
    } catch {
      return null;
    }
  }

  async getAccessToken(): Promise<string | null> {
    return (await this.getSession())?.access_token ?? null;
  }

  /** The last known session without waiting (may be expired). */
  currentSession(): Session | null {
    return this.session;
  }

  async signInWithPassword(email: string, password: string): Promise<AuthResult<Session>> {
    await this.initialize();
    return this.acceptSession('SIGNED_IN', () =>
      apiRequest<unknown>('/api/auth/token', { method: 'POST', query: { grant_type: 'password' }, body: toSignInBody({ email, password }), anonymous: true }),
    );
  }

  async signUp(email: string, password: string, data: SignUpMetadataInput): Promise<AuthResult<{ user: SessionUser }>> {
    try {
      const answer = await apiRequest<{ user: SessionUser }>('/api/auth/signup', { method: 'POST', body: { email, password, data }, anonymous: true });
      return { data: answer, error: null };
    } catch (error) {
      return { data: null, error: toAuthError(error) };
    }
  }

  /** Confirms the e-mail with the link's token and signs in with the session it answers. */
  async verifyEmail(token: string): Promise<AuthResult<Session>> {
    await this.initialize();
    return this.acceptSession('SIGNED_IN', () => apiRequest<unknown>('/api/auth/verify', { method: 'POST', body: { token }, anonymous: true }));
  }

  /** Sets the new password from a recovery link; the server answers a fresh session. */
  async resetPassword(token: string, password: string): Promise<AuthResult<Session>> {
    await this.initialize();
    return this.acceptSession('PASSWORD_RECOVERY', () =>
      apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body: { token, password }, anonymous: true }),
    );
  }

  async resendVerification(email: string): Promise<AuthResult<true>> {
    return this.simplePost('/api/auth/resend', toEmailBody(email));
  }

  async requestPasswordRecovery(email: string): Promise<AuthResult<true>> {
    return this.simplePost('/api/auth/recover', toEmailBody(email));
  }

  /**
   * Signs out on the server with a scope. Locally the session is always cleared (except for
   * scope "others", which keeps this device signed in), even when the server call fails.
   */
  async signOut(scope: SignOutScope = 'local'): Promise<{ error: AuthError | null }> {
    const session = await this.getSession();
    let error: AuthError | null = null;
    if (!session) {
      error = new AuthSessionMissingError();
    } else {
      try {
        await apiRequest<void>('/api/auth/logout', { method: 'POST', query: { scope }, token: session.access_token });
      } catch (cause) {
        error = toAuthError(cause);
      }
    }
    if (scope !== 'others') this.clearLocalSession();
    return { error };
  }

  /** Forgets the session on this device only (e.g. the server says it no longer exists). */
  clearLocalSession(): void {
    this.session = null;
    this.removeStore();
    this.emit('SIGNED_OUT', null);
  }

  /**
   * Refreshes now. Concurrent callers share the one request in flight, because the server
   * rotates refresh tokens: a second request with the same token would look like reuse.
   */
  refreshSession(): Promise<Session> {
    if (this.refreshInFlight) return this.refreshInFlight;
    const current = this.session;
    if (!current) return Promise.reject(new AuthSessionMissingError());
    const refresh = (async () => {
      try {
        const next = await this.refreshWithRetries(current.refresh_token);
        this.session = next;
        this.writeStore(next);
        this.emit('TOKEN_REFRESHED', next);
        return next;
      } catch (error) {
        // the states and transitions: any refresh error other than a retryable one signs out.
        if (!isAuthRetryableFetchError(error)) this.clearLocalSession();
        throw error;
      } finally {
        this.refreshInFlight = null;
      }
    })();
    this.refreshInFlight = refresh;
    return refresh;
  }

  /** Starts the 30 s tick (and ticks once right away, as GoTrue does). */
  startAutoRefresh(): void {
    this.stopAutoRefresh();
    this.tickTimer = setInterval(() => void this.autoRefreshTick(), AUTH_REFRESH_TICK_MS);
    void this.autoRefreshTick();
  }

  stopAutoRefresh(): void {
    if (this.tickTimer !== null) clearInterval(this.tickTimer);
    this.tickTimer = null;
  }

  /** One tick: refresh when the token is within the threshold. Failures are left to the next tick. */
  async autoRefreshTick(): Promise<void> {
    await this.initialize();
    if (this.refreshInFlight || !shouldRefreshOnTick(this.session, this.now())) return;
    try {
      await this.refreshSession();
    } catch {
      // Already handled in refreshSession (signed out, or kept for the next tick).
    }
  }

  private async refreshWithRetries(refreshToken: string): Promise<Session> {
    const startedAtMs = this.now();
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs(attempt));
      try {
        const answer = await apiRequest<unknown>('/api/auth/token', {
          method: 'POST',
          query: { grant_type: 'refresh_token' },
          body: { refresh_token: refreshToken },
          anonymous: true,
        });
        return this.validSession(answer);
      } catch (cause) {
        const error = toAuthError(cause);
        if (!shouldRetryRefresh({ retryable: isAuthRetryableFetchError(error), attempt, startedAtMs, nowMs: this.now() })) throw error;
      }
    }
  }

  private async acceptSession(event: AuthChangeEvent, request: () => Promise<unknown>): Promise<AuthResult<Session>> {
    try {
      const session = this.validSession(await request());
      this.session = session;
      this.writeStore(session);
      this.emit(event, session);
      return { data: session, error: null };
    } catch (error) {
      return { data: null, error: toAuthError(error) };
    }
  }

  private async simplePost(path: string, body: Record<string, string>): Promise<AuthResult<true>> {
    try {
      await apiRequest<unknown>(path, { method: 'POST', body, anonymous: true });
      return { data: true, error: null };
    } catch (error) {
      return { data: null, error: toAuthError(error) };
    }
  }

  private validSession(answer: unknown): Session {
    if (!isSession(answer)) throw new AuthInvalidTokenResponseError();
    return answer;
  }

  private emit(event: AuthChangeEvent, session: Session | null): void {
    for (const listener of [...this.listeners]) listener(event, session);
  }

  private readStore(): Session | null {
    try {
      return parseStoredSession(this.store.getItem(SESSION_STORAGE_KEY));
    } catch {
      return null;
    }
  }

  private writeStore(session: Session): void {
    try {
      this.store.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    } catch {
      // A full or forbidden storage only costs the session on reload.
    }
  }

  private removeStore(): void {
    try {
      this.store.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to forget.
    }
  }
}
