import { sql } from 'drizzle-orm';
import type { Executor } from './accounts.repository';

/**
 * Per-account sign-in throttle (the abuse-limits work, decision 010). Per-IP limits stop one machine;
 * this stops a botnet guessing one account's password from many addresses. State lives in
 * PostgreSQL so every app process sees the same count.
 *
 * - After FAILURES_BEFORE_LOCK wrong passwords within FAILURE_WINDOW, password sign-in for that
 *   address is locked; the lock doubles with each repeat (1, 2, 4, 8 minutes) and never exceeds
 *   MAX_LOCK_SECONDS.
 * - Every attempt is counted before its password is checked (a right password then clears the
 *   count), so concurrent guesses get no more tries than sequential ones.
 * - While locked, attempts are refused without checking the password and are NOT counted: the
 *   lock ends on time however hard it is hammered, and the attacker must start a new series.
 * - It is never permanent and never the only way in: a password reset by e-mail clears it and
 *   signs the owner in, so an attacker who keeps the address locked cannot keep its owner out.
 * - Unknown addresses are throttled exactly like real ones, so the lock reveals nobody.
 */
export const FAILURES_BEFORE_LOCK = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const FIRST_LOCK_SECONDS = 60;
export const MAX_LOCK_SECONDS = 15 * 60;
/** A day without failures forgets the address (and its lock history). */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

const keyOf = (email: string) => email.trim().toLowerCase();

/**
 * Counts an attempt BEFORE the password is checked, so a burst of concurrent guesses cannot all
 * slip past a check made while the count was still low: at most FAILURES_BEFORE_LOCK passwords
 * are ever checked per window. Returns the seconds of a lock that refuses this attempt, or 0 to
 * go on and check the password. Attempts during a lock change no count.
 */
export async function beginSignInAttempt(db: Executor, email: string): Promise<number> {
  const key = keyOf(email);
  const expired = sql`t.window_started_at < now() - make_interval(secs => ${FAILURE_WINDOW_SECONDS})`;
  const locked = sql`t.locked_until > now()`;
  const { rows } = await db.execute<{ failures: number; lockedSeconds: number }>(sql`
    insert into sign_in_throttles as t (email, failures, window_started_at, updated_at)
    values (${key}, 1, now(), now())
    on conflict (email) do update set
      failures = case when ${locked} then t.failures when ${expired} then 1 else t.failures + 1 end,
      window_started_at = case when ${locked} or not ${expired} then t.window_started_at else now() end,
      lockouts = case when t.updated_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) then 0 else t.lockouts end,
      updated_at = now()
    returning failures, greatest(0, ceil(extract(epoch from t.locked_until - now())))::int as "lockedSeconds"`);
  const row = rows[0]!;
  if (row.lockedSeconds > 0) return row.lockedSeconds;
  return row.failures > FAILURES_BEFORE_LOCK ? startLock(db, key) : 0;
}

/** The password was wrong: the attempt counted already; the one that reaches the limit locks. */
export async function signInAttemptFailed(db: Executor, email: string): Promise<number> {
  return startLock(db, keyOf(email));
}

/**
 * Starts the lock if the count has reached the limit; returns the seconds locked, or 0. The
 * update is conditional, so of several attempts that crossed the limit together only one starts
 * the lock (and counts one lockout); the others find it already started.
 */
async function startLock(db: Executor, key: string): Promise<number> {
  const { rows } = await db.execute<{ lockedSeconds: number }>(sql`
    update sign_in_throttles
       set locked_until = now() + make_interval(secs => least(${MAX_LOCK_SECONDS}, ${FIRST_LOCK_SECONDS} * power(2, least(lockouts, 10))::int)),
           lockouts = lockouts + 1, failures = 0, window_started_at = now(), updated_at = now()
     where email = ${key} and failures >= ${FAILURES_BEFORE_LOCK}
    returning ceil(extract(epoch from locked_until - now()))::int as "lockedSeconds"`);
  if (rows[0]) return rows[0].lockedSeconds;
  const current = await db.execute<{ lockedSeconds: number }>(sql`
    select ceil(extract(epoch from locked_until - now()))::int as "lockedSeconds"
      from sign_in_throttles where email = ${key} and locked_until > now()`);
  return current.rows[0]?.lockedSeconds ?? 0;
}

/** A correct password or a completed password reset: the address starts clean. */
export async function clearSignInThrottle(db: Executor, email: string): Promise<void> {
  await db.execute(sql`delete from sign_in_throttles where email = ${keyOf(email)}`);
}

/** Drops addresses nobody has failed on for a day; keeps sprayed random addresses from piling up. */
export async function forgetOldSignInFailures(db: Executor): Promise<void> {
  await db.execute(sql`
    delete from sign_in_throttles
     where updated_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})
       and (locked_until is null or locked_until < now())`);
}
