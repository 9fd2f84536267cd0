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
      const recent = this.recent(key, since);
      if (recent.length >= CUIT_CONFLICTS_PER_HOUR) wait = Math.max(wait, Math.ceil((recent[0]! - since) / 1000));
    }
    return wait;
  }

  /**
   * Runs `action` (which may throw cuit_taken) under the limit of `keys`. The attempt is counted
   * before the database answers and given back only when no conflict came of it: counted after,
   * fifty requests sent at once would all pass the check before the first conflict was recorded.
   */
  async guard<T>(keys: string[], action: () => Promise<T>): Promise<T> {
    const wait = this.retryAfterSeconds(keys);
    if (wait > 0) throw new AppError('rate_limited', messages.errors.rateLimited, { retryAfterSeconds: wait });
    const attempt = this.reserve(keys);
    try {
      const result = await action();
      this.release(keys, attempt);
      return result;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'cuit_taken')) this.release(keys, attempt);
      throw error;
    }
  }

  private recent(key: string, since: number): number[] {
    return (this.conflicts.get(key) ?? []).filter((at) => at > since);
  }

  /** Counts one attempt now for every key; returns its mark so it can be given back. */
  private reserve(keys: string[]): number {
    const now = this.now();
    for (const key of keys) {
      const recent = this.recent(key, now - WINDOW_MS);
      this.conflicts.delete(key); // re-inserted last: the Map's order is "least recently used first"
      this.conflicts.set(key, [...recent, now]);
    }
    for (const oldest of this.conflicts.keys()) {
      if (this.conflicts.size <= MAX_KEYS) break;
      this.conflicts.delete(oldest);
    }
    return now;
  }

  private release(keys: string[], attempt: number): void {
    for (const key of keys) {
      const times = this.conflicts.get(key);
      const at = times?.lastIndexOf(attempt) ?? -1;
      if (at >= 0) times!.splice(at, 1);
      if (times?.length === 0) this.conflicts.delete(key);
    }
  }
}

/**
 * The key for a client address. An IPv6 client usually holds a whole /64 (and may pick any address
 * in it), so its first four groups are the key; an IPv4 address, mapped or not, is its own key.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!ip.includes(':')) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = ip.includes('::') ? [...headGroups, ...zeros, ...tailGroups] : headGroups;
  return `ip6:${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const digitsOf = (cuit: string | null | undefined) => (cuit ?? '').replace(/\D/g, '');
export const sameCuit = (a: string | null | undefined, b: string | null | undefined) => digitsOf(a) === digitsOf(b);
