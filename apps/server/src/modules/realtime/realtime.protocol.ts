import { z } from 'zod';

/**
 * The Phoenix-style wire protocol of docs/api.md. Client messages are validated strictly:
 * anything else gets an error reply, never a crash.
 */
export const ORDERS_TOPIC = 'orders';
export const PHOENIX_TOPIC = 'phoenix';
export { ORDERS_NOTIFY_CHANNEL, SESSIONS_REVOKED_CHANNEL } from '../../db/channels';

const refSchema = z.union([z.string().max(64), z.number().int()]).nullable().optional();

export const clientMessageSchema = z.discriminatedUnion('event', [
  z.object({
    topic: z.literal(ORDERS_TOPIC),
    event: z.literal('phx_join'),
    payload: z.object({ access_token: z.string().min(1).max(4096) }),
    ref: refSchema,
  }),
  z.object({
    topic: z.literal(PHOENIX_TOPIC),
    event: z.literal('heartbeat'),
    payload: z.unknown().optional(),
    ref: refSchema,
  }),
  z.object({
    topic: z.literal(ORDERS_TOPIC),
    event: z.literal('phx_leave'),
    payload: z.unknown().optional(),
    ref: refSchema,
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type MessageRef = string | number | null;

/** The row the order transaction publishes with pg_notify (docs/api.md). */
export const orderInsertRecordSchema = z
  .object({
    id: z.string(),
    user_info: z.object({ nombre: z.string() }).loose(),
    total: z.number(),
    status: z.string(),
    created_at: z.string(),
  })
  .loose();
export type OrderInsertRecord = z.infer<typeof orderInsertRecordSchema>;

export function replyMessage(topic: string, ref: MessageRef, status: 'ok' | 'error', response: Record<string, unknown> = {}): string {
  return JSON.stringify({ topic, event: 'phx_reply', payload: { status, response }, ref });
}

/**
 * The order events of the NOTIFY channel: a new order (INSERT) and, since the order-life work (decision 014), a customer's
 * cancellation (`event: 'cancelled'` in the notified row → CANCELLED), through the same path.
 */
export const ORDER_CANCELLED_EVENT = 'CANCELLED';
/** The cuenta corriente (decision 038): an admin released or rejected an order held for credit. */
/** Repartos (decision 051): the driver marked an order delivered, or not delivered (it moved to the next date). */
const NOTIFIED_EVENTS: Record<string, string> = {
  cancelled: ORDER_CANCELLED_EVENT,
  credit_released: 'CREDIT_RELEASED',
  credit_rejected: 'CREDIT_REJECTED',
  delivered: 'DELIVERED',
  not_delivered: 'NOT_DELIVERED',
};

export function insertMessage(record: OrderInsertRecord): string {
  const event = typeof record.event === 'string' ? (NOTIFIED_EVENTS[record.event] ?? 'INSERT') : 'INSERT';
  return JSON.stringify({ topic: ORDERS_TOPIC, event, payload: { record }, ref: null });
}
