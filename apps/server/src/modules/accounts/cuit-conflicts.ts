import { messages } from '@mayorista/core';
import { AppError } from '../../lib/errors';

/**
 * Sign-up and PATCH /api/me answer 409 cuit_taken when a CUIT already belongs to an account. A
 * CUIT is public (ARCA's register), but whether a business buys from this distributor is not:
 * asked for many CUITs, the answer would list the customers. So conflicts are limited (decision
 * 031): after CUIT_CONFLICTS_PER_HOUR of them from one account or one IP address, every request
 * that would set a new CUIT answers 429 for the rest of the hour, taken or not, so the 429
 * itself tells nothing. A customer saving Mi cuenta with the CUIT they already have is never
 * counted nor stopped.
 *
 * Kept in this process's memory like the other per-IP limits (decision 010): with several
 * processes the budget is per process, which still turns a scan of thousands into a handful.
 */
export const CUIT_CONFLICTS_PER_HOUR = 5;
const WINDOW_MS = 60 * 60 * 1000;
/** Keys remembered at most; the oldest are forgotten first (an account key outlives IP churn). */
const MAX_KEYS = 10_000;

export class CuitConflictLimiter {
  private readonly conflicts = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until these keys may try a new CUIT again; 0 when they may now. */
  retryAfterSeconds(keys: string[]): number {
    const since = this.now() - WINDOW_MS;
    let wait = 0;
    for (const key of keys) {
      const recent = (this.conflicts.get(key) ?? []).filter((at) => at > since);
      if (recent.length >= CUIT_CONFLICTS_PER_HOUR) wait = Math.max(wait, Math.ceil((recent[0]! - since) / 1000));
    }
    return wait;
  }

  record(keys: string[]): void {
    const now = this.now();
    for (const key of keys) {
      const recent = (this.conflicts.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
      this.conflicts.delete(key);
      this.conflicts.set(key, [...recent, now]);
    }
    for (const oldest of this.conflicts.keys()) {
      if (this.conflicts.size <= MAX_KEYS) break;
      this.conflicts.delete(oldest);
    }
  }

  /** Runs `action` (which may throw cuit_taken) under the limit of `keys`. */
  async guard<T>(keys: string[], action: () => Promise<T>): Promise<T> {
    const wait = this.retryAfterSeconds(keys);
    if (wait > 0) throw new AppError('rate_limited', messages.errors.rateLimited, { retryAfterSeconds: wait });
    try {
      return await action();
    } catch (error) {
      if (error instanceof AppError && error.code === 'cuit_taken') this.record(keys);
      throw error;
    }
  }
}

const digitsOf = (cuit: string | null | undefined) => (cuit ?? '').replace(/\D/g, '');
export const sameCuit = (a: string | null | undefined, b: string | null | undefined) => digitsOf(a) === digitsOf(b);
