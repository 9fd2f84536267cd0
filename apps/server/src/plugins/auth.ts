import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { messages, type Profile } from '@mayorista/core';
import { verifyAccessToken } from '../lib/access-token';
import { AppError } from '../lib/errors';

export interface AuthContext {
  userId: string;
  sessionId: string;
  email: string;
  /** null when the user has no profile row (should not happen for accounts created by sign-up). */
  profile: Profile | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a bearer-token request with a live session; null otherwise. */
    auth: AuthContext | null;
    /** On `auth: 'lazy'` routes: the pending lookup, run by ensureAuth on first use. */
    authPending: (() => Promise<AuthContext | null>) | null;
  }
  interface FastifyContextConfig {
    /**
     * 'lazy': look the session up only if the handler asks (ensureAuth). For public reads whose
     * answer rarely depends on the caller, it saves a database round-trip per request.
     */
    auth?: 'lazy';
  }
}

const PROFILE_COLUMNS = `p.id, p.nombre, p.apellido, p.email, p.dni, p.approved, p.is_admin, p.is_super_admin, p.saldo_puntos`;

/**
 * Resolves `Authorization: Bearer <jwt>` to the user, checking in one query that the session
 * is still live (signed-out sessions stop working at once, not at token expiry) and loading
 * the profile that every permission decision needs.
 */
export async function resolveAuth(
  pool: pg.Pool,
  secret: Uint8Array,
  authorization: string | undefined,
): Promise<AuthContext | null> {
  if (!authorization?.startsWith('Bearer ')) return null;
  const claims = await verifyAccessToken(authorization.slice(7).trim(), secret);
  if (!claims) return null;
  const { rows } = await pool.query<Profile & { session_ok: boolean; has_profile: boolean }>(
    `select ${PROFILE_COLUMNS}, p.id is not null as has_profile
       from sessions s
       join users u on u.id = s.user_id
       left join profiles p on p.id = s.user_id
      where s.id = $1 and s.user_id = $2 and s.revoked_at is null`,
    [claims.sid, claims.sub],
  );
  const row = rows[0];
  if (!row) return null;
  const { has_profile, ...profile } = row;
  return { userId: claims.sub, sessionId: claims.sid, email: claims.email, profile: has_profile ? (profile as Profile) : null };
}

export function registerAuth(app: FastifyInstance, deps: { pool: pg.Pool; jwtSecret: Uint8Array }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authPending', null);
  app.addHook('onRequest', async (request) => {
    const lookup = () => resolveAuth(deps.pool, deps.jwtSecret, request.headers.authorization);
    if (request.routeOptions.config?.auth === 'lazy') request.authPending = lookup;
    else request.auth = await lookup();
  });
}

/** The caller, looked up now if the route deferred it (at most once per request). */
export async function ensureAuth(request: FastifyRequest): Promise<AuthContext | null> {
  const pending = request.authPending;
  if (pending) {
    request.authPending = null;
    request.auth = await pending();
  }
  return request.auth;
}

// Guards, used as `preHandler` on routes. Order mirrors SPEC §4: signed in → approved → admin.

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await ensureAuth(request))) throw new AppError('not_authenticated', 401, messages.auth.unauthorized);
}

export async function requireApproved(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.auth!.profile?.approved) throw new AppError('not_approved', 403, messages.errors.notApproved);
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireApproved(request);
  const p = request.auth!.profile!;
  if (!p.is_admin && !p.is_super_admin) throw new AppError('forbidden', 403, messages.errors.forbidden);
}

export async function requireSuperAdmin(request: FastifyRequest): Promise<void> {
  await requireApproved(request);
  if (!request.auth!.profile!.is_super_admin) throw new AppError('forbidden', 403, messages.errors.forbidden);
}

/** For handlers behind a guard: the authenticated context, narrowed. */
export function authOf(request: FastifyRequest): AuthContext & { profile: Profile } {
  if (!request.auth?.profile) throw new AppError('not_authenticated', 401, messages.auth.unauthorized);
  return request.auth as AuthContext & { profile: Profile };
}
