import { describe, expect, it } from 'vitest';
import { createVerifiedUser, DEFAULT_TEST_PASSWORD } from './factories';
import { setupTestApp } from './helpers';
import { measure } from './round-trip-probe';

/**
 * How many statements, round-trips and pool checkouts a session costs (decision 077), counted as
 * the cart's are (round-trip-probe.ts). The refresh is the broadcast's first step: 1,000 returning
 * customers refresh their session in the first minute, while every trip waits for the pool.
 */
const ctx = await setupTestApp({ env: { RATE_LIMIT_AUTH_MAX: '1000' } });

const refresh = (refresh_token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token } });
const signIn = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password: DEFAULT_TEST_PASSWORD } });

/** Pretends the token was rotated `seconds` ago. */
const ageRotation = (refreshToken: string, seconds: number) =>
  ctx.pool.query(
    `update refresh_tokens set rotated_at = now() - make_interval(secs => $2)
      where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
    [refreshToken, seconds],
  );

describe('round-trips of a session (decision 077)', () => {
  it('a refresh, as the broadcast sends it: the lock, the user, the rotation and the new token in one statement', async () => {
    const user = await createVerifiedUser(ctx);
    // Warm: connections open and named statements prepared, as on a running server.
    const warm = await refresh(user.session.refresh_token);
    expect(warm.statusCode).toBe(200);
    // Before: 7 statements in 7 trips on 1 checkout: BEGIN; the token and its session FOR UPDATE;
    // the user; the rotation mark; the session's touch; the new token; COMMIT.
    expect(await measure(() => refresh(warm.json().refresh_token))).toEqual({ status: 200, trips: 1, statements: 1, checkouts: 1 });
  });

  it('a rotated token again: inside the grace window a session, after it the revocation; an unknown token', async () => {
    const user = await createVerifiedUser(ctx);
    expect((await refresh(user.session.refresh_token)).statusCode).toBe(200);
    // Before: 6 / 6 / 1 inside the window (no second mark), 5 / 5 / 1 for the revocation (BEGIN,
    // lock, revoke, NOTIFY, COMMIT), 3 / 3 / 1 for an unknown token (BEGIN, lock, COMMIT).
    expect(await measure(() => refresh(user.session.refresh_token))).toEqual({ status: 200, trips: 1, statements: 1, checkouts: 1 });
    await ageRotation(user.session.refresh_token, 11);
    expect(await measure(() => refresh(user.session.refresh_token))).toEqual({ status: 400, trips: 1, statements: 1, checkouts: 1 });
    expect(await measure(() => refresh('no-existe-este-token'))).toEqual({ status: 400, trips: 1, statements: 1, checkouts: 1 });
  });

  it('a sign-in with password: the session and its first refresh token in one statement', async () => {
    const user = await createVerifiedUser(ctx);
    expect((await signIn(user.email)).statusCode).toBe(200);
    // Before: 5 statements, 5 trips, 5 checkouts (the session and its token were two).
    expect(await measure(() => signIn(user.email))).toEqual({ status: 200, trips: 4, statements: 4, checkouts: 4 });
  });
});
