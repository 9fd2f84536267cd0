import type { WebSocket } from 'ws';
import { insertMessage, type OrderInsertRecord } from './realtime.protocol';

/** What the server knows about one open socket. */
export interface SocketState {
  /** The client's address (behind TRUST_PROXY, the one the proxy saw), for the per-IP cap. */
  ip: string;
  /** Set once the socket has joined the orders topic as an admin. */
  userId: string | null;
  accessToken: string | null;
  authCheckedAt: number;
  joining: boolean;
  lastSeenAt: number;
  /** Checks the socket's token again now (closing it if the session is gone); set by its connection. */
  recheck: () => Promise<void>;
}

/**
 * Every open socket of this process with its state. The counting rules (sockets per admin,
 * unjoined sockets per address) and the fan-out live here, so the connection code only asks.
 */
export class SocketRegistry {
  private readonly sockets = new Map<WebSocket, SocketState>();

  add(socket: WebSocket, ip: string): SocketState {
    const state: SocketState = {
      ip,
      userId: null,
      accessToken: null,
      authCheckedAt: 0,
      joining: false,
      lastSeenAt: Date.now(),
      recheck: async () => undefined,
    };
    this.sockets.set(socket, state);
    return state;
  }

  remove(socket: WebSocket): void {
    this.sockets.delete(socket);
  }

  /** Whether any socket has joined (an admin watching new orders). */
  hasJoined(): boolean {
    for (const state of this.sockets.values()) if (state.userId) return true;
    return false;
  }

  joinedCount(userId: string): number {
    let count = 0;
    for (const state of this.sockets.values()) if (state.userId === userId) count += 1;
    return count;
  }

  /** Sockets from `ip` that are not (or no longer) joined: anyone can open them, nobody vouched for them. */
  unjoinedCount(ip: string): number {
    let count = 0;
    for (const state of this.sockets.values()) if (state.ip === ip && state.userId === null) count += 1;
    return count;
  }

  /**
   * Re-checks every socket the user has joined with: after a sign-out or a revocation the ones
   * whose session is gone close at once, the user's other sessions stay.
   */
  async recheckUser(userId: string): Promise<void> {
    const states = [...this.sockets.values()].filter((state) => state.userId === userId);
    await Promise.all(states.map((state) => state.recheck()));
  }

  broadcast(record: OrderInsertRecord): void {
    const message = insertMessage(record);
    for (const [socket, state] of this.sockets) {
      if (state.userId && socket.readyState === socket.OPEN) socket.send(message);
    }
  }

  closeJoined(code: number, reason: string): void {
    for (const [socket, state] of this.sockets) if (state.userId) socket.close(code, reason);
  }

  /** Ends sockets silent for longer than `idleMs` (no message, not even a heartbeat). */
  terminateIdle(idleMs: number): void {
    const now = Date.now();
    for (const [socket, state] of this.sockets) if (now - state.lastSeenAt > idleMs) socket.terminate();
  }
}
