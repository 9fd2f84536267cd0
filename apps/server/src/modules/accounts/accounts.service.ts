import { randomUUID } from 'node:crypto';
import {
  EMAIL_TOKEN_TTL_HOURS,
  messages,
  missingBusinessFields,
  type Me,
  type BusinessProfileFields,
  REFRESH_TOKEN_REUSE_GRACE_SECONDS,
  type Profile,
  type Session,
  type SessionUser,
  type SignOutScope,
  type SignUpMetadata,
} from '@mayorista/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/transaction';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError } from '../../lib/errors';
import type { MailLogger, MailMessage, Mailer } from '../../lib/mailer';
import { accountExistsEmail, passwordRecoveryEmail, verificationEmail } from './account-emails';
import { forgetOldEmailSends, reserveEmailSend, type AccountEmailKind } from './email-limits';
import * as repo from './accounts.repository';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { generateOpaqueToken, hashOpaqueToken } from './secure-tokens';
import { sessionAnswer, startSession, type ClientInfo } from './sessions';
import { beginSignInAttempt, clearSignInThrottle, forgetOldSignInFailures, signInAttemptFailed } from './sign-in-throttle';

/** PATCH /api/me after validation. */
type UpdateMeFields = Partial<BusinessProfileFields>;

export const PASSWORD_RECOVERY_TTL_SECONDS = 60 * 60;
const EMAIL_VERIFICATION_TTL_SECONDS = EMAIL_TOKEN_TTL_HOURS * 60 * 60;

export interface AccountsDeps {
  db: Database;
  /** For the plain-SQL statements (the refresh), on the same pool as `db`. */
  pool: Queryable;
  config: Pick<Config, 'appUrl' | 'catalogName'>;
  jwtSecret: Uint8Array;
  mailer: Mailer;
  log: MailLogger & { error(object: Record<string, unknown>, message: string): void };
}

const cuitTaken = () => new AppError('cuit_taken', messages.business.cuitTaken);
const invalidCredentials = () => new AppError('invalid_credentials', messages.auth.invalidCredentials);
const invalidRefreshToken = () => new AppError('invalid_refresh_token', messages.accountRules.invalidRefreshToken);
const accountLocked = (seconds: number) =>
  new AppError('account_locked', messages.security.accountLocked(Math.max(1, Math.ceil(seconds / 60))), { retryAfterSeconds: seconds });

/** How often a process clears expired rows of the sign-in throttle and the e-mail limit. */
const ABUSE_SWEEP_INTERVAL_MS = 60 * 60_000;

export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) throw new AppError('weak_password', messages.accountRules.passwordTooCommon);
}

/**
 * What the account steps share: the e-mails (limited per recipient, sent after the reply), the
 * single-use e-mail links, the abuse tables' sweep, the caller's own data and the dummy hash that
 * makes an unknown address cost what a wrong password does.
 */
function createAccountHelpers(deps: AccountsDeps) {
  const { db, config, mailer, log } = deps;

  // Verifying against this when the address is unknown makes "no such user" cost the same
  // argon2 time as "wrong password", so response times do not reveal who is registered.
  let dummyHash: Promise<string> | null = null;
  const dummyPasswordHash = () => (dummyHash ??= hashPassword(generateOpaqueToken()));

  /**
   * Mail goes out after the reply: an SMTP round trip would otherwise tell an attacker
   * whether `recover`/`resend` found an account. Failures are logged; the user can ask again.
   */
  function sendInBackground(message: MailMessage): void {
    mailer.send(message).catch((error: unknown) => log.error({ err: error, to: message.to }, 'no se pudo enviar el correo'));
  }

  /** Housekeeping nobody waits for; failures are logged. */
  function inBackground(work: () => Promise<void>): void {
    work().catch((error: unknown) => log.error({ err: error }, 'falló una tarea en segundo plano'));
  }

  /**
   * The per-recipient hourly limit comes first: over it, no new link is made (the last one sent
   * stays valid) and nothing is sent. Then the link, then the message.
   */
  async function sendLimited(to: string, kind: AccountEmailKind, build: () => Promise<MailMessage>): Promise<void> {
    if (!(await reserveEmailSend(db, to, kind))) {
      log.info({ to, kind }, 'límite de correos por destinatario alcanzado; no se envía');
      return;
    }
    sendInBackground(await build());
  }

  const nombreOf = (user: repo.UserRow) => (typeof user.metadata.nombre === 'string' ? user.metadata.nombre : '');

  async function sendVerification(user: repo.UserRow): Promise<void> {
    await sendLimited(user.email, 'verify_email', async () => {
      const token = await createEmailLink(user.id, 'verify_email', EMAIL_VERIFICATION_TTL_SECONDS);
      return verificationEmail({ to: user.email, nombre: nombreOf(user), token, ...config });
    });
  }

  /**
   * Sign-up with a registered address (the abuse-limits work, decision 010): the caller gets the same answer as for a
   * new one; the owner gets "ya tenés una cuenta", or a fresh verification link if they never
   * verified (they probably lost the first one).
   */
  async function tellExistingOwner(email: string): Promise<void> {
    const owner = await repo.findUserByEmail(db, email);
    if (!owner) return;
    if (!owner.emailVerifiedAt) return sendVerification(owner);
    await sendLimited(owner.email, 'account_exists', async () => accountExistsEmail({ to: owner.email, nombre: nombreOf(owner), ...config }));
  }

  // The abuse tables forget old rows now and then (at most hourly per process), with no job to run.
  let lastSweep = 0;
  function sweepAbuseTablesNowAndThen(): void {
    if (Date.now() - lastSweep < ABUSE_SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    inBackground(async () => {
      await forgetOldSignInFailures(db);
      await forgetOldEmailSends(db);
    });
  }

  async function createEmailLink(userId: string, purpose: repo.EmailTokenPurpose, ttlSeconds: number): Promise<string> {
    const token = generateOpaqueToken();
    await db.transaction(async (tx) => {
      await repo.retireUnusedEmailTokens(tx, userId, purpose);
      await repo.insertEmailToken(tx, { userId, purpose, tokenHash: hashOpaqueToken(token), ttlSeconds });
    });
    return token;
  }

  /** Locks and consumes a single-use e-mail token; the caller's transaction decides what it grants. */
  async function consumeEmailToken(tx: repo.Transaction, token: string, purpose: repo.EmailTokenPurpose): Promise<string> {
    const row = await repo.lockEmailToken(tx, hashOpaqueToken(token), purpose);
    if (!row || row.usedAt) throw new AppError('invalid_token', messages.accountRules.invalidToken);
    if (row.expired) throw new AppError('token_expired', messages.accountRules.tokenExpired);
    await repo.markEmailTokenUsed(tx, row.id);
    return row.userId;
  }

  /** GET /api/me: the caller's own data and what an older account still has to complete. */
  async function getMe(userId: string): Promise<Me> {
    const me = await repo.findMe(db, userId);
    if (!me) throw new AppError('not_found', messages.errors.notFound);
    return { ...me, missing_business_fields: missingBusinessFields(me) };
  }

  return { dummyPasswordHash, sendInBackground, inBackground, sendLimited, nombreOf, sendVerification, tellExistingOwner, sweepAbuseTablesNowAndThen, createEmailLink, consumeEmailToken, getMe };
}

type AccountHelpers = ReturnType<typeof createAccountHelpers>;

/** Sign-up and its e-mail links: sign up, verify the address, send the link again. */
function signUpSteps(deps: AccountsDeps, helpers: AccountHelpers) {
  const { db, jwtSecret } = deps;
  const { sendVerification, tellExistingOwner, consumeEmailToken } = helpers;
  return {
    /**
     * Answers the same for a new and a registered address (the abuse-limits work, decision 010): both hash the
     * password, both do their e-mail bookkeeping (limit, link) before the reply and the sending
     * after it, so neither the body nor the timing says which it was.
     */
    async signUp(input: { email: string; password: string; data: SignUpMetadata }): Promise<{ user: SessionUser }> {
      assertPasswordNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      let user: repo.UserRow;
      try {
        user = await db.transaction((tx) => repo.insertUserWithProfile(tx, { email: input.email, passwordHash, metadata: input.data }));
      } catch (error) {
        // Checking first would race with a concurrent sign-up; the unique indexes are the authority.
        // The e-mail's comes first (users before profiles), so a registered address never learns
        // anything from the CUIT; a CUIT is public (ARCA's register) and may be said to be taken.
        if (isUniqueViolation(error, 'profiles_cuit_key')) throw cuitTaken();
        if (!isUniqueViolation(error, 'users_email_key')) throw error;
        await tellExistingOwner(input.email);
        // What a new account would have answered; the id belongs to no one.
        return { user: repo.toSessionUser({ id: randomUUID(), email: input.email, metadata: repo.personalMetadata(input.data) }) };
      }
      await sendVerification(user);
      return { user: repo.toSessionUser(user) };
    },

    async verifyEmail(token: string, client: ClientInfo): Promise<Session> {
      return db.transaction(async (tx) => {
        // The link opened a second time (or first by a mail app's link scanner): if its account is
        // verified, say so (409) rather than "invalid link". No session: the link is spent.
        const row = await repo.lockEmailToken(tx, hashOpaqueToken(token), 'verify_email');
        if (row && (row.usedAt || row.expired)) {
          const owner = await repo.findUserById(tx, row.userId);
          if (owner?.emailVerifiedAt) throw new AppError('email_already_verified', messages.accountRules.emailAlreadyVerified);
        }
        const userId = await consumeEmailToken(tx, token, 'verify_email');
        await repo.markEmailVerified(tx, userId);
        const user = await repo.findUserById(tx, userId);
        if (!user) throw new AppError('invalid_token', messages.accountRules.invalidToken);
        return startSession(tx, jwtSecret, user, client);
      });
    },

    /** Always succeeds from the caller's point of view: it must not reveal which addresses exist. */
    async resendVerification(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.emailVerifiedAt) return;
      await sendVerification(user);
    },
  };
}

/** Sessions: sign in with a password (throttled), refresh, sign out. */
function sessionSteps(deps: AccountsDeps, helpers: AccountHelpers) {
  const { db, pool, jwtSecret } = deps;
  const { dummyPasswordHash, sweepAbuseTablesNowAndThen } = helpers;
  return {
    /**
     * The per-account throttle (sign-in-throttle.ts) counts the attempt before the password is
     * checked (known address or not), locks on the last wrong one and is cleared by a right one.
     */
    async signInWithPassword(input: { email: string; password: string }, client: ClientInfo): Promise<Session> {
      sweepAbuseTablesNowAndThen();
      const locked = await beginSignInAttempt(db, input.email);
      if (locked > 0) throw accountLocked(locked);
      const user = await repo.findUserByEmail(db, input.email);
      const matches = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
      if (!user || !matches) {
        const lockSeconds = await signInAttemptFailed(db, input.email);
        if (lockSeconds > 0) throw accountLocked(lockSeconds);
        throw invalidCredentials();
      }
      await clearSignInThrottle(db, input.email);
      // Only after the password matched, so this answer does not reveal unverified addresses.
      if (!user.emailVerifiedAt) throw new AppError('email_not_confirmed', messages.auth.emailNotVerified);
      return startSession(db, jwtSecret, user, client);
    },

    /**
     * Rotates the refresh token, GoTrue style. A rotated token presented again within the grace
     * window (two tabs refreshing at once) still gets a session; later it means the token was
     * stolen or replayed, so the whole session is revoked.
     */
    async refreshSession(refreshToken: string): Promise<Session> {
      const next = generateOpaqueToken();
      const refreshed = await repo.rotateRefreshToken(pool, {
        tokenHash: hashOpaqueToken(refreshToken),
        nextTokenHash: hashOpaqueToken(next),
        graceSeconds: REFRESH_TOKEN_REUSE_GRACE_SECONDS,
      });
      // One statement, committed on its own: the revocation of a reused token's session persists.
      if (refreshed.outcome === 'reused') throw new AppError('refresh_token_reused', messages.accountRules.invalidRefreshToken);
      if (refreshed.outcome === 'invalid') throw invalidRefreshToken();
      return sessionAnswer(jwtSecret, refreshed.sessionId, refreshed.user, next);
    },

    async signOut(auth: { userId: string; sessionId: string }, scope: SignOutScope): Promise<void> {
      if (scope === 'local') await repo.revokeSession(db, auth.sessionId);
      else if (scope === 'global') await repo.revokeUserSessions(db, auth.userId);
      else await repo.revokeUserSessions(db, auth.userId, auth.sessionId);
    },
  };
}

/** Password recovery: the e-mailed link, then a new password and a new session. */
function recoverySteps(deps: AccountsDeps, helpers: AccountHelpers) {
  const { db, config, jwtSecret } = deps;
  const { sendLimited, nombreOf, createEmailLink, consumeEmailToken } = helpers;
  return {
    /** Always succeeds from the caller's point of view: it must not reveal which addresses exist. */
    async recoverPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user) return;
      await sendLimited(user.email, 'recover_password', async () => {
        const token = await createEmailLink(user.id, 'recover_password', PASSWORD_RECOVERY_TTL_SECONDS);
        return passwordRecoveryEmail({ to: user.email, nombre: nombreOf(user), token, ...config });
      });
    },

    /** Sets the new password, ends every existing session and signs in on a fresh one. */
    async resetPassword(input: { token: string; password: string }, client: ClientInfo): Promise<Session> {
      assertPasswordNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, input.token, 'recover_password');
        await repo.updatePasswordHash(tx, userId, passwordHash);
        // The link reached the mailbox, which proves the address as well as verification does.
        await repo.markEmailVerified(tx, userId);
        await repo.revokeUserSessions(tx, userId);
        const user = await repo.findUserById(tx, userId);
        if (!user) throw new AppError('invalid_token', messages.accountRules.invalidToken);
        // The mailbox owner is back in: a sign-in lock on the address no longer protects anyone.
        await clearSignInThrottle(tx, user.email);
        return startSession(tx, jwtSecret, user, client);
      });
    },
  };
}

/** The caller's own account: read it, change its business data or its password. */
function profileSteps(deps: AccountsDeps, helpers: AccountHelpers) {
  const { db } = deps;
  const { getMe } = helpers;
  return {
    async getUser(userId: string): Promise<SessionUser> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('session_not_found', messages.auth.sessionMissing);
      return repo.toSessionUser(user);
    },

    getMe,

    /**
     * PATCH /api/me: the caller's business and delivery data only. The schema has already dropped
     * every other key, so approval, roles, points, price list and admin notes cannot be reached.
     */
    async updateMe(userId: string, input: UpdateMeFields): Promise<Me> {
      try {
        await repo.updateBusinessProfile(db, userId, input);
      } catch (error) {
        if (isUniqueViolation(error, 'profiles_cuit_key')) throw cuitTaken();
        throw error;
      }
      return getMe(userId);
    },

    /**
     * Mi cuenta: a new password, proven by the current one. Every other session ends (a stolen
     * session is the usual reason to change it); the one in use stays signed in.
     */
    async changePassword(auth: { userId: string; sessionId: string }, input: { current_password: string; new_password: string }): Promise<void> {
      const user = await repo.findUserById(db, auth.userId);
      if (!user) throw new AppError('session_not_found', messages.auth.sessionMissing);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw new AppError('wrong_current_password', messages.accountRules.wrongCurrentPassword);
      }
      assertPasswordNotCommon(input.new_password);
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, auth.userId, passwordHash);
        await repo.revokeUserSessions(tx, auth.userId, auth.sessionId);
      });
    },

    /** Only the caller's own profile; any other id is "not found", so ids of others are not confirmed. */
    async getOwnProfile(userId: string, requestedId: string): Promise<Profile> {
      const profile = requestedId === userId ? await repo.findProfile(db, userId) : null;
      if (!profile) throw new AppError('not_found', messages.errors.notFound);
      return profile;
    },
  };
}

/** Sign-up, sessions, recovery and the caller's own account, each group a named step above. */
export function createAccountsService(deps: AccountsDeps) {
  const helpers = createAccountHelpers(deps);
  return {
    ...signUpSteps(deps, helpers),
    ...sessionSteps(deps, helpers),
    ...recoverySteps(deps, helpers),
    ...profileSteps(deps, helpers),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
