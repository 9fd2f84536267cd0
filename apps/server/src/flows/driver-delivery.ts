import { nextDeliveryDateAfter } from '@mayorista/core/deliveries';
import { messages } from '@mayorista/core/messages';
import { businessDay } from '@mayorista/core/receivables';
import type { DeliveredRequest, NotDeliveredRequest } from '@mayorista/core/schemas/deliveries';
import type { Order } from '@mayorista/core/schemas/order';
import type { Payment } from '@mayorista/core/schemas/receivables';
import type { StaffRole } from '@mayorista/core/roles';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import {
  attemptFingerprint,
  findAttemptByKey,
  findRescheduleTo,
  insertAttempt,
  notifyDeliveryAttempt,
  readZoneRule,
  setOrderDelivery,
  zoneDriverOf,
  type DeliveryAttempt,
} from '../modules/deliveries';
import { findOrderForUpdate, orderNotFound, toOrder, type OrderRow } from '../modules/orders';
import { lockAccount, readPayment, recordPayment } from '../modules/receivables';
import { applyStatusChange } from './change-order-status';
import { applyOrderEdit } from './edit-order';
import { queueReceipt } from './post-payment';
import { queueDeliveryMovedEmail } from './order-emails';
import { recordAudit } from '../modules/audit';

const texts = messages.deliveries;

export interface DriverDeps {
  pool: pg.Pool;
  onEmailsQueued?: () => void;
  now?: () => Date;
}

/** The driver acting, as the auth guard resolved them. */
export interface Driver {
  id: string;
  role: StaffRole | null;
  /** The request's address, for the audit row (decision 048). */
  ip?: string | null;
}

export interface DeliveredAnswer {
  order: Order;
  payment: Payment | null;
  /** false: the same key was sent before; this is the first answer again. */
  created: boolean;
}

/** The order, locked, if the driver may act on it: their zone's (the owner may act on any), not cancelled. */
async function lockDriverOrder(tx: pg.PoolClient, orderId: string, driver: Driver): Promise<OrderRow> {
  const order = await findOrderForUpdate(tx, orderId);
  if (!order) throw orderNotFound();
  const zoneDriver = await zoneDriverOf(tx, order.deliveryZoneId);
  if (driver.role !== 'owner' && zoneDriver !== driver.id) throw new AppError('not_your_stop', texts.notYourZone);
  return order;
}

function checkDeliverable(order: OrderRow): void {
  if (order.status === 'Cancelado') throw new AppError('order_not_deliverable', texts.orderCancelled, { current_status: order.status });
  if (order.status !== 'Confirmado' && order.status !== 'Preparado') {
    throw new AppError('order_not_deliverable', texts.notDeliverable, { current_status: order.status });
  }
  if (order.creditHold === 'pending') throw new AppError('order_not_deliverable', messages.receivables.creditHeldStatus, { current_status: order.status });
}

/** The delivered quantities as the order's new lines, or null when everything was delivered. */
function deliveredLines(order: OrderRow, lines: DeliveredRequest['lines']): { product_id: string; quantity: number }[] | null {
  if (!lines || lines.length === 0) return null;
  const ordered = new Map(order.items.map((item) => [item.product_id, item.quantity]));
  const seen = new Set<string>();
  for (const line of lines) {
    const quantity = ordered.get(line.product_id.toLowerCase());
    if (quantity === undefined || seen.has(line.product_id.toLowerCase())) throw new AppError('delivered_quantity_invalid', texts.unknownLine, { product_id: line.product_id });
    if (line.quantity > quantity) throw new AppError('delivered_quantity_invalid', texts.quantityAboveOrdered, { product_id: line.product_id });
    seen.add(line.product_id.toLowerCase());
  }
  const given = new Map(lines.map((l) => [l.product_id.toLowerCase(), l.quantity]));
  const next = order.items.map((item) => ({ product_id: item.product_id, quantity: given.get(item.product_id) ?? item.quantity }));
  if (next.every((l) => l.quantity === 0)) throw new AppError('delivered_quantity_invalid', texts.allZero);
  if (next.every((l, i) => l.quantity === order.items[i]!.quantity)) return null;
  return next.filter((l) => l.quantity > 0);
}

/** A replayed key: the first answer again, or 422 when the key came with another request. */
async function replayDelivered(tx: pg.PoolClient, attempt: DeliveryAttempt, fingerprint: string, order: OrderRow): Promise<DeliveredAnswer> {
  if (attempt.outcome !== 'delivered' || attempt.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused', texts.keyReused);
  const payment = attempt.payment_id === null ? null : await readPayment(tx, attempt.payment_id);
  return { order: toOrder(order), payment, created: false };
}

/**
 * POST /api/driver/orders/:id/delivered (decision 051), ONE transaction in the lock order of the
 * cuenta corriente (the order, the customer's account, the products):
 * 1. the order, locked; the driver's zone; the key (a repeat answers the first result);
 * 2. Confirmado or Preparado, not held for credit; the customer's account locked;
 * 3. fewer units delivered: the order-edit step (lines, points, stock back through the ledger, history; no "edited" e-mail);
 * 4. Entregado through the status step (Confirmado passes Preparado first): the charge is posted; one
 *    e-mail, Entregado, with the delivered lines when they were fewer;
 * 5. what was collected: a payment applied to this order first, with its receipt e-mailed;
 * 6. the attempt recorded under the key, and the admins' live feed told on commit;
 * 7. one audit row for the visit (decision 048).
 */
export async function markDelivered(deps: DriverDeps, driver: Driver, orderId: string, request: DeliveredRequest): Promise<DeliveredAnswer> {
  const today = businessDay((deps.now ?? (() => new Date()))());
  const fingerprint = attemptFingerprint({ lines: request.lines ?? [], collected: request.collected ?? null });
  const answer = await inTransaction(deps.pool, async (tx) => {
    let order = await lockDriverOrder(tx, orderId, driver);
    const earlier = await findAttemptByKey(tx, orderId, request.idempotency_key);
    if (earlier) return replayDelivered(tx, earlier, fingerprint, order);
    checkDeliverable(order);
    await lockAccount(tx, order.userId);
    const lines = deliveredLines(order, request.lines);
    // The state and total the driver found, before the partial edit and the pass through Preparado
    // below: the log read 'Preparado → Entregado' for an order that was only ever Confirmado.
    const found = { status: order.status, total: order.total };
    const actor = { id: driver.id, is_super_admin: driver.role === 'owner' };
    if (lines) order = await applyOrderEdit(tx, orderId, { lines, reason: texts.partialDeliveryReason, reprice: false }, actor, { atDoor: true, email: false });
    const context = { actorId: driver.id, today };
    if (order.status === 'Confirmado') order = { ...order, status: (await applyStatusChange(tx, order, 'Preparado', { ...context, statusEmail: false })).status };
    const delivered = await applyStatusChange(tx, order, 'Entregado', { ...context, partialDelivery: lines !== null });
    const payment = request.collected
      ? await recordPayment(tx, order.userId, { ...request.collected, applies_to: [orderId], idempotency_key: `reparto:${orderId}:${request.idempotency_key}` }, context)
      : null;
    if (payment?.created) await queueReceipt(tx, order.userId, payment.payment.id);
    await insertAttempt(tx, {
      order_id: orderId,
      outcome: 'delivered',
      delivery_date: order.deliveryDate ?? today,
      reason: null,
      note: null,
      rescheduled_to: null,
      payment_id: payment?.payment.id ?? null,
      fingerprint,
      idempotency_key: request.idempotency_key,
      actor_id: driver.id,
      delivery_stop: order.deliveryStop,
    });
    await notifyDeliveryAttempt(tx, liveRecord(order, delivered.status), 'delivered');
    const summary = {
      before: found,
      after: { status: delivered.status, total: delivered.total, partial: lines !== null, collected: payment?.payment.amount ?? null },
    };
    await recordAudit(tx, driver, { action: 'order.delivered', entity: 'order', entityId: orderId, summary });
    return { order: delivered, payment: payment?.payment ?? null, created: true };
  });
  if (answer.created) deps.onEmailsQueued?.();
  return answer;
}

const liveRecord = (order: OrderRow, status: string) => ({
  id: order.id,
  nombre: order.userInfo.nombre,
  apellido: order.userInfo.apellido,
  total: order.total,
  status,
  created_at: order.createdAt.toISOString(),
});

/**
 * POST /api/driver/orders/:id/not-delivered, one transaction: the order, locked (the driver's
 * zone, Confirmado or Preparado) → the zone's rule and feriados → the next delivery date after
 * today's → the order moved there (last on that route) → the attempt → the admins told live → audit
 * → outbox (the customer told the new date, once: decision 065). A repeated tap finds the attempt that moved it and changes nothing.
 */
export async function markNotDelivered(deps: DriverDeps, driver: Driver, orderId: string, request: NotDeliveredRequest): Promise<{ order: Order; rescheduled_to: string }> {
  const today = businessDay((deps.now ?? (() => new Date()))());
  let queued = 0;
  const answer = await inTransaction(deps.pool, async (tx) => {
    const order = await lockDriverOrder(tx, orderId, driver);
    const repeated = order.deliveryDate ? await findRescheduleTo(tx, orderId, order.deliveryDate) : null;
    if (repeated && repeated.delivery_date >= today) return { order: toOrder(order), rescheduled_to: repeated.rescheduled_to! };
    checkDeliverable(order);
    const zone = order.deliveryZoneId === null ? null : await readZoneRule(tx, order.deliveryZoneId, today);
    if (!zone) throw new AppError('customer_without_zone', texts.customerWithoutZone);
    const from = order.deliveryDate && order.deliveryDate > today ? order.deliveryDate : today;
    const next = nextDeliveryDateAfter(zone.rule, zone.closed, from, today);
    if (!next) throw new AppError('no_delivery_date', texts.noDeliveryDate);
    const updatedAt = await setOrderDelivery(tx, orderId, next, zone.zone_id);
    await insertAttempt(tx, {
      order_id: orderId,
      outcome: 'not_delivered',
      delivery_date: order.deliveryDate ?? today,
      reason: request.reason,
      note: request.note,
      rescheduled_to: next,
      payment_id: null,
      fingerprint: attemptFingerprint(request),
      idempotency_key: `no-entregado:${order.deliveryDate ?? today}:${next}`,
      actor_id: driver.id,
      delivery_stop: order.deliveryStop,
    });
    await notifyDeliveryAttempt(tx, liveRecord(order, order.status), 'not_delivered', { reason: request.reason, delivery_date: next });
    const summary = { before: { delivery_date: order.deliveryDate }, after: { delivery_date: next, reason: request.reason, note: request.note } };
    await recordAudit(tx, driver, { action: 'order.not_delivered', entity: 'order', entityId: orderId, summary });
    const change = { date: next, previous: order.deliveryDate ?? today, notDelivered: true };
    queued = await queueDeliveryMovedEmail(tx, { id: orderId, customerEmail: order.userInfo.email }, change);
    return { order: toOrder({ ...order, deliveryDate: next, deliveryStop: null, updatedAt }), rescheduled_to: next };
  });
  if (queued > 0) deps.onEmailsQueued?.();
  return answer;
}
