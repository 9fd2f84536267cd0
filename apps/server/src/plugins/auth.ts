import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { messages, type Profile } from '@mayorista/core';
import { ACCESS_LEVELS, STAFF_ACTIONS, can, isApproved, staffRoleOf, type AccessLevel, type StaffAction, type StaffRole } from '@mayorista/core/roles';
import { effectivePriceListId } from '@mayorista/core/price-lists';
import { verifyAccessToken } from '../lib/access-token';
import { AppError } from '../lib/errors';

export interface AuthContext {
  userId: string;
  sessionId: string;
  email: string;
  /** null when the user has no profile row (should not happen for accounts created by sign-up). */
  profile: Profile | null;
  /**
   * The price list the caller buys at (the business-identity work, decision 018), already resolved by core's
   * effectivePriceListId: null for the base list, staff, unapproved callers and visitors.
   */
  priceListId: string | null;
  /** The caller's condición frente al IVA (the business-identity work, decisions 017–019), read with the session: it decides whether the cart itemises IVA. */
  ivaCondition: string | null;
  /** The caller's staff role, read with the session on every request: a role change takes effect at once. */
  role: StaffRole | null;
  /** The request's address, for the audit log. */
  ip: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /url` → the action each staff route declared, for the route classification test. */
    staffRouteActions: Map<string, StaffAction>;
  }
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
    /**
     * Who may call the route. Checked by one onRequest hook, before the body is parsed or
     * validated: an anonymous caller gets 401 and one without the role 403, whatever they send.
     * Every /api route must declare it (checked when the route is registered).
     */
    access?: AccessLevel;
    /**
     * On 'staff' routes (and only there): the action the route performs. The guard lets through
     * the staff whose role may perform it (core/roles.ts, decision 046); everyone else gets 403.
     */
    action?: StaffAction;
    /** Sign-out answers a missing session with `session_not_found`, which the browser reads as "already signed out". */
    signedOutCode?: 'not_authenticated' | 'session_not_found';
  }
}

const PROFILE_COLUMNS = `p.id, p.nombre, p.apellido, p.email, p.dni, p.approved, p.is_admin, p.is_super_admin, p.staff_role, p.saldo_puntos`;

/**
 * Resolves `Authorization: Bearer <jwt>` to the user, checking in one query that the session
 * is still live (signed-out sessions stop working at once, not at token expiry) and loading
 * the profile that every permission decision needs.
 */
export async function resolveAuth(
  pool: pg.Pool,
  secret: Uint8Array,
  authorization: string | undefined,
  ip: string | null = null,
): Promise<AuthContext | null> {
  if (!authorization?.startsWith('Bearer ')) return null;
  const claims = await verifyAccessToken(authorization.slice(7).trim(), secret);
  if (!claims) return null;
  // Named: every signed-in request sends it, so PostgreSQL parses and plans it once per connection.
  // No join to users: a session's user exists (sessions.user_id references users, on delete cascade).
  const { rows } = await pool.query<Profile & { has_profile: boolean; price_list_id: string | null; iva_condition: string | null }>({
    name: 'auth_session',
    text: `select ${PROFILE_COLUMNS}, p.id is not null as has_profile,
                  p.price_list_id, p.iva_condition
             from sessions s
             left join profiles p on p.id = s.user_id
            where s.id = $1 and s.user_id = $2 and s.revoked_at is null`,
    values: [claims.sid, claims.sub],
  });
  const row = rows[0];
  if (!row) return null;
  const { has_profile, price_list_id, iva_condition, ...profile } = row;
  return {
    userId: claims.sub,
    sessionId: claims.sid,
    email: claims.email,
    profile: has_profile ? (profile as Profile) : null,
    priceListId: has_profile ? effectivePriceListId(profile, price_list_id) : null,
    ivaCondition: iva_condition ?? null,
    role: has_profile ? staffRoleOf(profile) : null,
    ip,
  };
}

export function registerAuth(app: FastifyInstance, deps: { pool: pg.Pool; jwtSecret: Uint8Array }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authPending', null);
  const staffRouteActions = new Map<string, StaffAction>();
  app.decorate('staffRouteActions', staffRouteActions);
  app.addHook('onRoute', (route) => {
    assertAccessDeclared(route);
    const action = route.config?.action;
    if (action) for (const method of [route.method].flat()) staffRouteActions.set(`${method} ${route.url}`, action);
  });
  app.addHook('onRequest', async (request) => {
    const lookup = () => resolveAuth(deps.pool, deps.jwtSecret, request.headers.authorization, request.ip ?? null);
    const { auth, access = 'public', action, signedOutCode } = request.routeOptions.config ?? {};
    if (access === 'public' && auth === 'lazy') {
      request.authPending = lookup;
      return;
    }
    request.auth = await lookup();
    enforceAccess(access, action, request.auth, signedOutCode);
  });
}

const STAFF_PREFIXES = ['/api/admin/', '/api/rep/'];

/**
 * A route that forgot its access level would be public by accident, and a staff route without an
 * action would be open to every role: refuse to start instead.
 */
function assertAccessDeclared(route: { url: string; method: string | string[]; config?: { access?: AccessLevel; action?: StaffAction } }): void {
  if (!route.url.startsWith('/api/') && route.url !== '/api') return;
  const { access, action } = route.config ?? {};
  const where = `${String(route.method)} ${route.url}`;
  if (!access || !ACCESS_LEVELS.includes(access))
    throw new Error(`La ruta ${where} no declara su nivel de acceso (config.access).`);
  if (STAFF_PREFIXES.some((prefix) => route.url.startsWith(prefix)) && access !== 'staff') {
    throw new Error(`La ruta ${where} está bajo /api/admin o /api/rep pero declara el acceso '${access}'.`);
  }
  if (access === 'staff' && (!action || !STAFF_ACTIONS.includes(action)))
    throw new Error(`La ruta ${where} es del personal pero no declara su acción (config.action).`);
  if (access !== 'staff' && action) throw new Error(`La ruta ${where} declara una acción sin ser del personal.`);
}

/** the states and transitions' guard order: signed in → approved → staff → the role may perform the action. */
function enforceAccess(
  access: AccessLevel,
  action: StaffAction | undefined,
  auth: AuthContext | null,
  signedOutCode: 'not_authenticated' | 'session_not_found' = 'not_authenticated',
): void {
  if (access === 'public') return;
  if (!auth) {
    if (signedOutCode === 'session_not_found') throw new AppError('session_not_found', messages.accountRules.sessionNotFound);
    throw new AppError('not_authenticated', messages.accountRules.unauthorized);
  }
  if (access === 'user') return;
  if (!isApproved(auth.profile)) throw new AppError('not_approved', messages.errors.notApproved);
  // The shopper's own routes (cart, orders, lists, points, cuenta corriente): a customer, or staff
  // whose role also buys ('shop.own', decision 067); a rep, the warehouse and a driver do not.
  if (access === 'approved') {
    if (auth.role !== null && !can(auth.role, 'shop.own')) throw new AppError('forbidden', messages.errors.forbidden);
    return;
  }
  if (!action || !can(auth.role, action)) throw new AppError('forbidden', messages.errors.forbidden);
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

/** For handlers behind a guard: the authenticated context, narrowed. */
export function authOf(request: FastifyRequest): AuthContext & { profile: Profile } {
  if (!request.auth?.profile) throw new AppError('not_authenticated', messages.accountRules.unauthorized);
  return request.auth as AuthContext & { profile: Profile };
}

/** The staff member acting, with the request's address (for the audit log, decision 048). */
export function actorOf(request: FastifyRequest): Profile & { ip: string | null } {
  return { ...authOf(request).profile, ip: request.ip ?? null };
}

/** The auth guard as a named plugin: every group of routes declares it as a dependency (routes/plugin.ts). */
export const authPlugin = fp<{ pool: pg.Pool; jwtSecret: Uint8Array }>(async (app, deps) => registerAuth(app, deps), { name: 'auth', fastify: '5.x' });
