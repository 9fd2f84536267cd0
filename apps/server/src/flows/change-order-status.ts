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
import { businessDay } from '@mayorista/core/receivables';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../db/transaction';
import { AppError } from '../lib/errors';
import { invoiceRequestOf, noInvoiceIssuer, type InvoiceIssuer } from '../modules/invoicing';
import { findOrderForUpdate, orderNotFound, toOrder, updateOrderStatus, type OrderRow } from '../modules/orders';
import { creditPoints } from '../modules/points';
import { postOrderCharge } from '../modules/receivables';
import { loadSettings } from '../modules/settings';
import { returnStock } from '../modules/stock';
import { queueOrderEmails } from './order-emails';
import { recordAudit } from '../modules/audit';

export interface ChangeOrderStatusDeps {
  pool: pg.Pool;
  /** Called after the commit that queued the e-mails, so this process's outbox worker sends them at once. */
  onEmailsQueued?: () => void;
  /** Electronic invoicing (decision 019): the no-op unless the app is given a real issuer. */
  invoiceIssuer?: InvoiceIssuer;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** The clock that decides the delivery day (and so the due date); tests inject one. */
  now?: () => Date;
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
 * 5. delivering (Entregado) posts the charge on the customer's account, locked after the order —
 *    a payment recorded meanwhile waits for it, or it for the payment;
 * 6. the status and the customer's e-mail (outbox).
 * An order "Retenido por crédito" may only be cancelled until an admin releases it.
 * After the commit: the outbox is woken, and a confirmed order is invoiced.
 */
export async function changeOrderStatus(
  deps: ChangeOrderStatusDeps,
  orderId: string,
  to: OrderStatus,
  actor: Actor,
): Promise<Order> {
  const changed = await inTransaction(deps.pool, async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order) throw orderNotFound();
    if (!mayActOnAccount(actor, order.userId)) throw new AppError('own_account_forbidden', messages.security.ownOrder);
    // An order "Retenido por crédito" moves on only once an admin releases it (or it is cancelled).
    if (order.creditHold === 'pending' && to !== 'Cancelado') {
      throw new AppError('invalid_status_transition', messages.receivables.creditHeldStatus, {
        current_status: order.status,
        credit_hold: 'pending',
      });
    }
    const changedRow = await applyStatusChange(tx, order, to, { actorId: actor.id, today: businessDay((deps.now ?? (() => new Date()))()) });
    await recordAudit(tx, actor, { action: 'order.status', entity: 'order', entityId: orderId, summary: { before: { status: order.status }, after: { status: to } } });
    return changedRow;
  });
  deps.onEmailsQueued?.();
  if (to === 'Confirmado') await issueInvoice(deps, changed);
  return changed;
}

/**
 * Steps 2–5 on an order already locked, in the caller's transaction (the credit hold's rejection
 * cancels through here too). Delivering posts the order's charge on the customer's account
 * (decision 037), due after their terms; an order paid with points owes nothing and posts nothing.
 */
export async function applyStatusChange(
  tx: Queryable,
  order: OrderRow,
  to: OrderStatus,
  context: { actorId: string; today: string; statusEmail?: boolean; partialDelivery?: boolean },
): Promise<Order> {
  const from = order.status as OrderStatus;
  if (!canTransitionOrder(from, to)) {
    throw new AppError('invalid_status_transition', messages.adminOrders.invalidTransition(from, to), { current_status: from });
  }
  const ledger = { orderId: order.id, actorId: context.actorId };
  if (transitionRefundsPoints(to) && order.canjeadoConPuntos) {
    await creditPoints(tx, order.userId, order.total, { ...ledger, kind: 'order_refund' });
  }
  if (transitionRestocks(to)) {
    const lines = order.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
    await returnStock(tx, lines, { ...ledger, kind: 'order_cancel_restock' });
  }
  if (to === 'Entregado' && !order.canjeadoConPuntos) {
    const settings = await loadSettings(tx);
    await postOrderCharge(tx, {
      profileId: order.userId,
      orderId: order.id,
      amount: order.total,
      today: context.today,
      defaultTermsDays: settings.default_payment_terms_days,
      actorId: context.actorId,
    });
  }
  const updated = await updateOrderStatus(tx, order.id, to);
  // A credit hold's rejection sends its own e-mail, with the reason, instead.
  if (context.statusEmail === false) return toOrder(updated);
  await queueOrderEmails(tx, { id: order.id, customerEmail: order.userInfo.email }, {
    kind: 'status_changed',
    status: to,
    ...(context.partialDelivery ? { partial: true } : {}),
  });
  return toOrder(updated);
}
