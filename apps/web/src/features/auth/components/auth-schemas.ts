/**
 * The core account schemas, loaded on demand: zod is about 27 kB gzip and costs a long task to
 * evaluate on a phone, so the account pages paint without it and fetch it when the user starts on
 * the form (first focus) or, at the latest, on submit.
 */
import type * as CoreAuthSchemas from '@mayorista/core/schemas/auth';

type AuthSchemas = typeof CoreAuthSchemas;

let loading: Promise<AuthSchemas> | null = null;
let loaded: AuthSchemas | null = null;

export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('@mayorista/core/schemas/auth')
    .then((schemas) => (loaded = schemas))
    .catch((error: unknown) => {
      loading = null; // a failed chunk load (offline) may be retried on the next submit
      throw error;
    });
  return loading;
}

/** Starts loading the schemas without waiting (a form's onFocus); a failure is retried on submit. */
export function preloadAuthSchemas(): void {
  loadAuthSchemas().catch(() => {});
}

/** The schemas once loaded, for judging a field synchronously; null before the first load ends. */
export function loadedAuthSchemas(): AuthSchemas | null {
  return loaded;
}
