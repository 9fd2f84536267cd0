import { createHash } from 'node:crypto';
import { messages } from '@mayorista/core/messages';
import type { Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';

/** The parts of a place-order request that decide what is ordered. */
export interface IdempotentOrderRequest {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  canjeado_con_puntos: boolean;
}

/**
 * A hash of what the request orders. Lines are sorted (a product appears at most once, so their
 * order carries no meaning) and product ids lower-cased (PostgreSQL reads a UUID in any case):
 * a retry of the same cart always matches, a different cart never does.
 */
export function orderRequestFingerprint(request: IdempotentOrderRequest): string {
  const items = request.items
    .map((item) => [item.product_id.toLowerCase(), item.quantity] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = JSON.stringify({ items, observaciones: request.observaciones, canjeado_con_puntos: request.canjeado_con_puntos });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Reusing a key with another body is a client bug (or a replayed key): answering with the first
 * order would tell the client its new order exists when it does not (the abuse-limits work, decision 010, Stripe's
 * rule). Orders placed before the fingerprint existed (null) replay as they always did.
 */
export async function assertSameOrderRequest(db: Queryable, orderId: string, request: IdempotentOrderRequest): Promise<void> {
  const { rows } = await db.query<{ fingerprint: string | null }>({
    name: 'order_idempotency_fingerprint',
    text: 'select idempotency_fingerprint as fingerprint from orders where id = $1',
    values: [orderId],
  });
  const stored = rows[0]?.fingerprint ?? null;
  if (stored !== null && stored !== orderRequestFingerprint(request)) {
    throw new AppError('idempotency_key_reused', messages.security.idempotencyKeyReused);
  }
}

/** Written in the order's own transaction, so an order with a key always has its fingerprint. */
export async function saveOrderRequestFingerprint(db: Queryable, orderId: string, request: IdempotentOrderRequest): Promise<void> {
  await db.query({
    name: 'order_idempotency_fingerprint_save',
    text: 'update orders set idempotency_fingerprint = $2 where id = $1',
    values: [orderId, orderRequestFingerprint(request)],
  });
}
