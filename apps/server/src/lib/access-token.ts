import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@mayorista/core';

export const TOKEN_ISSUER = 'mayorista';
export const TOKEN_AUDIENCE = 'authenticated';

export interface AccessTokenClaims {
  /** user id */
  sub: string;
  /** session id: checked against the sessions table on every request, so sign-out is immediate */
  sid: string;
  email: string;
}

export async function signAccessToken(
  claims: AccessTokenClaims,
  secret: Uint8Array,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ttlSeconds;
  const token = await new SignJWT({ sid: claims.sid, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
}

/**
 * Tokens already verified with a given key, until they expire. A browser sends the same token on
 * every request for an hour; checking its HMAC once is enough, because the same bytes under the
 * same key always verify the same way. Expiry is still enforced on every use, and revocation is
 * not decided here (plugins/auth.ts checks the session row each time). Keyed by the secret object,
 * so apps with different keys never share entries.
 */
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>>();
const MAX_CACHED_TOKENS = 10_000;

/** Verifies signature, algorithm (allowlist: HS256 only, so no `none` or key confusion), issuer, audience and expiry. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessTokenClaims | null> {
  let cache = verified.get(secret);
  if (!cache) verified.set(secret, (cache = new Map()));
  const hit = cache.get(token);
  if (hit) {
    if (hit.expiresAtMs > Date.now()) return hit.claims;
    cache.delete(token);
    return null;
  }
  const claims = await verifyWithJose(token, secret);
  if (claims) {
    // Oldest first out: a Map iterates in insertion order.
    if (cache.size >= MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(token, { claims: { sub: claims.sub, sid: claims.sid, email: claims.email }, expiresAtMs: claims.exp * 1000 });
  }
  return claims ? { sub: claims.sub, sid: claims.sid, email: claims.email } : null;
}

async function verifyWithJose(token: string, secret: Uint8Array): Promise<(AccessTokenClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    return { sub: payload.sub, sid: payload.sid, email: typeof payload.email === 'string' ? payload.email : '', exp: payload.exp };
  } catch {
    return null;
  }
}
