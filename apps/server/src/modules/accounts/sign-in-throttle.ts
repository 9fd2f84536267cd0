import { sql } from 'drizzle-orm';
import type { Executor } from './accounts.repository';

/**
 * Per-account sign-in throttle (issue 20 item 3, decision 010). Per-IP limits stop one machine;
 * this stops a botnet guessing one account's password from many addresses. State lives in
 * PostgreSQL so every app process sees the same count.
 *
 * - After FAILURES_BEFORE_LOCK wrong passwords within FAILURE_WINDOW, password sign-in for that
 *   address is locked; the lock doubles with each repeat (1, 2, 4, 8 minutes) and never exceeds
 *   MAX_LOCK_SECONDS.
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

/** Seconds left on the address's lock, or 0 when password sign-in is open. */
export async function secondsLocked(db: Executor, email: string): Promise<number> {
  const { rows } = await db.execute<{ seconds: number }>(sql`
    select ceil(extract(epoch from locked_until - now()))::int as seconds
      from sign_in_throttles
     where email = ${keyOf(email)} and locked_until > now()`);
  return rows[0]?.seconds ?? 0;
}

/** Counts a wrong password; returns the seconds of the lock it started, or 0. */
export async function recordSignInFailure(db: Executor, email: string): Promise<number> {
  const key = keyOf(email);
  // One statement per step, atomic per row: concurrent failures from many processes all count.
  const { rows } = await db.execute<{ failures: number; lockouts: number }>(sql`
    insert into sign_in_throttles as t (email, failures, window_started_at, updated_at)
    values (${key}, 1, now(), now())
    on conflict (email) do update set
      failures = case when t.window_started_at < now() - make_interval(secs => ${FAILURE_WINDOW_SECONDS}) then 1 else t.failures + 1 end,
      window_started_at = case when t.window_started_at < now() - make_interval(secs => ${FAILURE_WINDOW_SECONDS}) then now() else t.window_started_at end,
      lockouts = case when t.updated_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) then 0 else t.lockouts end,
      updated_at = now()
    returning failures, lockouts`);
  const row = rows[0]!;
  if (row.failures < FAILURES_BEFORE_LOCK) return 0;
  const lockSeconds = Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.min(row.lockouts, 10));
  await db.execute(sql`
    update sign_in_throttles
       set locked_until = now() + make_interval(secs => ${lockSeconds}), lockouts = lockouts + 1,
           failures = 0, window_started_at = now(), updated_at = now()
     where email = ${key}`);
  return lockSeconds;
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
