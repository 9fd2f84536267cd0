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

/** Verifies signature, algorithm (allowlist: HS256 only, so no `none` or key confusion), issuer, audience and expiry. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid, email: typeof payload.email === 'string' ? payload.email : '' };
  } catch {
    return null;
  }
}
