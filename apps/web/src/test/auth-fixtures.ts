import type { Profile, Session } from '@mayorista/core/schemas/auth';

let counter = 0;

/** A session shaped like the server's answer (the data model), expiring `expiresInMs` from `nowMs`. */
export function makeSession(overrides: { expiresInMs?: number; nowMs?: number; userId?: string; nombre?: string } = {}): Session {
  counter += 1;
  const now = overrides.nowMs ?? Date.now();
  const expiresIn = overrides.expiresInMs ?? 3_600_000;
  const userId = overrides.userId ?? '11111111-1111-4111-8111-111111111111';
  return {
    access_token: `access-${counter}`,
    refresh_token: `refresh-${counter}`,
    expires_in: Math.round(expiresIn / 1000),
    expires_at: Math.round((now + expiresIn) / 1000),
    token_type: 'bearer',
    user: { id: userId, email: 'cliente@example.com', user_metadata: { nombre: overrides.nombre ?? 'Lucía' } },
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    nombre: 'Lucía',
    apellido: 'Pérez',
    email: 'cliente@example.com',
    dni: '30123456',
    approved: true,
    is_admin: false,
    is_super_admin: false,
    saldo_puntos: 0,
    ...overrides,
  };
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
  at: number;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch stub at the network boundary: routes by "METHOD /path", records every call. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method,
      url: `${url.pathname}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
      at: Date.now(),
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { code: 'not_found', message: 'No existe.' });
    return handler(call);
  };
  return { calls, fetch: fetchStub };
}
