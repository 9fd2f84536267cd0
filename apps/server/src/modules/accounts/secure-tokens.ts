import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for refresh tokens and e-mail links. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this digest is stored, so a leaked database cannot be replayed as tokens. A plain
 * SHA-256 is enough (no salt, no slow hash): the input has 256 bits of entropy.
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
