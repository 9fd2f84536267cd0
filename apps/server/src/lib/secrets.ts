import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The token signing secret: JWT_SECRET when given (several app processes must share it),
 * otherwise generated once and kept under DATA_DIR so restarts keep sessions valid.
 */
export function loadSigningSecret(dataDir: string, fromEnv: string | null): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, '.jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  } catch {
    /* first start */
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}
