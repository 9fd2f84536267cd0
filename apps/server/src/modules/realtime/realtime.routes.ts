import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import { messages, REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS } from '@mayorista/core';
import { isActiveStaff } from '@mayorista/core/roles';
import { resolveAuth } from '../../plugins/auth';
import { sendError } from '../../plugins/error-handler';
import { OrderEventsListener } from './order-events.listener';
import {
  clientMessageSchema,
  insertMessage,
  ORDERS_TOPIC,
  PHOENIX_TOPIC,
  replyMessage,
  type MessageRef,
  type OrderInsertRecord,
} from './realtime.protocol';

export const MAX_SOCKETS_PER_USER = 5;
/** Client messages are tiny; anything bigger is not ours. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** A socket that neither joins nor heartbeats for this long is gone (two missed beats plus the push timeout). */
const IDLE_TIMEOUT_MS = 2 * REALTIME_HEARTBEAT_MS + REALTIME_TIMEOUT_MS;
/** Close codes (RFC 6455): policy violation, and "service restart" so clients reconnect and catch up. */
const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_SERVICE_RESTART = 1012;

/**
 * A joined socket outlives the check made at join time; every so often (on a heartbeat) the
 * token is checked again, so a signed-out session or a removed admin stops receiving orders.
 * An expired token fails too: the browser then reconnects with its refreshed one.
 */
export const REVALIDATE_AFTER_MS = 5 * 60_000;

interface SocketState {
  /** Set once the socket has joined the orders topic as an admin. */
  userId: string | null;
  accessToken: string | null;
  authCheckedAt: number;
  joining: boolean;
  lastSeenAt: number;
}

export interface RealtimeDeps {
  pool: pg.Pool;
  jwtSecret: Uint8Array;
}

/**
 * GET /realtime: admins join the `orders` topic and receive every new order. Authentication
 * travels in the join message (browsers cannot set headers on a WebSocket), so there are no
 * cookies involved and a cross-site page opening a socket gains nothing.
 */
export async function registerRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<void> {
  const sockets = new Map<WebSocket, SocketState>();

  const joinedCount = (userId: string) => {
    let count = 0;
    for (const state of sockets.values()) if (state.userId === userId) count += 1;
    return count;
  };

  const broadcast = (record: OrderInsertRecord) => {
    const message = insertMessage(record);
    for (const [socket, state] of sockets) {
      if (state.userId && socket.readyState === socket.OPEN) socket.send(message);
    }
  };

  const connectionString = deps.pool.options.connectionString;
  if (!connectionString) throw new Error('realtime: the pool has no connectionString to LISTEN with');
  const listener = new OrderEventsListener({
    connectionString,
    log: app.log,
    onOrderInserted: broadcast,
    // Orders committed while LISTEN was down were never delivered: make the browsers reconnect,
    // which refetches their list.
    onResubscribed: () => {
      for (const [socket, state] of sockets) if (state.userId) socket.close(CLOSE_SERVICE_RESTART, 'resubscribe');
    },
  });
  await listener.start();

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, state] of sockets) if (now - state.lastSeenAt > IDLE_TIMEOUT_MS) socket.terminate();
  }, REALTIME_HEARTBEAT_MS);
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await listener.stop();
  });

  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

    // A plain GET (no WebSocket upgrade) gets our usual error shape instead of an empty 404.
    scope.route({
      method: 'GET',
      url: '/realtime',
      handler: (_request, reply) =>
        sendError(reply.header('Upgrade', 'websocket'), 'upgrade_required', messages.realtime.upgradeRequired),
      wsHandler: (socket) => {
        const state: SocketState = { userId: null, accessToken: null, authCheckedAt: 0, joining: false, lastSeenAt: Date.now() };
        sockets.set(socket, state);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => sockets.delete(socket));

        const send = (text: string) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        };

        socket.on('message', (data, isBinary) => {
          state.lastSeenAt = Date.now();
          void handleMessage(isBinary ? null : data.toString()).catch((error: unknown) => {
            app.log.error({ err: error }, 'realtime message failed');
            send(replyMessage(ORDERS_TOPIC, null, 'error', { reason: messages.errors.internal }));
          });
        });

        async function handleMessage(text: string | null): Promise<void> {
          let json: unknown = null;
          try {
            json = text === null ? null : JSON.parse(text);
          } catch {
            json = null;
          }
          const parsed = clientMessageSchema.safeParse(json);
          if (!parsed.success) {
            const topic =
              typeof (json as { topic?: unknown })?.topic === 'string' ? (json as { topic: string }).topic : PHOENIX_TOPIC;
            send(replyMessage(topic.slice(0, 64), refOf(json), 'error', { reason: messages.realtime.invalidMessage }));
            return;
          }
          const message = parsed.data;
          const ref = message.ref ?? null;
          switch (message.event) {
            case 'heartbeat':
              send(replyMessage(PHOENIX_TOPIC, ref, 'ok'));
              if (state.userId && state.accessToken && Date.now() - state.authCheckedAt > REVALIDATE_AFTER_MS) {
                await revalidate(state.accessToken);
              }
              return;
            case 'phx_leave':
              state.userId = null;
              state.accessToken = null;
              send(replyMessage(ORDERS_TOPIC, ref, 'ok'));
              return;
            case 'phx_join':
              // One join at a time per socket: each costs a database round trip.
              if (state.joining) {
                send(replyMessage(ORDERS_TOPIC, ref, 'error', { reason: messages.realtime.invalidMessage }));
                return;
              }
              state.joining = true;
              try {
                await join(message.payload.access_token, ref);
              } finally {
                state.joining = false;
              }
              return;
          }
        }

        async function revalidate(accessToken: string): Promise<void> {
          const auth = await resolveAuth(deps.pool, deps.jwtSecret, `Bearer ${accessToken}`);
          const stillAdmin = isActiveStaff(auth?.profile) && auth?.userId === state.userId;
          if (stillAdmin) {
            state.authCheckedAt = Date.now();
            return;
          }
          state.userId = null;
          state.accessToken = null;
          send(
            replyMessage(ORDERS_TOPIC, null, 'error', {
              reason: auth ? messages.realtime.adminsOnly : messages.realtime.notAuthenticated,
            }),
          );
          socket.close(CLOSE_POLICY_VIOLATION, 'unauthorized');
        }

        async function join(accessToken: string, ref: MessageRef): Promise<void> {
          const auth = await resolveAuth(deps.pool, deps.jwtSecret, `Bearer ${accessToken}`);
          if (!auth?.profile) {
            state.userId = null;
            state.accessToken = null;
            send(replyMessage(ORDERS_TOPIC, ref, 'error', { reason: messages.realtime.notAuthenticated }));
            return;
          }
          const { profile } = auth;
          if (!isActiveStaff(profile)) {
            state.userId = null;
            state.accessToken = null;
            send(replyMessage(ORDERS_TOPIC, ref, 'error', { reason: messages.realtime.adminsOnly }));
            return;
          }
          if (state.userId !== auth.userId && joinedCount(auth.userId) >= MAX_SOCKETS_PER_USER) {
            send(
              replyMessage(ORDERS_TOPIC, ref, 'error', { reason: messages.realtime.tooManyConnections(MAX_SOCKETS_PER_USER) }),
            );
            socket.close(CLOSE_POLICY_VIOLATION, 'too many connections');
            return;
          }
          state.userId = auth.userId;
          state.accessToken = accessToken;
          state.authCheckedAt = Date.now();
          send(replyMessage(ORDERS_TOPIC, ref, 'ok'));
        }
      },
    });
  });
}

function refOf(json: unknown): MessageRef {
  const ref = (json as { ref?: unknown } | null)?.ref;
  return typeof ref === 'string' ? ref.slice(0, 64) : typeof ref === 'number' && Number.isInteger(ref) ? ref : null;
}
