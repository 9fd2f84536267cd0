import { ACCESS_TOKEN_TTL_SECONDS, type Session } from '@mayorista/core';
import { signAccessToken } from '../../lib/access-token';
import { insertRefreshToken, insertSession, toSessionUser, type Executor, type UserRow } from './accounts.repository';
import { generateOpaqueToken, hashOpaqueToken } from './secure-tokens';

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

/** A new refresh token and access token for an existing session, in the data model's shape. */
export async function issueSessionTokens(
  db: Executor,
  jwtSecret: Uint8Array,
  sessionId: string,
  user: Pick<UserRow, 'id' | 'email' | 'metadata'>,
): Promise<Session> {
  const refreshToken = generateOpaqueToken();
  await insertRefreshToken(db, sessionId, hashOpaqueToken(refreshToken));
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

/** Signs a user in on a new device: a sessions row, its first refresh token and an access token. */
export async function startSession(
  db: Executor,
  jwtSecret: Uint8Array,
  user: Pick<UserRow, 'id' | 'email' | 'metadata'>,
  client: ClientInfo,
): Promise<Session> {
  const sessionId = await insertSession(db, { userId: user.id, ...client });
  return issueSessionTokens(db, jwtSecret, sessionId, user);
}
