import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type pg from 'pg';
import { messages, REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS } from '@mayorista/core';
import { sendError } from '../plugins/error-handler';
import { handleConnection, JOIN_TIMEOUT_MS, type ConnectionContext } from '../modules/realtime';
import { OrderEventsListener } from '../modules/realtime';
import { SocketRegistry } from '../modules/realtime';
import { routesPlugin } from './plugin';

export { MAX_SOCKETS_PER_USER, MAX_UNJOINED_SOCKETS_PER_IP, REVALIDATE_AFTER_MS } from '../modules/realtime';

/** Client messages are tiny; anything bigger is not ours. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** A socket that neither joins nor heartbeats for this long is gone (two missed beats plus the push timeout). */
const IDLE_TIMEOUT_MS = 2 * REALTIME_HEARTBEAT_MS + REALTIME_TIMEOUT_MS;
/** Close code (RFC 6455) "service restart": clients reconnect and catch up. */
const CLOSE_SERVICE_RESTART = 1012;

export interface RealtimeDeps {
  pool: pg.Pool;
  jwtSecret: Uint8Array;
  /** How long a socket may stay open without joining; JOIN_TIMEOUT_MS unless a test shortens it. */
  realtimeJoinTimeoutMs?: number;
}

/**
 * GET /realtime: admins join the `orders` topic and receive every new order. Authentication
 * travels in the join message (browsers cannot set headers on a WebSocket), so there are no
 * cookies involved and a cross-site page opening a socket gains nothing.
 */
export async function registerRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<void> {
  const registry = new SocketRegistry();
  await listenToDatabase(app, deps.pool, registry);
  sweepIdleSockets(app, registry);
  await registerRealtimeRoute(app, {
    registry,
    pool: deps.pool,
    jwtSecret: deps.jwtSecret,
    log: app.log,
    joinTimeoutMs: deps.realtimeJoinTimeoutMs ?? JOIN_TIMEOUT_MS,
  });
}

/**
 * One LISTEN connection per process brings what other processes committed: new orders (sent to
 * every joined admin) and revoked sessions (their sockets are checked and closed at once).
 */
async function listenToDatabase(app: FastifyInstance, pool: pg.Pool, registry: SocketRegistry): Promise<void> {
  const connectionString = pool.options.connectionString;
  if (!connectionString) throw new Error('realtime: the pool has no connectionString to LISTEN with');
  const listener = new OrderEventsListener({
    connectionString,
    log: app.log,
    onOrderInserted: (record) => registry.broadcast(record),
    hasSubscribers: () => registry.hasJoined(),
    onSessionsRevoked: (userId) => {
      registry.recheckUser(userId).catch((error: unknown) => app.log.error({ err: error }, 'realtime session re-check failed'));
    },
    // Events committed while LISTEN was down were never delivered: make the browsers reconnect,
    // which refetches their list (and re-checks their token on join).
    onResubscribed: () => registry.closeJoined(CLOSE_SERVICE_RESTART, 'resubscribe'),
  });
  await listener.start();
  app.addHook('onClose', async () => listener.stop());
}

function sweepIdleSockets(app: FastifyInstance, registry: SocketRegistry): void {
  const sweep = setInterval(() => registry.terminateIdle(IDLE_TIMEOUT_MS), REALTIME_HEARTBEAT_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

async function registerRealtimeRoute(app: FastifyInstance, ctx: ConnectionContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
    scope.route({
      method: 'GET',
      url: '/realtime',
      // A plain GET (no WebSocket upgrade) gets our usual error shape instead of an empty 404.
      handler: (_request, reply) =>
        sendError(reply.header('Upgrade', 'websocket'), 'upgrade_required', messages.realtime.upgradeRequired),
      wsHandler: (socket, request) => handleConnection(socket, request.ip, ctx),
    });
  });
}

/** registerRealtime as a plugin that declares what it needs (routes/plugin.ts). */
export const realtimeRoutes = routesPlugin('realtime-routes', registerRealtime);
