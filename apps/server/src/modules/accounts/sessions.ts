import { ACCESS_TOKEN_TTL_SECONDS, type Session } from '@mayorista/core';
import { signAccessToken } from '../../lib/access-token';
import { insertSessionWithToken, toSessionUser, type Executor, type UserRow } from './accounts.repository';
import { generateOpaqueToken, hashOpaqueToken } from './secure-tokens';

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

/**
 * The answer for a session whose refresh token is already stored: a new access token beside it,
 * in the data model's shape.
 */
export async function sessionAnswer(
  jwtSecret: Uint8Array,
  sessionId: string,
  user: Pick<UserRow, 'id' | 'email' | 'metadata'>,
  refreshToken: string,
): Promise<Session> {
  const { token, expiresAt } = await signAccessToken({ sub: user.id, sid: sessionId, email: user.email }, jwtSecret);
  return {
    access_token: token,
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    token_type: 'bearer',
    user: toSessionUser(user),
  };
}

/** Signs a user in on a new device: a sessions row and its first refresh token (one statement), and an access token. */
export async function startSession(
  db: Executor,
  jwtSecret: Uint8Array,
  user: Pick<UserRow, 'id' | 'email' | 'metadata'>,
  client: ClientInfo,
): Promise<Session> {
  const refreshToken = generateOpaqueToken();
  const sessionId = await insertSessionWithToken(db, { userId: user.id, ...client, tokenHash: hashOpaqueToken(refreshToken) });
  return sessionAnswer(jwtSecret, sessionId, user, refreshToken);
}
