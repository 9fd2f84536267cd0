/**
 * The session every page and feature reads (who is signed in, their profile, sign-in/out), shared
 * so features never import one another. The initial bundle loads it: no zod here. The account
 * forms, which validate with the core zod schemas, are features/auth/forms.ts, for lazy pages only.
 */
export { AuthProvider, getDefaultAuthClient, knownPointsKey } from './auth-provider';
export { useAuth, useOptionalAuth, isApproved, type AuthContextValue } from './auth-context';
export { isAdmin, PANEL_ACTIONS, seesPanel, shopsForSelf, staffHomeOf, type PanelAction } from './roles';
export { AuthClient, type AuthChangeEvent } from './session/auth-client';
export {
  AuthError,
  AuthApiError,
  AuthInvalidCredentialsError,
  AuthInvalidTokenResponseError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
} from './session/auth-errors';
