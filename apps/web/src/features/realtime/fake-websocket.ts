import type { WebSocketLike } from './channel-client';

/** Test double of the browser WebSocket: records what the channel sends and lets a test play the server. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
  static reset(): void {
    FakeWebSocket.instances = [];
  }

  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: Array<{ topic: string; event: string; payload: Record<string, unknown>; ref: string }> = [];
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  // ---- the server's side ----
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  lastSent(event: string) {
    const message = [...this.sent].reverse().find((m) => m.event === event);
    if (!message) throw new Error(`nothing sent with event ${event}`);
    return message;
  }
  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }
  reply(ref: string, status: 'ok' | 'error', topic = 'orders', response: Record<string, unknown> = {}): void {
    this.receive({ topic, event: 'phx_reply', payload: { status, response }, ref });
  }
  acceptJoin(): void {
    this.reply(this.lastSent('phx_join').ref, 'ok');
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
