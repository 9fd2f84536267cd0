import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { buildApp } from '../src/app';
import { createDatabase, createPool } from '../src/db/client';
import { MAX_UNJOINED_SOCKETS_PER_IP } from '../src/routes/realtime.routes';
import { openRealtimeSocket, type RealtimeMessage } from './admin-orders-fixtures';
import { createAdmin, createSuperAdmin } from './factories';
import { setupTestApp, testConfig } from './helpers';

/**
 * The abuse-limits work (decision 010): unauthenticated sockets are capped per address and must join within a few
 * seconds; a session signed out or revoked loses its sockets at once, in every process.
 *
 * Two app instances share one database, as two processes behind a load balancer would: `ctx`
 * (the usual one) and `second`, built on the same database with a short join deadline and
 * trusting the local proxy, so tests can speak for several client addresses.
 */
const ctx = await setupTestApp();
const JOIN_TIMEOUT_MS = 400;
const secondPool = createPool(ctx.databaseUrl, 4);
const secondConfig = testConfig({ TRUST_PROXY: '127.0.0.1' });
const second: FastifyInstance = await buildApp({
  config: secondConfig,
  pool: secondPool,
  db: createDatabase(secondPool),
  jwtSecret: new TextEncoder().encode(secondConfig.jwtSecret!),
  webDistDir: null,
  logger: false,
  realtimeJoinTimeoutMs: JOIN_TIMEOUT_MS,
});
afterAll(async () => {
  await second.close();
  await secondPool.end();
});

const wsUrl = async (app: FastifyInstance) => `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/realtime`;
const firstUrl = await wsUrl(ctx.app);
const secondUrl = await wsUrl(second);

/** A socket to the second instance that claims, through the trusted local proxy, to come from `ip`. */
async function openFrom(ip: string) {
  const { WebSocket } = await import('ws');
  const socket = new WebSocket(secondUrl, { headers: { 'x-forwarded-for': ip } });
  const received: RealtimeMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as RealtimeMessage));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received, closed };
}

describe('unauthenticated sockets', () => {
  it(`at most ${MAX_UNJOINED_SOCKETS_PER_IP} per address; the next is refused in Spanish and closed, other addresses unaffected`, async () => {
    const ip = '203.0.113.50';
    const held = [];
    for (let i = 0; i < MAX_UNJOINED_SOCKETS_PER_IP; i++) held.push(await openFrom(ip));
    const refused = await openFrom(ip);
    expect(await refused.closed).toBe(1008);
    expect(refused.received.at(-1)?.payload).toEqual({ status: 'error', response: { reason: messages.security.realtimeTooManyAnonymous } });
    const elsewhere = await openFrom('203.0.113.51');
    expect(elsewhere.socket.readyState).toBe(elsewhere.socket.OPEN);
    for (const s of [...held, elsewhere]) s.socket.close();
  });

  it('a socket that does not join in time is closed with a Spanish reason', async () => {
    const idle = await openFrom('203.0.113.52');
    expect(await idle.closed).toBe(1008);
    expect(idle.received.at(-1)?.payload).toEqual({ status: 'error', response: { reason: messages.security.realtimeJoinTimeout } });
  });

  it('a socket that joined in time stays open past the deadline', async () => {
    const admin = await createAdmin(ctx);
    const socket = await openRealtimeSocket(secondUrl);
    expect((await socket.join(admin.session.access_token)).payload.status).toBe('ok');
    // Past the deadline, the socket still answers heartbeats.
    await new Promise((r) => setTimeout(r, JOIN_TIMEOUT_MS * 2));
    expect((await socket.push('phoenix', 'heartbeat')).payload.status).toBe('ok');
    expect(socket.closeCode).toBeNull();
    socket.close();
  });
});

describe('sign-out and revocation close sockets at once', () => {
  const logout = (app: FastifyInstance, accessToken: string, scope: 'local' | 'global' | 'others') =>
    app.inject({ method: 'POST', url: `/api/auth/logout?scope=${scope}`, headers: { authorization: `Bearer ${accessToken}` } });

  it("signing out in one process closes that session's socket in another; the admin's other session stays", async () => {
    const admin = await createAdmin(ctx);
    const otherSession = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: admin.email, password: admin.password } });
    const otherToken = otherSession.json<{ access_token: string }>().access_token;
    const leaving = await openRealtimeSocket(secondUrl);
    const staying = await openRealtimeSocket(secondUrl);
    expect((await leaving.join(admin.session.access_token)).payload.status).toBe('ok');
    expect((await staying.join(otherToken)).payload.status).toBe('ok');

    expect((await logout(ctx.app, admin.session.access_token, 'local')).statusCode).toBe(204);
    // Well before the 5-minute re-check: the NOTIFY from the first process reaches the second.
    expect(await leaving.waitForClose(3000)).toBe(1008);
    expect(leaving.received.at(-1)?.payload).toEqual({ status: 'error', response: { reason: messages.realtime.notAuthenticated } });
    expect((await staying.push('phoenix', 'heartbeat')).payload.status).toBe('ok');
    expect(staying.closeCode).toBeNull();
    staying.close();
  });

  it('a global sign-out closes every socket of the user, in both processes', async () => {
    const admin = await createAdmin(ctx);
    const onFirst = await openRealtimeSocket(firstUrl);
    const onSecond = await openRealtimeSocket(secondUrl);
    expect((await onFirst.join(admin.session.access_token)).payload.status).toBe('ok');
    expect((await onSecond.join(admin.session.access_token)).payload.status).toBe('ok');
    expect((await logout(second, admin.session.access_token, 'global')).statusCode).toBe(204);
    expect(await onFirst.waitForClose(3000)).toBe(1008);
    expect(await onSecond.waitForClose(3000)).toBe(1008);
  });

  it('a password reset (which revokes every session) closes the sockets too', async () => {
    const admin = await createAdmin(ctx);
    const socket = await openRealtimeSocket(firstUrl);
    expect((await socket.join(admin.session.access_token)).payload.status).toBe('ok');
    const { revokeUserSessions } = await import('../src/modules/accounts/accounts.repository');
    await ctx.db.transaction((tx) => revokeUserSessions(tx, admin.userId));
    expect(await socket.waitForClose(3000)).toBe(1008);
  });

  it("a demoted admin's sockets close at once, in every process", async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const admin = await createAdmin(ctx);
    const socket = await openRealtimeSocket(secondUrl);
    expect((await socket.join(admin.session.access_token)).payload.status).toBe('ok');
    const demoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.userId}/role`,
      headers: superAdmin.headers,
      payload: { is_admin: false },
    });
    expect(demoted.statusCode).toBe(200);
    expect(await socket.waitForClose(3000)).toBe(1008);
    expect(socket.received.at(-1)?.payload).toEqual({ status: 'error', response: { reason: messages.realtime.adminsOnly } });
  });
});
