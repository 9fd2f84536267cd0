import {
  AUTH_EXPIRY_MARGIN_MS,
  AUTH_REFRESH_THRESHOLD_TICKS,
  AUTH_REFRESH_TICK_MS,
  AUTH_RETRY_STEP_MS,
  AUTH_RETRY_WINDOW_MS,
} from '@mayorista/core/constants';

/**
 * The timing rules of the states and transitions and the business constants as pure functions of "now", so they are tested without a clock:
 * a 30 s auto-refresh tick, refresh when the token is within 3 ticks of expiry, a 10 s expiry
 * margin, and retries that back off from 200 ms inside a 30 s window.
 */

/** `expires_at` is in seconds since the epoch (as GoTrue sends it). */
export interface ExpiringSession {
  expires_at: number;
}

export function millisecondsUntilExpiry(session: ExpiringSession, nowMs: number): number {
  return session.expires_at * 1000 - nowMs;
}

/** A session counts as expired slightly before its real expiry, so a request never leaves with a token about to die. */
export function isSessionExpired(session: ExpiringSession, nowMs: number): boolean {
  return millisecondsUntilExpiry(session, nowMs) <= AUTH_EXPIRY_MARGIN_MS;
}

/** How many whole ticks remain before expiry (negative once expired). */
export function ticksUntilExpiry(session: ExpiringSession, nowMs: number): number {
  return Math.floor(millisecondsUntilExpiry(session, nowMs) / AUTH_REFRESH_TICK_MS);
}

/** The auto-refresh tick's decision: refresh when the token is within the threshold of ticks. */
export function shouldRefreshOnTick(session: ExpiringSession | null, nowMs: number): boolean {
  if (!session) return false;
  return ticksUntilExpiry(session, nowMs) <= AUTH_REFRESH_THRESHOLD_TICKS;
}

/**
 * Delay before retry number `attempt` (1 = the first retry). The step is 200 ms and doubles on
 * each retry, as GoTrue's client does (200, 400, 800, …), so a struggling server is not hammered.
 */
export function retryDelayMs(attempt: number): number {
  if (attempt <= 0) return 0;
  return AUTH_RETRY_STEP_MS * 2 ** (attempt - 1);
}

/**
 * Whether to try again after failed attempt number `attempt` (0 = the first try): only errors
 * worth retrying, and only while the next try would still start inside the 30 s window.
 */
export function shouldRetryRefresh(options: { retryable: boolean; attempt: number; startedAtMs: number; nowMs: number }): boolean {
  if (!options.retryable) return false;
  const nextTryAt = options.nowMs + retryDelayMs(options.attempt + 1);
  return nextTryAt - options.startedAtMs < AUTH_RETRY_WINDOW_MS;
}

/** The whole schedule of retry delays that fit in the window when every try fails instantly. */
export function retrySchedule(): number[] {
  const delays: number[] = [];
  let elapsed = 0;
  for (let attempt = 0; shouldRetryRefresh({ retryable: true, attempt, startedAtMs: 0, nowMs: elapsed }); attempt++) {
    const delay = retryDelayMs(attempt + 1);
    delays.push(delay);
    elapsed += delay;
  }
  return delays;
}
