import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from './helpers';
import { createAdmin, createSuperAdmin, createVerifiedUser } from './factories';
import { insertOrder, openRealtimeSocket, type RealtimeTestSocket } from './admin-orders-fixtures';

const ctx = await setupTestApp();
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const address = ctx.app.server.address();
const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/realtime`;

const admin = await createAdmin(ctx);
const superAdmin = await createSuperAdmin(ctx);
const customer = await createVerifiedUser(ctx, { nombre: 'Rosa' });
const unapprovedAdmin = await createVerifiedUser(ctx, { approved: false, is_admin: true });

const opened: RealtimeTestSocket[] = [];
const open = async () => {
  const socket = await openRealtimeSocket(url);
  opened.push(socket);
  return socket;
};
afterAll(() => opened.forEach((s) => s.close()));
// Each test closes what it opened: unjoined sockets count against the address (the abuse-limits work, decision 010).
afterEach(async () => {
  const done = opened.splice(0);
  done.forEach((s) => s.close());
  await Promise.all(done.map((s) => s.waitForClose().catch(() => undefined)));
});

/** A joined socket of its own admin, so the per-user socket limit never interferes between tests. */
const joinedAdminSocket = async () => {
  const owner = await createAdmin(ctx);
  const socket = await open();
  expect((await socket.join(owner.session.access_token)).payload.status).toBe('ok');
  return socket;
};

describe('GET /realtime', () => {
  it('an admin joins and receives each new order with the customer name', async () => {
    const socket = await open();
    const reply = await socket.join(admin.session.access_token);
    expect(reply).toMatchObject({ topic: 'orders', event: 'phx_reply', payload: { status: 'ok' } });

    const order = await insertOrder(ctx.pool, { userId: customer.userId, userInfo: { nombre: 'Rosa' }, total: 4321 });
    const event = await socket.waitForInsert(order.id, 1000);
    expect(event).toEqual({
      topic: 'orders',
      event: 'INSERT',
      payload: {
        record: {
          id: order.id,
          user_info: { nombre: 'Rosa', apellido: 'Prueba' },
          total: 4321,
          status: 'Pendiente',
          created_at: order.created_at,
          canjeado_con_puntos: false,
        },
      },
      ref: null,
    });
  });

  it('a super admin joins too', async () => {
    const socket = await open();
    expect((await socket.join(superAdmin.session.access_token)).payload.status).toBe('ok');
  });

  it.each([
    ['a customer', () => customer.session.access_token, 'Solo los administradores pueden recibir avisos de pedidos nuevos.'],
    ['an unapproved admin', () => unapprovedAdmin.session.access_token, 'Solo los administradores pueden recibir avisos de pedidos nuevos.'],
    ['a forged token', () => 'not-a-token', 'Tenés que iniciar sesión para recibir avisos de pedidos.'],
  ])('%s is refused and receives no orders', async (_who, token, reason) => {
    const socket = await open();
    const reply = await socket.join(token());
    expect(reply.payload).toEqual({ status: 'error', response: { reason } });

    const order = await insertOrder(ctx.pool, { userId: customer.userId });
    // An admin socket proves the event went out; the refused one must not have it.
    const witness = await joinedAdminSocket();
    const second = await insertOrder(ctx.pool, { userId: customer.userId });
    await witness.waitForInsert(second.id, 1000);
    expect(socket.inserts()).toEqual([]);
    expect(order.id).not.toBe(second.id);
  });

  it('a signed-out session cannot join', async () => {
    const leaving = await createAdmin(ctx);
    await ctx.pool.query('update sessions set revoked_at = now() where user_id = $1', [leaving.userId]);
    const socket = await open();
    expect((await socket.join(leaving.session.access_token)).payload.status).toBe('error');
  });

  it('answers heartbeats and leaves', async () => {
    const socket = await open();
    expect(await socket.push('phoenix', 'heartbeat')).toMatchObject({ topic: 'phoenix', payload: { status: 'ok' } });
    await socket.join(admin.session.access_token);
    expect((await socket.push('orders', 'phx_leave')).payload.status).toBe('ok');

    const witness = await joinedAdminSocket();
    const order = await insertOrder(ctx.pool, { userId: customer.userId });
    await witness.waitForInsert(order.id, 1000);
    expect(socket.inserts().map((m) => m.payload.record?.id)).not.toContain(order.id);
  });

  it.each([
    ['not JSON', '{nope'],
    ['an unknown topic', JSON.stringify({ topic: 'products', event: 'phx_join', payload: { access_token: 'x' }, ref: '9' })],
    ['a join without token', JSON.stringify({ topic: 'orders', event: 'phx_join', payload: {}, ref: '9' })],
    ['an array', '[1,2,3]'],
    ['null', 'null'],
  ])('answers %s with an error reply and keeps the socket usable', async (_what, text) => {
    const socket = await open();
    socket.sendRaw(text);
    const reply = await socket.waitFor(() => socket.received.find((m) => m.event === 'phx_reply'));
    expect(reply.payload).toEqual({ status: 'error', response: { reason: 'Mensaje inválido.' } });
    expect((await socket.push('phoenix', 'heartbeat')).payload.status).toBe('ok');
  });

  it('refuses a sixth socket for the same user with a Spanish reason and closes it', async () => {
    const busy = await createAdmin(ctx);
    const five: RealtimeTestSocket[] = [];
    for (let i = 0; i < 5; i += 1) {
      const socket = await open();
      expect((await socket.join(busy.session.access_token)).payload.status).toBe('ok');
      five.push(socket);
    }
    const sixth = await open();
    const reply = await sixth.join(busy.session.access_token);
    expect(reply.payload).toEqual({
      status: 'error',
      response: { reason: 'Tenés demasiadas conexiones abiertas (máximo 5). Cerrá otra pestaña y volvé a intentar.' },
    });
    expect(await sixth.waitForClose()).toBe(1008);

    // Closing one frees a place.
    five[0]!.close();
    await five[0]!.waitForClose();
    // The server forgets the socket on its own close event, a moment after the client's.
    await new Promise((r) => setTimeout(r, 50));
    const replacement = await open();
    expect((await replacement.join(busy.session.access_token)).payload.status).toBe('ok');
  });

  it('gets LISTEN back after the database drops the connection, and makes joined browsers reconnect', async () => {
    const socket = await joinedAdminSocket();
    const { rowCount } = await ctx.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'mayorista-listen' and datname = current_database()`,
    );
    expect(rowCount).toBe(1);
    // Orders committed while LISTEN was down are lost to it: the socket is closed with
    // "service restart" so the browser reconnects and refetches the list.
    expect(await socket.waitForClose(5000)).toBe(1012);

    const again = await joinedAdminSocket();
    const order = await insertOrder(ctx.pool, { userId: customer.userId });
    await again.waitForInsert(order.id, 1000);
  });

  it('checks a joined socket again after a while: a signed-out admin is dropped, a valid one stays', async () => {
    const staying = await createAdmin(ctx);
    const leaving = await createAdmin(ctx);
    const keeps = await open();
    const loses = await open();
    expect((await keeps.join(staying.session.access_token)).payload.status).toBe('ok');
    expect((await loses.join(leaving.session.access_token)).payload.status).toBe('ok');
    await ctx.pool.query('update sessions set revoked_at = now() where user_id = $1', [leaving.userId]);

    // Only the clock moves: six minutes later, within the token's hour.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect((await keeps.push('phoenix', 'heartbeat')).payload.status).toBe('ok');
      expect((await loses.push('phoenix', 'heartbeat')).payload.status).toBe('ok');
      expect(await loses.waitForClose()).toBe(1008);
      expect(loses.received.at(-1)).toMatchObject({
        topic: 'orders',
        payload: { status: 'error', response: { reason: 'Tenés que iniciar sesión para recibir avisos de pedidos.' } },
      });
    } finally {
      vi.useRealTimers();
    }
    const order = await insertOrder(ctx.pool, { userId: customer.userId });
    await keeps.waitForInsert(order.id, 1000);
    expect(keeps.closeCode).toBeNull();
  });
});
