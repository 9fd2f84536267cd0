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
    /** Set by `authenticate` for bearer-token requests with a live session; null otherwise. */
    auth: AuthContext | null;
  }
}

const PROFILE_COLUMNS = `p.id, p.nombre, p.apellido, p.email, p.dni, p.approved, p.is_admin, p.is_super_admin, p.saldo_puntos`;

/**
 * Resolves `Authorization: Bearer <jwt>` to the user, checking in one query that the session
 * is still live (signed-out sessions stop working at once, not at token expiry) and loading
 * the profile that every permission decision needs.
 */
export async function resolveAuth(pool: pg.Pool, secret: Uint8Array, authorization: string | undefined): Promise<AuthContext | null> {
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
  app.addHook('onRequest', async (request) => {
    request.auth = await resolveAuth(deps.pool, deps.jwtSecret, request.headers.authorization);
  });
}

// Guards, used as `preHandler` on routes. Order mirrors SPEC §4: signed in → approved → admin.

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError('not_authenticated', 401, messages.auth.unauthorized);
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
