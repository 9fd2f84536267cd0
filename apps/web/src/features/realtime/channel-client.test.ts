import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeChannel, realtimeUrl, type ChannelState, type NewOrderRecord } from './channel-client';
import { FakeWebSocket } from './fake-websocket';

const record: NewOrderRecord = {
  id: '6b0f3a4e-0000-4000-8000-000000000001',
  user_info: { nombre: 'Beatriz', apellido: 'Sosa' },
  total: 123450,
  status: 'Pendiente',
  created_at: '2026-11-22T01:00:00.000Z',
};

function setup(token: { current: string | null } = { current: 'token-1' }) {
  const states: ChannelState[] = [];
  const inserts: NewOrderRecord[] = [];
  const joins: Array<{ rejoined: boolean }> = [];
  const deliveries: Array<[string, string]> = [];
  const logger = { info: vi.fn(), error: vi.fn() };
  const channel = new RealtimeChannel({
    url: 'ws://tienda.test/realtime',
    topic: 'orders',
    getAccessToken: () => token.current,
    onInsert: (r) => inserts.push(r),
    onJoined: (info) => joins.push(info),
    onDelivery: (r, event) => deliveries.push([r.id, event]),
    onStateChange: (s) => states.push(s),
    createSocket: (url) => new FakeWebSocket(url),
    logger,
  });
  return { channel, states, inserts, joins, deliveries, logger, token };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
});
afterEach(() => vi.useRealTimers());

describe('RealtimeChannel', () => {
  it('joins with the access token and goes closed → joining → joined, logging success only', () => {
    const { channel, states, joins, logger } = setup();
    expect(channel.state).toBe('closed');
    channel.subscribe();
    expect(channel.state).toBe('joining');
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://tienda.test/realtime');
    socket.open();
    expect(socket.lastSent('phx_join')).toMatchObject({ topic: 'orders', payload: { access_token: 'token-1' } });
    socket.acceptJoin();
    expect(channel.state).toBe('joined');
    expect(states).toEqual(['joining', 'joined']);
    expect(joins).toEqual([{ rejoined: false }]);
    expect(logger.info).toHaveBeenCalledWith('[realtime] suscripto a orders');
  });

  it('hands INSERT events to onInsert and ignores junk without throwing', () => {
    const { channel, inserts, logger } = setup();
    channel.subscribe();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.acceptJoin();
    socket.receive({ topic: 'orders', event: 'INSERT', payload: { record }, ref: null });
    socket.receive('{not json');
    socket.receive({ topic: 'orders', event: 'INSERT', payload: { record: { id: 1 } }, ref: null });
    socket.receive({ topic: 'products', event: 'INSERT', payload: { record }, ref: null });
    expect(inserts).toEqual([record]);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('hands the driver’s DELIVERED and NOT_DELIVERED events to onDelivery, never to onInsert', () => {
    const { channel, inserts, deliveries } = setup();
    channel.subscribe();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.acceptJoin();
    socket.receive({ topic: 'orders', event: 'DELIVERED', payload: { record }, ref: null });
    socket.receive({ topic: 'orders', event: 'NOT_DELIVERED', payload: { record: { ...record, reason: 'cerrado', delivery_date: '2026-11-30' } }, ref: null });
    expect(deliveries).toEqual([
      [record.id, 'DELIVERED'],
      [record.id, 'NOT_DELIVERED'],
    ]);
    expect(inserts).toEqual([]);
  });

  it('sends a heartbeat every 25 s and keeps the socket while they are answered', () => {
    const { channel } = setup();
    channel.subscribe();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.acceptJoin();

    vi.advanceTimersByTime(24_999);
    expect(socket.sent.filter((m) => m.event === 'heartbeat')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const beat = socket.lastSent('heartbeat');
    expect(beat).toMatchObject({ topic: 'phoenix', payload: {} });
    socket.reply(beat.ref, 'ok', 'phoenix');

    vi.advanceTimersByTime(25_000);
    socket.reply(socket.lastSent('heartbeat').ref, 'ok', 'phoenix');
    vi.advanceTimersByTime(25_000);
    expect(socket.sent.filter((m) => m.event === 'heartbeat')).toHaveLength(3);
    expect(socket.closedWith).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(channel.state).toBe('joined');
  });

  it('a missed heartbeat closes the socket and reconnects after 1 s, then refetch is signalled', () => {
    const { channel, joins, logger } = setup();
    channel.subscribe();
    const first = FakeWebSocket.latest();
    first.open();
    first.acceptJoin();

    vi.advanceTimersByTime(25_000); // heartbeat sent, never answered
    vi.advanceTimersByTime(25_000); // next beat finds it missing
    expect(first.closedWith).toBe(1000);
    expect(channel.state).toBe('errored');
    expect(logger.error).toHaveBeenCalledWith('[realtime] sin respuesta al latido; reconectando');

    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const second = FakeWebSocket.latest();
    expect(channel.state).toBe('joining');
    second.open();
    second.acceptJoin();
    expect(channel.state).toBe('joined');
    expect(joins).toEqual([{ rejoined: false }, { rejoined: true }]);
  });

  it('reconnects after 1 s, 2 s, 5 s, 10 s and then every 10 s, and starts over once joined', () => {
    const { channel } = setup();
    channel.subscribe();
    const gaps: number[] = [];
    let last = Date.now();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const socket = FakeWebSocket.latest();
      const before = FakeWebSocket.instances.length;
      socket.drop();
      expect(channel.state).toBe('errored');
      while (FakeWebSocket.instances.length === before) vi.advanceTimersByTime(100);
      gaps.push(Date.now() - last);
      last = Date.now();
    }
    expect(gaps).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);

    const socket = FakeWebSocket.latest();
    socket.open();
    socket.acceptJoin();
    const count = FakeWebSocket.instances.length;
    socket.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
  });

  it('gives a join 10 000 ms, then errors and retries with the newest token', () => {
    const token = { current: 'old' };
    const { channel, logger } = setup(token);
    channel.subscribe();
    const first = FakeWebSocket.latest();
    first.open();
    vi.advanceTimersByTime(9_999);
    expect(channel.state).toBe('joining');
    vi.advanceTimersByTime(1);
    expect(channel.state).toBe('errored');
    expect(first.closedWith).toBe(1000);
    expect(logger.error).toHaveBeenCalledWith('[realtime] tiempo de espera agotado al suscribirse');

    token.current = 'new';
    vi.advanceTimersByTime(1000);
    const second = FakeWebSocket.latest();
    second.open();
    expect(second.lastSent('phx_join').payload).toEqual({ access_token: 'new' });
  });

  it('a refused join is only logged, and retried later', () => {
    const { channel, logger } = setup();
    channel.subscribe();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.reply(socket.lastSent('phx_join').ref, 'error', 'orders', { reason: 'Solo los administradores…' });
    expect(channel.state).toBe('errored');
    expect(logger.error).toHaveBeenCalledWith('[realtime] error del canal', 'Solo los administradores…');
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('unsubscribe leaves, closes and never reconnects', () => {
    const { channel, states } = setup();
    channel.subscribe();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.acceptJoin();
    channel.unsubscribe();
    expect(socket.lastSent('phx_leave')).toMatchObject({ topic: 'orders' });
    expect(socket.closedWith).toBe(1000);
    expect(states.slice(-2)).toEqual(['leaving', 'closed']);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.sent.filter((m) => m.event === 'heartbeat')).toHaveLength(0);
  });

  it('unsubscribe while waiting to reconnect cancels the retry', () => {
    const { channel } = setup();
    channel.subscribe();
    FakeWebSocket.latest().drop();
    channel.unsubscribe();
    expect(channel.state).toBe('closed');
    vi.advanceTimersByTime(30_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('RealtimeChannel defaults', () => {
  it('opens a real WebSocket when no factory is given (an explicit undefined keeps the default)', () => {
    const opened: string[] = [];
    class GlobalWebSocketStub extends FakeWebSocket {
      constructor(url: string) {
        super(url);
        opened.push(url);
      }
    }
    vi.stubGlobal('WebSocket', GlobalWebSocketStub);
    const channel = new RealtimeChannel({
      url: 'ws://tienda.test/realtime',
      topic: 'orders',
      getAccessToken: () => 't',
      onInsert: () => undefined,
      createSocket: undefined,
      logger: { info: vi.fn(), error: vi.fn() },
    });
    channel.subscribe();
    expect(opened).toEqual(['ws://tienda.test/realtime']);
    channel.unsubscribe();
    vi.unstubAllGlobals();
  });

  it('a socket that cannot even be created is logged and retried, not thrown', () => {
    const logger = { info: vi.fn(), error: vi.fn() };
    let attempts = 0;
    const channel = new RealtimeChannel({
      url: 'ws://tienda.test/realtime',
      topic: 'orders',
      getAccessToken: () => 't',
      onInsert: () => undefined,
      createSocket: () => {
        attempts += 1;
        throw new Error('blocked by CSP');
      },
      logger,
    });
    expect(() => channel.subscribe()).not.toThrow();
    expect(channel.state).toBe('errored');
    expect(logger.error).toHaveBeenCalledWith('[realtime] no se pudo abrir la conexión', expect.any(Error));
    vi.advanceTimersByTime(1000);
    expect(attempts).toBe(2);
    channel.unsubscribe();
  });
});

describe('realtimeUrl', () => {
  it('follows the page protocol and host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'tienda.com.ar' })).toBe('wss://tienda.com.ar/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/realtime');
  });
});
