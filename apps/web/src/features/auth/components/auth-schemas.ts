/**
 * The core zod schemas, loaded on demand: the account pages paint their form first and fetch
 * zod (about 27 kB gzip) in the background, so it never delays the first paint or the entry bundle.
 */
import type * as CoreSchemas from '@mayorista/core/schemas/index';

type AuthSchemas = typeof CoreSchemas;

let loading: Promise<AuthSchemas> | null = null;

export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('@mayorista/core/schemas/index').catch((error: unknown) => {
    loading = null; // a failed chunk load (offline) may be retried on the next submit
    throw error;
  });
  return loading;
}
