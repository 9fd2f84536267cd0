import { messages } from '@mayorista/core/messages';
import { canCustomerCancel } from '@mayorista/core/order-status';
import type { OrderStatus } from '@mayorista/core/constants';
import { looksLikeUuid } from '@mayorista/core/schemas/common';
import type { CancelOrderResult } from '@mayorista/core/schemas/order-life';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { notFound } from '../plugins/error-handler';
import { findOwnOrderForUpdate, notifyOrderCancelled, toOrder, updateOrderStatus } from '../modules/orders';
import { creditPoints, findPointsBalance } from '../modules/points';
import { returnStock } from '../modules/stock';
import { queueOrderEmails } from './order-emails';

export interface CancelOrderDeps {
  pool: pg.Pool;
  /** Called after the commit that queued the e-mails, so this process's outbox worker sends them at once. */
  onEmailsQueued?: () => void;
}

/**
 * The customer cancels their own order while nobody has acted on it yet (Pendiente or Pendiente
 * de Canje). One transaction with the order locked, in this order:
 * 1. the order, locked, must be the customer's and still cancellable (404 / 409 otherwise);
 * 2. points back through the points ledger when it was paid with points — the profile before the
 *    products, the lock order placing an order follows, so the two never deadlock;
 * 3. units back through the stock ledger;
 * 4. the status, the e-mails (outbox) and the admins' live notice —
 * all of it, or nothing. The answer carries the balance after the commit.
 */
export async function cancelOwnOrder(deps: CancelOrderDeps, userId: string, orderId: string): Promise<CancelOrderResult> {
  const { pool } = deps;
  if (!looksLikeUuid(orderId)) throw notFound(messages.orders.notFound);
  const row = await inTransaction(pool, async (tx) => {
    const order = await findOwnOrderForUpdate(tx, userId, orderId);
    if (!order) throw notFound(messages.orders.notFound);
    const status = order.status as OrderStatus;
    if (!canCustomerCancel(status)) {
      throw new AppError('order_not_cancellable', messages.orderLife.cancel.notCancellable(status), { current_status: status });
    }
    const context = { orderId, actorId: userId };
    const lines = order.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
    if (order.canjeadoConPuntos) await creditPoints(tx, userId, order.total, { ...context, kind: 'order_refund' });
    await returnStock(tx, lines, { ...context, kind: 'order_cancel_restock' });
    const cancelled = await updateOrderStatus(tx, orderId, 'Cancelado');
    await queueOrderEmails(tx, { id: orderId, customerEmail: order.userInfo.email }, { kind: 'customer_cancelled' });
    await notifyOrderCancelled(tx, {
      id: orderId,
      user_info: { nombre: order.userInfo.nombre, apellido: order.userInfo.apellido },
      total: order.total,
      status: 'Cancelado',
      created_at: order.createdAt.toISOString(),
      canjeado_con_puntos: order.canjeadoConPuntos,
    });
    return cancelled;
  });
  deps.onEmailsQueued?.();
  return { order: toOrder(row), saldo_puntos: (await findPointsBalance(pool, userId)) ?? 0 };
}
