import { createContext, useContext } from 'react';
import type { Profile, Session, SessionUser, SignOutScope } from '@mayorista/core/schemas/auth';
import type { AuthError } from './session/auth-errors';
import type { AuthClient, AuthResult, SignUpMetadataInput } from './session/auth-client';

/** the data model auth state plus the actions of the states and transitions and the API calls (docs/api.md). */
export interface AuthContextValue {
  user: SessionUser | null;
  profile: Profile | null;
  session: Session | null;
  /** True until the stored session (and the profile it implies) has been read once. */
  loading: boolean;
  signIn(email: string, password: string): Promise<{ error: AuthError | null }>;
  signUp(email: string, password: string, metadata: SignUpMetadataInput): Promise<{ error: AuthError | null }>;
  /** Always clears the local session; `error` is set only when it is worth telling the user. */
  signOut(scope?: SignOutScope): Promise<{ error: AuthError | null }>;
  refreshProfile(): Promise<void>;
  /** Sign-in by e-mail link (verification) or recovery link; they sign in like signIn. */
  verifyEmail(token: string): Promise<AuthResult<Session>>;
  resetPassword(token: string, password: string): Promise<AuthResult<Session>>;
  client: AuthClient;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** the error catalogue (docs/api.md): the auth hook used outside its provider throws. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth debe usarse dentro de <AuthProvider>.');
  return value;
}

/** The session where there may be none (a component also rendered by tests without the provider): null outside <AuthProvider>. */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}

/** The role rules live once in core (zod-free, so the first download stays small). */
export { isApproved } from '@mayorista/core/roles';
