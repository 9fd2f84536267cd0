import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomerSchema,
  adminNotesChangeSchema,
  changePasswordSchema,
  meSchema,
  updateMeSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  approvalChangeSchema,
  authUserResponseSchema,
  emailOnlySchema,
  movementsPageQuerySchema,
  messages,
  pointsAdjustmentSchema,
  pointsMovementsPageSchema,
  profileSchema,
  refreshTokenGrantSchema,
  resetPasswordSchema,
  roleChangeSchema,
  signInSchema,
  signOutQuerySchema,
  signUpSchema,
  tokenGrantQuerySchema,
  uuidSchema,
  verifyEmailSchema,
} from '@mayorista/core';
import type pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import type { Mailer } from '../lib/mailer';
import { actorOf, authOf } from '../plugins/auth';
import { addressKey, createAccountsService, createAdminUsersService, CuitConflictLimiter, sameCuit, type ClientInfo } from '../modules/accounts';
import { auditBy } from '../modules/audit';
import { adjustCustomerPoints, customerPointsHistory, customerPointsMovements } from '../flows/customer-points';
import { routesPlugin } from './plugin';

export interface AccountsRoutesDeps {
  db: Database;
  pool: pg.Pool;
  config: Config;
  jwtSecret: Uint8Array;
  mailer: Mailer;
}

const clientInfo = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip ?? null,
});

/** Same `{ code: 'validation_failed', message, issues }` answer as the route-level validation. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('validation_failed', issues[0]?.message ?? messages.errors.validation, { issues });
}

const adminUserParams = z.object({ id: uuidSchema });

/**
 * Per-IP limits of the auth routes (decision 010). Sign-in, sign-up, verify and reset-password
 * share ONE bucket (`RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_AUTH_WINDOW`): they are the routes that
 * guess a password or a token, and with a bucket each an address got four times the budget.
 * Refresh has its own bucket of the same size: a refresh token is 256 random bits, not guessable,
 * and busy tabs refreshing must not use up the sign-in budget of everyone behind the same NAT.
 * The e-mail routes keep their hourly bucket (plus the per-recipient limit in the service).
 * Checked on `onRequest`, before the body is read, so malformed attempts count too.
 */
function authRateLimits(app: FastifyInstance, config: Config) {
  const window = { max: config.rateLimits.authMax, timeWindow: config.rateLimits.authWindow };
  // The error handler turns `retryAfterSeconds` into the Retry-After header.
  const bucket = (take: ReturnType<FastifyInstance['createRateLimit']>) => async (request: FastifyRequest) => {
    const result = await take(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new AppError('rate_limited', messages.errors.rateLimited, { retryAfterSeconds: result.ttlInSeconds });
  };
  const credentials = bucket(app.createRateLimit(window));
  const refresh = bucket(app.createRateLimit(window));
  return {
    credentials,
    /** POST /api/auth/token serves both grants; the raw query decides the bucket before validation. */
    tokenGrant: async (request: FastifyRequest) =>
      (request.query as { grant_type?: unknown }).grant_type === 'refresh_token' ? refresh(request) : credentials(request),
    email: { access: 'public' as const, rateLimit: { max: config.rateLimits.emailMax, timeWindow: '1 hour' } },
  };
}

/** What the session and own-account routes share: the accounts service, the auth rate limits and the CUIT-conflict limiter. */
interface AccountRoutesContext {
  accounts: ReturnType<typeof createAccountsService>;
  limits: ReturnType<typeof authRateLimits>;
  cuitConflicts: CuitConflictLimiter;
}

export function registerAccountsRoutes(app: FastifyInstance, deps: AccountsRoutesDeps): void {
  const log = app.log;
  const context: AccountRoutesContext = {
    accounts: createAccountsService({ ...deps, log }),
    limits: authRateLimits(app, deps.config),
    cuitConflicts: new CuitConflictLimiter(),
  };
  registerSessionRoutes(app, context);
  registerOwnAccountRoutes(app, context);
  registerCustomerAdminRoutes(app, deps, createAdminUsersService({ ...deps, log }));
}

/** Sign-up, e-mail verification, sign-in and refresh, sign-out, password recovery, the session's user and profile. */
function registerSessionRoutes(app: FastifyInstance, { accounts, limits, cuitConflicts }: AccountRoutesContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/auth/signup', { schema: { body: signUpSchema }, config: { access: 'public' }, onRequest: limits.credentials }, async (request) =>
    request.body.data.cuit ? cuitConflicts.guard([addressKey(request.ip)], () => accounts.signUp(request.body)) : accounts.signUp(request.body),
  );

  r.post('/api/auth/verify', { schema: { body: verifyEmailSchema }, config: { access: 'public' }, onRequest: limits.credentials }, async (request) =>
    accounts.verifyEmail(request.body.token, clientInfo(request)),
  );

  r.post('/api/auth/resend', { schema: { body: emailOnlySchema }, config: limits.email }, async (request) => {
    await accounts.resendVerification(request.body.email);
    return { ok: true };
  });

  // One path, two grants (as GoTrue): the body is checked against the grant's own schema.
  r.post('/api/auth/token', { schema: { querystring: tokenGrantQuerySchema }, config: { access: 'public' }, onRequest: limits.tokenGrant }, async (request) => {
    if (request.query.grant_type === 'password') {
      return accounts.signInWithPassword(parseBody(signInSchema, request.body), clientInfo(request));
    }
    return accounts.refreshSession(parseBody(refreshTokenGrantSchema, request.body).refresh_token);
  });

  r.post(
    '/api/auth/logout',
    // A session that is already gone gets the code the browser treats as "nothing to sign out".
    { schema: { querystring: signOutQuerySchema }, config: { access: 'user', signedOutCode: 'session_not_found' } },
    async (request, reply) => {
      await accounts.signOut(authOf(request), request.query.scope);
      return reply.status(204).send();
    },
  );

  r.post('/api/auth/recover', { schema: { body: emailOnlySchema }, config: limits.email }, async (request) => {
    await accounts.recoverPassword(request.body.email);
    return { ok: true };
  });

  r.post('/api/auth/reset-password', { schema: { body: resetPasswordSchema }, config: { access: 'public' }, onRequest: limits.credentials }, async (request) =>
    accounts.resetPassword(request.body, clientInfo(request)),
  );

  r.get('/api/auth/user', { schema: { response: { 200: authUserResponseSchema } }, config: { access: 'user' } }, async (request) => ({
    user: await accounts.getUser(request.auth!.userId),
  }));

  r.get(
    '/api/profiles/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: profileSchema } }, config: { access: 'user' } },
    async (request) => accounts.getOwnProfile(request.auth!.userId, request.params.id),
  );

}

/**
 * The customer's own account: Mi cuenta (the business-identity work, docs/decisions/017).
 * Answered `no-store` like every API answer (plugins/no-store.ts): DNI, CUIT, address, WhatsApp.
 */
function registerOwnAccountRoutes(app: FastifyInstance, { accounts, limits, cuitConflicts }: AccountRoutesContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Answered `no-store` like every API answer (plugins/no-store.ts): DNI, CUIT, address, WhatsApp.
  r.get('/api/me', { schema: { response: { 200: meSchema } }, config: { access: 'user' } }, async (request) =>
    accounts.getMe(authOf(request).userId),
  );

  r.patch('/api/me', { schema: { body: updateMeSchema, response: { 200: meSchema } }, config: { access: 'user' } }, async (request) => {
    const { userId } = authOf(request);
    const update = () => accounts.updateMe(userId, request.body);
    // Only a new CUIT asks the database whose it is; re-saving one's own is never limited.
    if (!request.body.cuit || sameCuit((await accounts.getMe(userId)).cuit, request.body.cuit)) return update();
    return cuitConflicts.guard([`user:${userId}`, addressKey(request.ip)], update);
  });

  // Shares the sign-in bucket: a stolen access token must not become a way to guess the password.
  r.post(
    '/api/me/password',
    { schema: { body: changePasswordSchema }, config: { access: 'user' }, onRequest: limits.credentials },
    async (request, reply) => {
      await accounts.changePassword(authOf(request), request.body);
      return reply.status(204).send();
    },
  );

}

/** The staff's administration of customer accounts: approval, points, notes, the customer page. */
function registerCustomerAdminRoutes(
  app: FastifyInstance,
  deps: AccountsRoutesDeps,
  adminUsers: ReturnType<typeof createAdminUsersService>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/users',
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } }, config: { access: 'staff', action: 'customers.read' } },
    async (request) => adminUsers.list(request.query),
  );

  r.patch(
    '/api/admin/users/:id/approval',
    { schema: { params: adminUserParams, body: approvalChangeSchema, response: { 200: adminUserSchema } }, config: { access: 'staff', action: 'customers.manage' } },
    async (request) => adminUsers.setApproval(authOf(request).profile, request.params.id, request.body.approved, auditBy(actorOf(request))),
  );

  r.delete(
    '/api/admin/users/:id',
    { schema: { params: adminUserParams }, config: { access: 'staff', action: 'customers.manage' } },
    async (request, reply) => {
      await adminUsers.rejectPending(authOf(request).profile, request.params.id, auditBy(actorOf(request)));
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/admin/users/:id/points',
    { schema: { params: adminUserParams, body: pointsAdjustmentSchema, response: { 200: adminUserSchema } }, config: { access: 'staff', action: 'customers.manage' } },
    async (request) => adjustCustomerPoints(deps, actorOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/admin/users/:id/points-history',
    { schema: { params: adminUserParams }, config: { access: 'staff', action: 'customers.read' } },
    async (request) => customerPointsHistory(deps, request.params.id),
  );

  r.get(
    '/api/admin/users/:id/points-movements',
    {
      schema: { params: adminUserParams, querystring: movementsPageQuerySchema, response: { 200: pointsMovementsPageSchema } },
      config: { access: 'staff', action: 'customers.read' },
    },
    async (request, reply) =>
      reply.send(await customerPointsMovements(deps, request.params.id, request.query)),
  );

  r.get(
    '/api/admin/users/:id',
    { schema: { params: adminUserParams, response: { 200: adminCustomerSchema } }, config: { access: 'staff', action: 'customers.read' } },
    async (request) => adminUsers.customer(request.params.id),
  );

  r.patch(
    '/api/admin/users/:id/notes',
    { schema: { params: adminUserParams, body: adminNotesChangeSchema, response: { 200: adminCustomerSchema } }, config: { access: 'staff', action: 'customers.manage' } },
    async (request) => adminUsers.setAdminNotes(request.params.id, request.body.admin_notes, auditBy(actorOf(request))),
  );

  r.patch(
    '/api/admin/users/:id/role',
    { schema: { params: adminUserParams, body: roleChangeSchema, response: { 200: adminUserSchema } }, config: { access: 'staff', action: 'staff.manage' } },
    async (request) => adminUsers.changeRole(authOf(request).profile, request.params.id, request.body, auditBy(actorOf(request))),
  );
}

/** registerAccountsRoutes as a plugin that declares what it needs (routes/plugin.ts). */
export const accountsRoutes = routesPlugin('accounts-routes', registerAccountsRoutes);
