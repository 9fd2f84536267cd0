/** A PostgreSQL error's fields that the product reacts to (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export interface PgErrorFields {
  code: string;
  constraint?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL error behind a driver or ORM wrapper, if any: drizzle wraps the driver's error,
 * and the code and constraint are on its cause. Connection errors (ECONNREFUSED…) are not SQLSTATEs.
 */
export function pgErrorOf(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof fields.code === 'string' && SQLSTATE.test(fields.code)) {
      return { code: fields.code, constraint: typeof fields.constraint === 'string' ? fields.constraint : undefined };
    }
    current = fields.cause;
  }
  return null;
}

function violates(error: unknown, sqlstate: string, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === sqlstate && (constraint === undefined || pg.constraint === constraint);
}

/** unique_violation (23505), optionally on one named constraint. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => violates(error, '23505', constraint);

/** check_violation (23514), optionally on one named constraint. */
export const isCheckViolation = (error: unknown, constraint?: string): boolean => violates(error, '23514', constraint);

/** foreign_key_violation (23503), optionally on one named constraint. */
export const isForeignKeyViolation = (error: unknown, constraint?: string): boolean => violates(error, '23503', constraint);
/** lock_not_available (55P03): a `FOR UPDATE NOWAIT` found the row locked by someone else. */
export const isLockNotAvailable = (error: unknown): boolean => violates(error, '55P03');

/**
 * A refusal raised by the `require_or_raise(ok, reason, detail)` SQL function (migration 0015,
 * decision 023): its reason and detail, or null for any other error.
 */
export function raisedRefusal(error: unknown): { reason: string; detail: string } | null {
  if (pgErrorOf(error)?.code !== 'P0001') return null;
  const fields = error as { message?: unknown; detail?: unknown };
  return { reason: String(fields.message ?? ''), detail: typeof fields.detail === 'string' ? fields.detail : '' };
}

/**
 * deadlock_detected (40P01) or serialization_failure (40001): PostgreSQL rolled the transaction
 * back because another one crossed it. Nothing was applied, so the client may simply retry.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * A statement PostgreSQL refused, by its SQLSTATE (the severity's wording follows the server's
 * language): the transaction it belonged to is rolled back for certain and the connection lives
 * on — unlike a lost connection (class 08), a shutdown (57P0x) or an internal error (XX), after
 * which a COMMIT already sent may or may not have been applied.
 */
export function isStatementError(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code !== undefined && !code.startsWith('08') && !code.startsWith('57P') && !code.startsWith('XX');
}

/** Errors of the database connection (server down, restarting, pool exhausted): the client can retry later. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(e.message))
      return true;
    current = e.cause;
  }
  return false;
}
