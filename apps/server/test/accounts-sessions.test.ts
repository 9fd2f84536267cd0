import { describe, expect, it, vi } from 'vitest';
import type * as argon2 from '@node-rs/argon2';
import { verify as argon2Verify } from '@node-rs/argon2';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { messages, type Session } from '@mayorista/core';
import { setupTestApp } from './helpers';
import { createVerifiedUser, DEFAULT_TEST_PASSWORD } from './factories';

// A pass-through spy on the password library (outside the product): it still verifies for real,
// and tells us whether a sign-in paid for an argon2 verification.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

const ctx = await setupTestApp({ env: { RATE_LIMIT_AUTH_MAX: '1000' } });

const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password } });
const refresh = (refresh_token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token } });
const getUser = (accessToken: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${accessToken}` } });
const logout = (accessToken: string, scope?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/auth/logout${scope ? `?scope=${scope}` : ''}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });

async function signedIn(email: string, password = DEFAULT_TEST_PASSWORD): Promise<Session> {
  const res = await signIn(email, password);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Pretends the token was rotated `seconds` ago. */
async function ageRotation(refreshToken: string, seconds: number) {
  await ctx.pool.query(
    `update refresh_tokens set rotated_at = now() - make_interval(secs => $2)
      where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
    [refreshToken, seconds],
  );
}

const sessionRow = async (accessToken: string) => {
  const { sid } = decodeJwt(accessToken) as { sid: string };
  const { rows } = await ctx.pool.query('select revoked_at, refreshed_at from sessions where id = $1', [sid]);
  return rows[0] as { revoked_at: Date | null; refreshed_at: Date | null };
};

describe('sign-in with password', () => {
  it('answers the exact the data model session, with a short-lived HS256 JWT tied to a session row', async () => {
    const user = await createVerifiedUser(ctx, { email: 'Sesion@Example.com', nombre: 'Marta' });
    const before = Math.floor(Date.now() / 1000);
    const session = await signedIn('  SESION@example.com ');
    expect(Object.keys(session).sort()).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'user']);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThanOrEqual(before + 3602);
    expect(session.user).toEqual({ id: user.userId, email: 'sesion@example.com', user_metadata: expect.objectContaining({ nombre: 'Marta' }) });
    expect(decodeProtectedHeader(session.access_token).alg).toBe('HS256');
    const claims = decodeJwt(session.access_token);
    expect(claims.sub).toBe(user.userId);
    expect(claims.exp).toBe(session.expires_at);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Only a digest of the refresh token is stored.
    const { rows } = await ctx.pool.query('select token_hash from refresh_tokens where session_id = $1', [claims.sid]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(session.refresh_token);
    expect((await getUser(session.access_token)).json().user.id).toBe(user.userId);
  });

  it('answers a wrong password and an unknown address the same way (400 invalid_credentials)', async () => {
    const user = await createVerifiedUser(ctx);
    const wrong = await signIn(user.email, 'no-es-la-clave');
    const unknown = await signIn('nadie-registrado@example.com', 'no-es-la-clave');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_credentials', message: messages.auth.invalidCredentials });
    }
  });

  it('runs an argon2 verification for unknown addresses too, so timing does not reveal who is registered', async () => {
    const user = await createVerifiedUser(ctx);
    const verifications = vi.mocked(argon2Verify);
    for (const email of [user.email, 'nadie@example.com']) {
      verifications.mockClear();
      expect((await signIn(email, 'no-es-la-clave')).json().code).toBe('invalid_credentials');
      expect(verifications).toHaveBeenCalledTimes(1);
    }
  });

  it('refuses an unverified account with 403 email_not_confirmed, but only after a correct password', async () => {
    const user = await createVerifiedUser(ctx, { verified: false });
    const right = await signIn(user.email, DEFAULT_TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'email_not_confirmed', message: messages.auth.emailNotVerified });
    expect((await signIn(user.email, 'otra-clave-cualquiera')).json().code).toBe('invalid_credentials');
  });

  it('answers missing credentials with the spec message and bad grant types with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: 'a@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You must provide either an email or phone number and a password');
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('You must provide either an email or phone number and a password');
    const badGrant = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=magic', payload: {} });
    expect(badGrant.statusCode).toBe(400);
    const noGrant = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: {} });
    expect(noGrant.statusCode).toBe(400);
  });
});

describe('refresh token rotation', () => {
  it('rotates on every use: a new refresh token, the same session, refreshed_at set', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await signedIn(user.email);
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second: Session = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid);
    expect(second.user.id).toBe(user.userId);
    expect((await sessionRow(first.access_token)).refreshed_at).toBeInstanceOf(Date);
    const { rows } = await ctx.pool.query(
      'select rotated_at is not null as rotated from refresh_tokens where session_id = $1 order by id',
      [decodeJwt(first.access_token).sid],
    );
    expect(rows.map((r) => r.rotated)).toEqual([true, false]);
    // The rotated-to token works in turn.
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it('within the 10 s grace window, a reused token still gets a session for the same session (two tabs)', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await signedIn(user.email);
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const sid = decodeJwt(first.access_token).sid;
    expect(decodeJwt(a.json().access_token).sid).toBe(sid);
    expect(decodeJwt(b.json().access_token).sid).toBe(sid);
    expect((await sessionRow(first.access_token)).revoked_at).toBeNull();
    expect((await getUser(b.json().access_token)).statusCode).toBe(200);
  });

  it('after the grace window, reuse revokes the whole session: 400 refresh_token_reused, descendants and access tokens die', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await signedIn(user.email);
    const second: Session = (await refresh(first.refresh_token)).json();
    await ageRotation(first.refresh_token, 11);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ code: 'refresh_token_reused', message: messages.accountRules.invalidRefreshToken });
    expect((await sessionRow(first.access_token)).revoked_at).toBeInstanceOf(Date);
    // The legitimate-looking child token and the current access token are dead too.
    const child = await refresh(second.refresh_token);
    expect(child.statusCode).toBe(400);
    expect(child.json().code).toBe('invalid_refresh_token');
    expect((await getUser(second.access_token)).statusCode).toBe(401);
    // Other sessions of the same user are not affected.
    const other = await signedIn(user.email);
    expect((await getUser(other.access_token)).statusCode).toBe(200);
  });

  it('still honours reuse at 9 s (inside the window)', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await signedIn(user.email);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    await ageRotation(first.refresh_token, 9);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
  });

  it('refuses unknown, empty and revoked-session refresh tokens with 400', async () => {
    const unknown = await refresh('no-existe-este-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'invalid_refresh_token', message: messages.accountRules.invalidRefreshToken });
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: {} });
    expect(empty.statusCode).toBe(400);
    const user = await createVerifiedUser(ctx);
    expect((await logout(user.session.access_token)).statusCode).toBe(204);
    const revoked = await refresh(user.session.refresh_token);
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().code).toBe('invalid_refresh_token');
  });

  it('five tabs refreshing one token at once: five sessions, the token rotated once, five new tokens (they queue on the lock)', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await signedIn(user.email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().refresh_token)).size).toBe(5);
    const { rows } = await ctx.pool.query<{ rotated: boolean }>(
      'select rotated_at is not null as rotated from refresh_tokens where session_id = $1 order by id',
      [decodeJwt(first.access_token).sid],
    );
    expect(rows.map((r) => r.rotated)).toEqual([true, false, false, false, false, false]);
    expect((await sessionRow(first.access_token)).revoked_at).toBeNull();
  });

  it('a refresh that waited on the lock decides on the rows as their holder left them (a rotation long ago: reuse)', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await signedIn(user.email);
    const holder = await ctx.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(
        `update refresh_tokens set rotated_at = now() - make_interval(secs => 60)
          where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
        [first.refresh_token],
      );
      const waiting = refresh(first.refresh_token);
      const waitingOnLock = async () =>
        (await ctx.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))
          .rows[0]!.n;
      await expect.poll(waitingOnLock).toBe(1);
      await holder.query('commit');
      const res = await waiting;
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('refresh_token_reused');
      expect((await sessionRow(first.access_token)).revoked_at).toBeInstanceOf(Date);
    } finally {
      holder.release();
    }
  });

  it('a reuse after the grace window tells every process at once (NOTIFY sessions_revoked with the user id), after the commit', async () => {
    const user = await createVerifiedUser(ctx);
    const first = await signedIn(user.email);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    await ageRotation(first.refresh_token, 11);
    const listener = await ctx.pool.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => {
        if (n.channel === 'sessions_revoked') heard.push(n.payload ?? '');
      });
      await listener.query('listen sessions_revoked');
      expect((await refresh(first.refresh_token)).statusCode).toBe(400);
      await expect.poll(() => heard).toEqual([user.userId]);
    } finally {
      await listener.query('unlisten sessions_revoked');
      listener.release();
    }
  });
});

describe('sign-out scopes', () => {
  async function threeSessions() {
    const user = await createVerifiedUser(ctx);
    const sessions = [user.session, await signedIn(user.email), await signedIn(user.email)];
    for (const s of sessions) expect((await getUser(s.access_token)).statusCode).toBe(200);
    return { user, sessions };
  }

  it('local (the default) ends only this session, and its access token is refused at once', async () => {
    const { sessions } = await threeSessions();
    const res = await logout(sessions[0]!.access_token);
    expect(res.statusCode).toBe(204);
    const after = await getUser(sessions[0]!.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('not_authenticated');
    expect((await getUser(sessions[1]!.access_token)).statusCode).toBe(200);
    expect((await getUser(sessions[2]!.access_token)).statusCode).toBe(200);
  });

  it('global ends every session of the user', async () => {
    const { sessions } = await threeSessions();
    const bystander = await createVerifiedUser(ctx);
    expect((await logout(sessions[1]!.access_token, 'global')).statusCode).toBe(204);
    for (const s of sessions) {
      expect((await getUser(s.access_token)).statusCode).toBe(401);
      expect((await refresh(s.refresh_token)).statusCode).toBe(400);
    }
    expect((await getUser(bystander.session.access_token)).statusCode).toBe(200);
  });

  it('others ends every session except this one', async () => {
    const { sessions } = await threeSessions();
    expect((await logout(sessions[2]!.access_token, 'others')).statusCode).toBe(204);
    expect((await getUser(sessions[0]!.access_token)).statusCode).toBe(401);
    expect((await getUser(sessions[1]!.access_token)).statusCode).toBe(401);
    expect((await getUser(sessions[2]!.access_token)).statusCode).toBe(200);
  });

  it('answers 401 session_not_found when the session is already gone or missing, and 400 for a bad scope', async () => {
    const user = await createVerifiedUser(ctx);
    expect((await logout(user.session.access_token)).statusCode).toBe(204);
    const again = await logout(user.session.access_token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'session_not_found', message: messages.accountRules.sessionNotFound });
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(none.json().code).toBe('session_not_found');
    const other = await createVerifiedUser(ctx);
    expect((await logout(other.session.access_token, 'todo')).statusCode).toBe(400);
    expect((await getUser(other.session.access_token)).statusCode).toBe(200);
  });
});

describe('user and profile reads', () => {
  it('GET /api/auth/user needs a session and answers { user }', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);
    const user = await createVerifiedUser(ctx, { nombre: 'Rosa' });
    const res = await getUser(user.session.access_token);
    expect(res.json()).toEqual({ user: { id: user.userId, email: user.email, user_metadata: expect.objectContaining({ nombre: 'Rosa' }) } });
  });

  it('GET /api/profiles/:id answers your own profile and 404 for anyone else (even existing ids)', async () => {
    const me = await createVerifiedUser(ctx, { approved: false, saldo_puntos: 1234, dni: '27111222' });
    const someoneElse = await createVerifiedUser(ctx);
    const own = await ctx.app.inject({ method: 'GET', url: `/api/profiles/${me.userId}`, headers: me.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      id: me.userId,
      nombre: 'Cliente',
      apellido: 'Prueba',
      email: me.email,
      dni: '27111222',
      approved: false,
      is_admin: false,
      is_super_admin: false,
      staff_role: null,
      saldo_puntos: 1234,
    });
    const other = await ctx.app.inject({ method: 'GET', url: `/api/profiles/${someoneElse.userId}`, headers: me.headers });
    expect(other.statusCode).toBe(404);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/profiles/00000000-0000-0000-0000-000000000000', headers: me.headers });
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    const garbage = await ctx.app.inject({ method: 'GET', url: '/api/profiles/no-es-un-uuid', headers: me.headers });
    expect(garbage.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/profiles/${me.userId}` })).statusCode).toBe(401);
  });

  it('offers no way to write privileged profile fields as a user', async () => {
    const me = await createVerifiedUser(ctx, { approved: false });
    for (const method of ['PATCH', 'PUT', 'POST'] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/api/profiles/${me.userId}`,
        headers: me.headers,
        payload: { approved: true, is_admin: true, is_super_admin: true, saldo_puntos: 10_000_000 },
      });
      expect(res.statusCode).toBe(404);
    }
    const { rows } = await ctx.pool.query('select approved, is_admin, is_super_admin, saldo_puntos from profiles where id = $1', [me.userId]);
    expect(rows[0]).toEqual({ approved: false, is_admin: false, is_super_admin: false, saldo_puntos: 0 });
  });

  it('refuses a forged signature and alg none', async () => {
    const user = await createVerifiedUser(ctx);
    const [header, payload] = user.session.access_token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await getUser(`${noneHeader}.${payload}.`)).statusCode).toBe(401);
    expect((await getUser(`${header}.${payload}.firma-falsa`)).statusCode).toBe(401);
  });
});
