import {
  canTransitionOrder,
  mayActOnAccount,
  messages,
  transitionRefundsPoints,
  transitionRestocks,
  type Order,
  type OrderStatus,
  type Profile,
} from '@mayorista/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { invoiceRequestOf, noInvoiceIssuer, type InvoiceIssuer } from '../modules/invoicing';
import { findOrderForUpdate, orderNotFound, toOrder, updateOrderStatus } from '../modules/orders';
import { creditPoints } from '../modules/points';
import { returnStock } from '../modules/stock';
import { queueOrderEmails } from './order-emails';

export interface ChangeOrderStatusDeps {
  pool: pg.Pool;
  /** Called after the commit that queued the e-mails, so this process's outbox worker sends them at once. */
  onEmailsQueued?: () => void;
  /** Electronic invoicing (decision 019): the no-op unless the app is given a real issuer. */
  invoiceIssuer?: InvoiceIssuer;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** The admin acting, as the auth guard resolved it. */
type Actor = Pick<Profile, 'id' | 'is_super_admin'>;

/**
 * Decision 019: the invoice is issued when the business confirms the order (the sale is then
 * agreed; Pendiente orders may still be cancelled), after the commit, never inside the
 * transaction — a web-service call must not hold the order's locks. The no-op issues nothing. A
 * real ARCA issuer needs retries and gapless numbering per punto de venta, so it belongs on the
 * outbox worker (a job queued in the status change's transaction); this call is where it plugs in.
 */
async function issueInvoice(deps: ChangeOrderStatusDeps, order: Order): Promise<void> {
  const request = invoiceRequestOf(order);
  if (!request) return;
  try {
    await (deps.invoiceIssuer ?? noInvoiceIssuer).issue(request);
  } catch (error) {
    // The status change is committed; a failed invoice must not turn it into an error.
    const log: Pick<FastifyBaseLogger, 'error'> = deps.log ?? console;
    log.error({ err: error, orderId: order.id }, 'invoice issue failed');
  }
}

/**
 * An admin moves an order to another status. One transaction with the order row locked, in this
 * order: a second admin clicking at the same moment waits, then sees the new status and gets a
 * 409, so restock and refund happen exactly once.
 * 1. the order, locked; a plain admin never moves their own order (separation of duties);
 * 2. the transition must be allowed from the current status (409 otherwise);
 * 3. points back through the points ledger when the new status refunds them — the customer's
 *    profile before the products, as placing, editing and cancelling an order lock them
 *    (decision 021);
 * 4. units back through the stock ledger when the new status restocks;
 * 5. the status and the customer's e-mail (outbox).
 * After the commit: the outbox is woken, and a confirmed order is invoiced.
 */
export async function changeOrderStatus(
  deps: ChangeOrderStatusDeps,
  orderId: string,
  to: OrderStatus,
  actor: Actor,
): Promise<Order> {
  const actorId = actor.id;
  const changed = await inTransaction(deps.pool, async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order) throw orderNotFound();
    if (!mayActOnAccount(actor, order.userId)) throw new AppError('own_account_forbidden', messages.security.ownOrder);
    const from = order.status as OrderStatus;
    if (!canTransitionOrder(from, to)) {
      throw new AppError('invalid_status_transition', messages.adminOrders.invalidTransition(from, to), { current_status: from });
    }
    const context = { orderId, actorId };
    if (transitionRefundsPoints(to) && order.canjeadoConPuntos) {
      await creditPoints(tx, order.userId, order.total, { ...context, kind: 'order_refund' });
    }
    if (transitionRestocks(to)) {
      const lines = order.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
      await returnStock(tx, lines, { ...context, kind: 'order_cancel_restock' });
    }
    const updated = await updateOrderStatus(tx, orderId, to);
    await queueOrderEmails(tx, { id: orderId, customerEmail: order.userInfo.email }, { kind: 'status_changed', status: to });
    return toOrder(updated);
  });
  deps.onEmailsQueued?.();
  if (to === 'Confirmado') await issueInvoice(deps, changed);
  return changed;
}
