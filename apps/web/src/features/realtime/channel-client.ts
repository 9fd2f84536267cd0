import { REALTIME_HEARTBEAT_MS, REALTIME_RECONNECT_DELAYS_MS, REALTIME_TIMEOUT_MS } from '@mayorista/core/constants';

/**
 * Browser side of the Phoenix-style channel of docs/api.md (the states and transitions and the business constants): states closed, joining,
 * joined, errored, leaving; a heartbeat every 25 s, where a heartbeat still unanswered at the next
 * beat counts as missed and closes and reopens the socket; reconnects after 1 s, 2 s, 5 s, 10 s,
 * then every 10 s; 10 s to answer a join. Hand-written instead of a library so no zod and no
 * vendor client reach the initial bundle, where the admin shell renders it.
 */
export type ChannelState = 'closed' | 'joining' | 'joined' | 'errored' | 'leaving';

/** The new order as the server publishes it (`payload.record`). */
export interface NewOrderRecord {
  id: string;
  user_info: { nombre: string; apellido?: string };
  total: number;
  status: string;
  created_at: string;
  canjeado_con_puntos?: boolean;
  /** 'pending': the order came in "Retenido por crédito". */
  credit_hold?: string | null;
}

export interface ChannelLogger {
  info: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}

/** The slice of the browser WebSocket the channel uses, so tests can hand in a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

export interface RealtimeChannelOptions {
  url: string;
  topic: string;
  /** Read at every join, so a refreshed token is used after a reconnect. */
  getAccessToken: () => string | null;
  onInsert: (record: NewOrderRecord) => void;
  /** A customer cancelled an order (the order-life work, decision 014): same record shape, event CANCELLED. */
  onCancelled?: (record: NewOrderRecord) => void;
  /** An admin released or rejected an order held for credit (events CREDIT_RELEASED / CREDIT_REJECTED). */
  onCreditDecision?: (record: NewOrderRecord, decision: 'released' | 'rejected') => void;
  /** Repartos (decision 051): the driver marked an order delivered or not delivered (`reason`, the new `delivery_date`). */
  onDelivery?: (record: NewOrderRecord & { reason?: string; delivery_date?: string }, event: 'DELIVERED' | 'NOT_DELIVERED') => void;
  /** Each successful join; `rejoined` is true after a reconnect, when events may have been missed. */
  onJoined?: (info: { rejoined: boolean }) => void;
  onStateChange?: (state: ChannelState) => void;
  createSocket?: WebSocketFactory;
  logger?: ChannelLogger;
  heartbeatMs?: number;
  timeoutMs?: number;
  reconnectDelaysMs?: readonly number[];
}

const OPEN = 1;
const PHOENIX_TOPIC = 'phoenix';
const NORMAL_CLOSURE = 1000;

interface ServerMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | number | null;
}

function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (!value || typeof value !== 'object') return null;
    const { topic, event, payload, ref } = value as Record<string, unknown>;
    if (typeof topic !== 'string' || typeof event !== 'string' || !payload || typeof payload !== 'object') return null;
    return { topic, event, payload: payload as Record<string, unknown>, ref: typeof ref === 'string' || typeof ref === 'number' ? ref : null };
  } catch {
    return null;
  }
}

function asNewOrderRecord(value: unknown): NewOrderRecord | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Partial<NewOrderRecord>;
  if (typeof record.id !== 'string' || typeof record.user_info?.nombre !== 'string') return null;
  return record as NewOrderRecord;
}

export class RealtimeChannel {
  private socket: WebSocketLike | null = null;
  private currentState: ChannelState = 'closed';
  private refCounter = 0;
  private joinRef: string | null = null;
  private pendingHeartbeatRef: string | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private joinTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTries = 0;
  private hasJoinedBefore = false;
  /** False once unsubscribed: nothing may reopen the socket after that. */
  private wanted = false;
  private readonly options: Required<Omit<RealtimeChannelOptions, 'onJoined' | 'onStateChange' | 'onCancelled' | 'onCreditDecision' | 'onDelivery'>> &
    Pick<RealtimeChannelOptions, 'onJoined' | 'onStateChange' | 'onCancelled' | 'onCreditDecision' | 'onDelivery'>;

  constructor(options: RealtimeChannelOptions) {
    // `??` rather than spreading defaults: an option passed as undefined must not erase its default.
    this.options = {
      ...options,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      logger: options.logger ?? console,
      heartbeatMs: options.heartbeatMs ?? REALTIME_HEARTBEAT_MS,
      timeoutMs: options.timeoutMs ?? REALTIME_TIMEOUT_MS,
      reconnectDelaysMs: options.reconnectDelaysMs ?? REALTIME_RECONNECT_DELAYS_MS,
    };
  }

  get state(): ChannelState {
    return this.currentState;
  }

  subscribe(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.connect();
  }

  /** Leaves the topic and closes the socket for good (profile changed, component unmounted). */
  unsubscribe(): void {
    this.wanted = false;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      if (socket.readyState === OPEN) {
        this.setState('leaving');
        socket.send(JSON.stringify({ topic: this.options.topic, event: 'phx_leave', payload: {}, ref: this.makeRef() }));
      }
      socket.close(NORMAL_CLOSURE, 'leave');
    }
    this.setState('closed');
  }

  private connect(): void {
    if (!this.wanted) return;
    this.setState('joining');
    let socket: WebSocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch (error) {
      // A refused URL (CSP, malformed) is a channel error like any other: logged, retried, never thrown into React.
      this.options.logger.error('[realtime] no se pudo abrir la conexión', error);
      this.handleConnectionLost('rechazada');
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.join();
    socket.onmessage = (event) => this.handleMessage(event.data);
    socket.onerror = () => this.options.logger.error('[realtime] error de conexión');
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.handleConnectionLost('cerrada');
    };
  }

  private join(): void {
    const token = this.options.getAccessToken();
    this.joinRef = this.makeRef();
    this.send({ topic: this.options.topic, event: 'phx_join', payload: { access_token: token ?? '' }, ref: this.joinRef });
    this.joinTimer = setTimeout(() => {
      this.joinTimer = null;
      this.options.logger.error('[realtime] tiempo de espera agotado al suscribirse');
      this.restart();
    }, this.options.timeoutMs);
    this.startHeartbeat();
  }

  private startHeartbeat(): void {
    this.pendingHeartbeatRef = null;
    this.heartbeatTimer = setInterval(() => {
      if (this.pendingHeartbeatRef) {
        this.options.logger.error('[realtime] sin respuesta al latido; reconectando');
        this.restart();
        return;
      }
      this.pendingHeartbeatRef = this.makeRef();
      this.send({ topic: PHOENIX_TOPIC, event: 'heartbeat', payload: {}, ref: this.pendingHeartbeatRef });
    }, this.options.heartbeatMs);
  }

  private handleMessage(data: unknown): void {
    const message = parseServerMessage(data);
    if (!message) {
      this.options.logger.error('[realtime] mensaje inválido del servidor');
      return;
    }
    if (message.event === 'phx_reply' && message.ref !== null && String(message.ref) === this.pendingHeartbeatRef) {
      this.pendingHeartbeatRef = null;
      return;
    }
    if (message.event === 'phx_reply' && message.ref !== null && String(message.ref) === this.joinRef) {
      this.handleJoinReply(message.payload);
      return;
    }
    if (message.topic === this.options.topic && message.event === 'INSERT') {
      const record = asNewOrderRecord(message.payload.record);
      if (record) this.options.onInsert(record);
      else this.options.logger.error('[realtime] evento INSERT sin datos del pedido');
    }
    if (message.topic === this.options.topic && message.event === 'CANCELLED') {
      const record = asNewOrderRecord(message.payload.record);
      if (record) this.options.onCancelled?.(record);
    }
    const decision = message.event === 'CREDIT_RELEASED' ? 'released' : message.event === 'CREDIT_REJECTED' ? 'rejected' : null;
    if (message.topic === this.options.topic && decision) {
      const record = asNewOrderRecord(message.payload.record);
      if (record) this.options.onCreditDecision?.(record, decision);
    }
    if (message.topic === this.options.topic && (message.event === 'DELIVERED' || message.event === 'NOT_DELIVERED')) {
      const record = asNewOrderRecord(message.payload.record);
      if (record) this.options.onDelivery?.(record, message.event);
    }
  }

  private handleJoinReply(payload: Record<string, unknown>): void {
    if (this.joinTimer) clearTimeout(this.joinTimer);
    this.joinTimer = null;
    if (payload.status === 'ok') {
      const rejoined = this.hasJoinedBefore;
      this.hasJoinedBefore = true;
      this.reconnectTries = 0;
      this.setState('joined');
      this.options.logger.info(`[realtime] suscripto a ${this.options.topic}`);
      this.options.onJoined?.({ rejoined });
      return;
    }
    const response = payload.response as { reason?: unknown } | undefined;
    this.options.logger.error('[realtime] error del canal', response?.reason ?? payload);
    this.restart();
  }

  /** Drops the current socket and tries again after the next back-off delay. */
  private restart(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(NORMAL_CLOSURE, 'reconnect');
    }
    this.handleConnectionLost('reiniciada');
  }

  private handleConnectionLost(why: string): void {
    this.clearTimers();
    if (!this.wanted) {
      this.setState('closed');
      return;
    }
    this.setState('errored');
    const delays = this.options.reconnectDelaysMs;
    const delay = delays[Math.min(this.reconnectTries, delays.length - 1)]!;
    this.reconnectTries += 1;
    this.options.logger.info(`[realtime] conexión ${why}; reintento en ${delay} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private detach(socket: WebSocketLike): void {
    socket.onopen = null;
    socket.onclose = null;
    socket.onerror = null;
    socket.onmessage = null;
  }

  private clearTimers(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.joinTimer) clearTimeout(this.joinTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeatTimer = null;
    this.joinTimer = null;
    this.reconnectTimer = null;
    this.pendingHeartbeatRef = null;
  }

  private send(message: { topic: string; event: string; payload: Record<string, unknown>; ref: string }): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private makeRef(): string {
    this.refCounter += 1;
    return String(this.refCounter);
  }

  private setState(state: ChannelState): void {
    if (this.currentState === state) return;
    this.currentState = state;
    this.options.onStateChange?.(state);
  }
}

/** ws: or wss: like the page, same host, path /realtime. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/realtime`;
}
