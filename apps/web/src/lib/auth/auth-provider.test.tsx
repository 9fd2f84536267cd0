import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { messages } from '@mayorista/core/messages';
import { Toaster } from '../../components/ui/toaster';
import { dismissToast } from '../../components/ui/toast-store';
import { fakeServer, jsonResponse, makeSession } from '../../test/auth-fixtures';
import { AuthClient } from './session/auth-client';
import { memoryStore, SESSION_STORAGE_KEY } from './session/session-storage';
import { AuthProvider, useAuth, type AuthContextValue } from './index';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const PROFILE_PATH = 'GET /api/profiles/11111111-1111-4111-8111-111111111111';

function mount(profileAnswer: () => Response | Promise<Response>, options: { stored?: boolean } = {}) {
  const store = memoryStore();
  const session = makeSession();
  if (options.stored !== false) store.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  const server = fakeServer({ [PROFILE_PATH]: profileAnswer });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  const seen: AuthContextValue[] = [];
  function Probe() {
    const auth = useAuth();
    seen.push(auth);
    return <p>{auth.loading ? 'cargando' : `listo:${auth.user?.id ?? 'nadie'}:${auth.profile?.nombre ?? 'sin perfil'}`}</p>;
  }
  render(
    <AuthProvider client={new AuthClient({ store })}>
      <Probe />
      <Toaster />
    </AuthProvider>,
  );
  return { seen, server, session };
}

describe('AuthProvider (the states and transitions)', () => {
  it('starts loading and ends with the recovered user and their profile, fetched with the access token', async () => {
    const { seen, server, session } = mount(() => jsonResponse(200, { id: session.user.id, nombre: 'Lucía', approved: true }));
    expect(seen[0]?.loading).toBe(true);
    expect(await screen.findByText('listo:11111111-1111-4111-8111-111111111111:Lucía')).toBeInTheDocument();
    expect(server.calls.find((c) => c.url.startsWith('/api/profiles/'))?.authorization).toBe(`Bearer ${session.access_token}`);
    // Never a signed-in user without their profile state settled (no flash of "pending").
    expect(seen.some((s) => !s.loading && s.user && !s.profile)).toBe(false);
  });

  it('renders signed out from the first pass when nothing is stored, without asking for a profile', async () => {
    const { seen, server } = mount(() => jsonResponse(500, {}), { stored: false });
    // No loading pass: the whole app renders once, in main.tsx's sliced first render.
    expect(seen[0]).toMatchObject({ loading: false, user: null, profile: null });
    expect(await screen.findByText('listo:nadie:sin perfil')).toBeInTheDocument();
    expect(seen.every((s) => !s.loading)).toBe(true);
    expect(server.calls).toHaveLength(0);
  });

  it('shows a destructive "Error de perfil" with the message when the profile fails (not a missing profile)', async () => {
    mount(() => jsonResponse(500, { code: 'internal', message: 'Falló la base.' }));
    expect(await screen.findByText(messages.auth.profileErrorTitle)).toBeInTheDocument();
    expect(screen.getByText('Falló la base.')).toBeInTheDocument();
    expect(screen.getByText(messages.auth.profileErrorTitle).closest('li')).toHaveAttribute('data-variant', 'destructive');
    // Loading ends in a transition, which may commit after the toast.
    expect(await screen.findByText(/listo:.*:sin perfil/)).toBeInTheDocument();
  });

  // the error catalogue (docs/api.md)'s "406" is the hosted API's "no profile row"; this server answers it as not_found.
  it('stays silent when the user has no profile row (not_found)', async () => {
    mount(() => jsonResponse(404, { code: 'not_found', message: 'x' }));
    expect(await screen.findByText(/listo:.*:sin perfil/)).toBeInTheDocument();
    expect(screen.queryByText(messages.auth.profileErrorTitle)).not.toBeInTheDocument();
  });

  it('shows "Error de red" when the server cannot be reached', async () => {
    mount(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText(messages.network.title)).toBeInTheDocument();
    expect(screen.getByText(messages.network.text)).toBeInTheDocument();
  });

  it('forgets a session the server no longer accepts (401 on the profile)', async () => {
    mount(() => jsonResponse(401, { code: 'not_authenticated', message: 'Tenés que iniciar sesión.' }));
    expect(await screen.findByText('listo:nadie:sin perfil')).toBeInTheDocument();
  });

  it('throws when useAuth is used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(/AuthProvider/);
  });

  it('signIn resolves once the profile is known, and registers the token for every API call', async () => {
    const session = makeSession();
    const server = fakeServer({
      'POST /api/auth/token?grant_type=password': () => jsonResponse(200, session),
      [PROFILE_PATH]: () => jsonResponse(200, { id: session.user.id, nombre: 'Lucía', approved: true }),
      'GET /api/points': () => jsonResponse(200, { saldo_puntos: 0 }),
    });
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    let auth: AuthContextValue | null = null;
    function Probe() {
      auth = useAuth();
      return null;
    }
    render(
      <AuthProvider client={new AuthClient({ store: memoryStore() })}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(auth?.loading).toBe(false));
    const { error } = await auth!.signIn('cliente@example.com', 'clave-segura-123');
    expect(error).toBeNull();
    await waitFor(() => expect(auth?.profile?.nombre).toBe('Lucía'));
    const { apiRequest } = await import('../../lib/api-client');
    await apiRequest('/api/points');
    expect(server.calls.at(-1)?.authorization).toBe(`Bearer ${session.access_token}`);
  });
});
