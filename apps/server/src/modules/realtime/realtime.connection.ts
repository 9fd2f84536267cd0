import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import { messages } from '@mayorista/core';
import { profileCan } from '@mayorista/core/roles';
import { resolveAuth } from '../../plugins/auth';
import { clientMessageSchema, ORDERS_TOPIC, PHOENIX_TOPIC, replyMessage, type MessageRef } from './realtime.protocol';
import type { SocketRegistry, SocketState } from './realtime.sockets';

export const MAX_SOCKETS_PER_USER = 5;
/**
 * Sockets nobody has vouched for yet, per client address. A browser tab opens one and joins at
 * once, so an office behind one NAT stays far below this; a script opening thousands does not.
 */
export const MAX_UNJOINED_SOCKETS_PER_IP = 10;
/** A socket must join within this long after opening (or after leaving), or it is closed. */
export const JOIN_TIMEOUT_MS = 5_000;
/**
 * A joined socket outlives the check made at join time; every so often (on a heartbeat) the
 * token is checked again, so a removed admin stops receiving orders even if no sign-out
 * notification reached this process. Sign-out and revocation close sockets at once (see
 * `revalidateUser`); this is the backstop. An expired token fails too: the browser then
 * reconnects with its refreshed one.
 */
export const REVALIDATE_AFTER_MS = 5 * 60_000;
/** Close code (RFC 6455) for policy violations. */
export const CLOSE_POLICY_VIOLATION = 1008;

export interface ConnectionContext {
  registry: SocketRegistry;
  pool: pg.Pool;
  jwtSecret: Uint8Array;
  log: FastifyBaseLogger;
  joinTimeoutMs: number;
}

/** One socket's life: admission, the join deadline, messages, and the checks of its token. */
export function handleConnection(socket: WebSocket, ip: string, ctx: ConnectionContext): void {
  const send = (text: string) => {
    if (socket.readyState === socket.OPEN) socket.send(text);
  };
  if (ctx.registry.unjoinedCount(ip) >= MAX_UNJOINED_SOCKETS_PER_IP) {
    send(replyMessage(PHOENIX_TOPIC, null, 'error', { reason: messages.security.realtimeTooManyAnonymous }));
    socket.close(CLOSE_POLICY_VIOLATION, 'too many unauthenticated connections');
    return;
  }
  const state = ctx.registry.add(socket, ip);
  const connection = new Connection(socket, state, ctx, send);
  state.recheck = () => connection.revalidate();
  socket.on('close', () => connection.dispose());
  socket.on('error', () => connection.dispose());
  socket.on('message', (data, isBinary) => connection.receive(isBinary ? null : data.toString()));
}

class Connection {
  private joinTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly state: SocketState,
    private readonly ctx: ConnectionContext,
    private readonly send: (text: string) => void,
  ) {
    this.armJoinDeadline();
  }

  dispose(): void {
    this.disarmJoinDeadline();
    this.ctx.registry.remove(this.socket);
  }

  receive(text: string | null): void {
    this.state.lastSeenAt = Date.now();
    this.handle(text).catch((error: unknown) => {
      this.ctx.log.error({ err: error }, 'realtime message failed');
      this.send(replyMessage(ORDERS_TOPIC, null, 'error', { reason: messages.errors.internal }));
    });
  }

  /** Checks the socket's token now; a session signed out or an admin removed is closed. */
  async revalidate(): Promise<void> {
    const { state } = this;
    if (!state.userId || !state.accessToken) return;
    const auth = await resolveAuth(this.ctx.pool, this.ctx.jwtSecret, `Bearer ${state.accessToken}`);
    const stillAdmin = profileCan(auth?.profile, 'orders.read') && auth?.userId === state.userId;
    if (stillAdmin) {
      state.authCheckedAt = Date.now();
      return;
    }
    this.unjoin();
    this.send(replyMessage(ORDERS_TOPIC, null, 'error', { reason: auth ? messages.realtime.adminsOnly : messages.realtime.notAuthenticated }));
    this.socket.close(CLOSE_POLICY_VIOLATION, 'unauthorized');
  }

  private async handle(text: string | null): Promise<void> {
    let json: unknown = null;
    try {
      json = text === null ? null : JSON.parse(text);
    } catch {
      json = null;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const topic = typeof (json as { topic?: unknown })?.topic === 'string' ? (json as { topic: string }).topic : PHOENIX_TOPIC;
      this.send(replyMessage(topic.slice(0, 64), refOf(json), 'error', { reason: messages.realtime.invalidMessage }));
      return;
    }
    const message = parsed.data;
    const ref = message.ref ?? null;
    switch (message.event) {
      case 'heartbeat':
        this.send(replyMessage(PHOENIX_TOPIC, ref, 'ok'));
        if (this.state.userId && Date.now() - this.state.authCheckedAt > REVALIDATE_AFTER_MS) await this.revalidate();
        return;
      case 'phx_leave':
        this.unjoin();
        this.send(replyMessage(ORDERS_TOPIC, ref, 'ok'));
        return;
      case 'phx_join':
        // One join at a time per socket: each costs a database round trip.
        if (this.state.joining) {
          this.send(replyMessage(ORDERS_TOPIC, ref, 'error', { reason: messages.realtime.invalidMessage }));
          return;
        }
        this.state.joining = true;
        try {
          await this.join(message.payload.access_token, ref);
        } finally {
          this.state.joining = false;
        }
        return;
    }
  }

  private async join(accessToken: string, ref: MessageRef): Promise<void> {
    const auth = await resolveAuth(this.ctx.pool, this.ctx.jwtSecret, `Bearer ${accessToken}`);
    const profile = auth?.profile;
    if (!auth || !profile) return this.refuseJoin(ref, messages.realtime.notAuthenticated);
    if (!profileCan(profile, 'orders.read')) return this.refuseJoin(ref, messages.realtime.adminsOnly);
    if (this.state.userId !== auth.userId && this.ctx.registry.joinedCount(auth.userId) >= MAX_SOCKETS_PER_USER) {
      this.send(replyMessage(ORDERS_TOPIC, ref, 'error', { reason: messages.realtime.tooManyConnections(MAX_SOCKETS_PER_USER) }));
      this.socket.close(CLOSE_POLICY_VIOLATION, 'too many connections');
      return;
    }
    this.disarmJoinDeadline();
    Object.assign(this.state, { userId: auth.userId, accessToken, authCheckedAt: Date.now() });
    this.send(replyMessage(ORDERS_TOPIC, ref, 'ok'));
  }

  private refuseJoin(ref: MessageRef, reason: string): void {
    this.unjoin();
    this.send(replyMessage(ORDERS_TOPIC, ref, 'error', { reason }));
  }

  /** Back to "nobody vouched for this socket": it counts against its address and must join again in time. */
  private unjoin(): void {
    this.state.userId = null;
    this.state.accessToken = null;
    this.armJoinDeadline();
  }

  private armJoinDeadline(): void {
    if (this.joinTimer) return;
    this.joinTimer = setTimeout(() => {
      this.joinTimer = null;
      if (this.state.userId) return;
      this.send(replyMessage(PHOENIX_TOPIC, null, 'error', { reason: messages.security.realtimeJoinTimeout }));
      this.socket.close(CLOSE_POLICY_VIOLATION, 'join timeout');
    }, this.ctx.joinTimeoutMs);
    this.joinTimer.unref();
  }

  private disarmJoinDeadline(): void {
    if (this.joinTimer) clearTimeout(this.joinTimer);
    this.joinTimer = null;
  }
}

function refOf(json: unknown): MessageRef {
  const ref = (json as { ref?: unknown } | null)?.ref;
  return typeof ref === 'string' ? ref.slice(0, 64) : typeof ref === 'number' && Number.isInteger(ref) ? ref : null;
}
