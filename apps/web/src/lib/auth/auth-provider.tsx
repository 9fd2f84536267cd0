import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ERROR_CODES, ErrorCode } from '@mayorista/core/errors';
import { auth } from '@mayorista/core/messages/auth';
import { network } from '@mayorista/core/messages/network';
import type { Profile, Session, SessionUser, SignOutScope } from '@mayorista/core/schemas/auth';
import { apiRequest, isApiError, setAccessTokenProvider } from '../api-client';
import { offlineSource } from '../offline-source';
import { toast } from '../../components/ui/toast-store';
import { AuthContext, type AuthContextValue } from './auth-context';
import { AuthClient, type AuthChangeEvent, type SignUpMetadataInput } from './session/auth-client';
import { isSessionGoneError } from './session/auth-errors';

let defaultClient: AuthClient | null = null;
/** One client per page: every tab component and the API client share the same session. */
export function getDefaultAuthClient(): AuthClient {
  defaultClient ??= new AuthClient();
  return defaultClient;
}

interface AuthSnapshot {
  session: Session | null;
  user: SessionUser | null;
  profile: Profile | null;
}

const SIGNED_OUT: AuthSnapshot = { session: null, user: null, profile: null };

type UnauthenticatedCode = { [C in ErrorCode]: (typeof ERROR_CODES)[C] extends 'unauthenticated' ? C : never }[ErrorCode];
/**
 * The codes of kind `unauthenticated`: the server no longer accepts this session. Typed against
 * core's table, so a new code of that kind fails the type check until it is listed here; the
 * table itself stays out of the first download.
 */
const SESSION_GONE: Record<UnauthenticatedCode, true> = { not_authenticated: true, session_not_found: true };

const profileKey = (userId: string) => `mayorista.profile.${userId}`;
/** The last points balance the server gave this user on this device (lib/queries/points.ts). */
export const knownPointsKey = (userId: string) => `mayorista.points.${userId}`;

function rememberProfile(profile: Profile): void {
  try {
    localStorage.setItem(profileKey(profile.id), JSON.stringify(profile));
  } catch {
    // No storage: the app only opens online, as before.
  }
}

function rememberedProfile(userId: string): Profile | null {
  try {
    const raw = localStorage.getItem(profileKey(userId));
    const profile = raw ? (JSON.parse(raw) as Profile) : null;
    return profile?.id === userId ? profile : null;
  } catch {
    return null;
  }
}

/** Signing out: the customer's profile, points balance and catalogue snapshot leave the device (decisions 043, 057). */
function forgetProfile(userId: string | undefined): void {
  if (!userId) return;
  try {
    localStorage.removeItem(profileKey(userId));
    localStorage.removeItem(knownPointsKey(userId));
  } catch {
    // Nothing stored.
  }
  void offlineSource().then((source) => source?.forgetSnapshot(userId));
}

/** the API calls (docs/api.md): the profile row with the user's id. the error catalogue (docs/api.md) decides which failures are shown. */
async function fetchProfile(session: Session): Promise<{ profile: Profile | null; sessionGone: boolean }> {
  try {
    const profile = await apiRequest<Profile>(`/api/profiles/${encodeURIComponent(session.user.id)}`, {
      token: session.access_token,
    });
    rememberProfile(profile);
    return { profile, sessionGone: false };
  } catch (error) {
    const code = isApiError(error) ? error.code : null;
    if (code && code in SESSION_GONE) return { profile: null, sessionGone: true };
    if (code === 'network_error') {
      toast({ title: network.title, description: network.text, variant: 'destructive' });
      // Without signal the app still opens for a customer who signed in on this device before
      // (decision 043): the last profile the server gave, until the network is back.
      const remembered = rememberedProfile(session.user.id);
      if (remembered) return { profile: remembered, sessionGone: false };
    } else if (code !== 'not_found') {
      // the error catalogue (docs/api.md)'s silent case is the hosted API's 406 "no row"; this server answers not_found for
      // a user without a profile row, and that stays silent the same way.
      toast({ title: auth.profileErrorTitle, description: (error as Error).message, variant: 'destructive' });
    }
    return { profile: null, sessionGone: false };
  }
}

/**
 * Who is signed in, kept in step with the client's session changes: the session at once, the user
 * and profile together once the profile is known. Only the latest change writes the state.
 */
function useSessionState(client: AuthClient) {
  const [snapshot, setSnapshot] = useState<AuthSnapshot>(SIGNED_OUT);
  // A visitor with no stored session is signed out from the first render: no loading pass, and
  // the page renders in main.tsx's sliced first render rather than in a second, blocking one.
  const [loading, setLoading] = useState(() => client.hasStoredSession());
  // Only the latest change may write the state: a slow profile answer must not overwrite a sign-out.
  const changeSeq = useRef(0);
  const lastChange = useRef<Promise<void>>(Promise.resolve());
  /** A local sign-out: the state is cleared at once, and any change still in flight is dropped. */
  const signedOutHere = useCallback(() => {
    changeSeq.current++;
    setSnapshot(SIGNED_OUT);
  }, []);

  const applyChange = useCallback(
    (_event: AuthChangeEvent, session: Session | null): Promise<void> => {
      const seq = ++changeSeq.current;
      const run = (async () => {
        // The session is replaced at once; the user and profile follow together once the profile is
        // known, so the guard never sees a user without their profile and flashes "pending".
        if (!session) {
          setSnapshot(SIGNED_OUT);
        } else {
          const { profile, sessionGone } = await fetchProfile(session);
          if (seq !== changeSeq.current) return;
          if (sessionGone) {
            // The server no longer knows this session (signed out elsewhere): forget it here too.
            // clearLocalSession emits SIGNED_OUT, whose run ends the loading state.
            client.clearLocalSession();
            return;
          }
          setSnapshot({ session, user: session.user, profile });
        }
        // Every change is applied after the stored session was read, so the first one ends loading.
        // Ending it replaces the loading state with the whole app: as a transition, React renders
        // that in slices and the phone stays responsive (later changes stay urgent, as the guards
        // and sign-out rely on them being committed at once).
        startTransition(() => setLoading(false));
      })();
      lastChange.current = run;
      return run;
    },
    [client],
  );

  useEffect(() => {
    setAccessTokenProvider(() => client.getAccessToken());
    const unsubscribe = client.onAuthStateChange((event, session) => void applyChange(event, session));
    client.startAutoRefresh();
    return () => {
      unsubscribe();
      client.stopAutoRefresh();
    };
  }, [client, applyChange]);

  return { snapshot, loading, applyChange, lastChange, signedOutHere };
}

type SessionState = ReturnType<typeof useSessionState>;

/** Sign in, up and out, the e-mail and password links: each waits for the session change it causes. */
function useAuthActions(client: AuthClient, { applyChange, lastChange, signedOutHere }: SessionState) {
  const signIn = useCallback(
    async (email: string, password: string) => {
      const { error } = await client.signInWithPassword(email, password);
      if (!error) await lastChange.current;
      return { error };
    },
    [client, lastChange],
  );

  const signUp = useCallback(
    async (email: string, password: string, metadata: SignUpMetadataInput) => {
      const { error } = await client.signUp(email, password, metadata);
      return { error };
    },
    [client],
  );

  const signOut = useCallback(
    async (scope: SignOutScope = 'local') => {
      const leaving = client.currentSession()?.user.id;
      const { error } = await client.signOut(scope);
      if (scope !== 'others') {
        forgetProfile(leaving);
        // the states and transitions: cleared locally whatever the server said.
        signedOutHere();
      }
      if (error && !isSessionGoneError(error)) {
        toast({ title: auth.signOutErrorTitle, description: auth.signOutErrorText, variant: 'destructive' });
        return { error };
      }
      return { error: null };
    },
    [client, signedOutHere],
  );

  const refreshProfile = useCallback(async () => {
    const session = await client.getSession();
    await applyChange('USER_UPDATED', session);
  }, [client, applyChange]);

  const verifyEmail = useCallback(
    async (token: string) => {
      const result = await client.verifyEmail(token);
      if (!result.error) await lastChange.current;
      return result;
    },
    [client, lastChange],
  );

  const resetPassword = useCallback(
    async (token: string, password: string) => {
      const result = await client.resetPassword(token, password);
      if (!result.error) await lastChange.current;
      return result;
    },
    [client, lastChange],
  );

  return useMemo(
    () => ({ signIn, signUp, signOut, refreshProfile, verifyEmail, resetPassword }),
    [signIn, signUp, signOut, refreshProfile, verifyEmail, resetPassword],
  );
}

export function AuthProvider({ children, client: givenClient }: { children: ReactNode; client?: AuthClient }) {
  const client = givenClient ?? getDefaultAuthClient();
  const session = useSessionState(client);
  const actions = useAuthActions(client, session);
  const { snapshot, loading } = session;
  const value = useMemo<AuthContextValue>(
    () => ({ ...snapshot, loading, ...actions, client }),
    [snapshot, loading, actions, client],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
