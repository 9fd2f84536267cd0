/**
 * Public surface of the auth feature that the initial bundle may load: no zod here. The forms
 * (which validate with the core zod schemas) are exported from ./forms.ts for lazy pages only.
 */
export { AuthProvider, getDefaultAuthClient } from './auth-provider';
export { useAuth, isApproved, type AuthContextValue } from './auth-context';
export { isAdmin } from './roles';
export { AuthClient, type AuthChangeEvent } from './session/auth-client';
export {
  AuthError,
  AuthApiError,
  AuthInvalidCredentialsError,
  AuthInvalidTokenResponseError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
} from './session/auth-errors';
