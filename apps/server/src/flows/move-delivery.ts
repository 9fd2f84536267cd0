import { deliveryDateProblem } from '@mayorista/core/deliveries';
import { messages } from '@mayorista/core/messages';
import { businessDay } from '@mayorista/core/receivables';
import type { Order } from '@mayorista/core/schemas/order';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { customerZoneOf, findZone, PLANNABLE_STATUSES, readZoneRule, reorderStops, setOrderDelivery, zoneNotFound } from '../modules/deliveries';
import { findOrderForUpdate, orderNotFound, toOrder } from '../modules/orders';
import { recordAudit, type AuditActor } from '../modules/audit';
import { queueDeliveryMovedEmail } from './order-emails';

const texts = messages.deliveries;

/**
 * PATCH /api/admin/orders/:id/delivery-date, one transaction: orders (the order, locked; not
 * delivered nor cancelled) → deliveries (its zone — the customer's today when the order has none —
 * and the zone's rule and feriados) → core (not past, a delivery weekday, not a feriado) →
 * deliveries (the date, the stop cleared: it goes last on the new day's route) → audit → outbox
 * (the customer told the new date, once: decision 065).
 */
export async function moveDeliveryDate(
  deps: { pool: pg.Pool; onEmailsQueued?: () => void },
  actor: AuditActor,
  orderId: string,
  date: string,
  now: Date,
): Promise<Order> {
  let queued = 0;
  const moved = await inTransaction(deps.pool, async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order) throw orderNotFound();
    if (!['Pendiente', 'Pendiente de Canje', ...PLANNABLE_STATUSES].includes(order.status)) {
      throw new AppError('order_not_plannable', texts.orderNotPlannable, { current_status: order.status });
    }
    const zoneId = order.deliveryZoneId ?? (await customerZoneOf(tx, order.userId));
    if (zoneId === null) throw new AppError('customer_without_zone', texts.customerWithoutZone);
    const today = businessDay(now);
    const zone = await readZoneRule(tx, zoneId, today);
    if (!zone) throw new AppError('customer_without_zone', texts.customerWithoutZone);
    const problem = deliveryDateProblem(zone.rule, zone.closed, date, today);
    if (problem) throw new AppError('delivery_date_invalid', problem);
    const updatedAt = await setOrderDelivery(tx, orderId, date, zoneId);
    const summary = { before: { delivery_date: order.deliveryDate, zone_id: order.deliveryZoneId }, after: { delivery_date: date, zone_id: zoneId } };
    await recordAudit(tx, actor, { action: 'order.delivery_date', entity: 'order', entityId: orderId, summary });
    queued = await queueDeliveryMovedEmail(tx, { id: orderId, customerEmail: order.userInfo.email }, { date, previous: order.deliveryDate ?? null });
    return toOrder({ ...order, deliveryDate: date, deliveryZoneId: zoneId, deliveryStop: null, updatedAt });
  });
  if (queued > 0) deps.onEmailsQueued?.();
  return moved;
}

/** PUT /api/admin/deliveries/:date/:zone_id/stops: the route's order, in one transaction. */
export async function reorderDeliveryStops(pool: pg.Pool, actor: AuditActor, date: string, zoneId: number, orderIds: readonly string[]): Promise<void> {
  await inTransaction(pool, async (tx) => {
    // An unknown zone is 404 even with no stops to order (it would otherwise record a change to nothing).
    if (!(await findZone(tx, zoneId))) throw zoneNotFound();
    await reorderStops(tx, date, zoneId, orderIds);
    const summary = { after: { date, stops: orderIds.length, first: orderIds.slice(0, 10) } };
    await recordAudit(tx, actor, { action: 'deliveries.stops', entity: 'zone', entityId: String(zoneId), summary });
  });
}
