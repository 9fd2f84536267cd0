import { messages } from '@mayorista/core/messages';
import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import type { Order } from '@mayorista/core/schemas/order';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { findOrderForUpdate, notifyCreditHoldDecided, orderNotFound, toOrder, updateCreditHold, type OrderRow } from '../modules/orders';
import { enqueueEmails } from '../modules/outbox';
import { applyStatusChange } from './change-order-status';
import { todayOf, type AccountFlowDeps, type Actor } from './post-payment';
import { recordAudit } from '../modules/audit';

/**
 * An admin decides an order the credit check held ("Retenido por crédito", decision 038). ONE
 * transaction with the order locked: it must still be held (409 otherwise — two admins deciding
 * at once: the second is told). Released: the order goes on in its status. Rejected: it is
 * cancelled as an admin's cancellation is (stock back through the ledger, the status e-mail) and
 * the reason is kept. Either way the customer is e-mailed (outbox) and the admins' live feed hears
 * it on commit.
 */
export async function decideCreditHold(
  deps: AccountFlowDeps,
  actor: Actor,
  orderId: string,
  decision: { state: 'released' | 'rejected'; reason: string | null },
): Promise<Order> {
  const decided = await inTransaction(deps.pool, async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order) throw orderNotFound();
    if (!mayActOnAccount(actor, order.userId)) throw new AppError('own_account_forbidden', messages.security.ownOrder);
    if (order.creditHold !== 'pending') throw new AppError('order_not_on_hold', messages.receivables.orderNotOnHold, { credit_hold: order.creditHold });
    if (decision.state === 'rejected') await applyStatusChange(tx, order, 'Cancelado', { actorId: actor.id, today: todayOf(deps), statusEmail: false });
    const row = await updateCreditHold(tx, orderId, decision.state, decision.reason);
    await recordAudit(tx, actor, { action: 'order.credit_hold', entity: 'order', entityId: orderId, summary: { before: { credit_hold: 'pending' }, after: { credit_hold: decision.state, reason: decision.reason } } });
    await enqueueEmails(tx, [
      {
        kind: decision.state === 'released' ? 'credit_hold_released' : 'credit_hold_rejected',
        recipient: order.userInfo.email,
        orderId,
        data: { reason: decision.reason ?? '' },
      },
    ]);
    await notifyCreditHoldDecided(tx, livePayload(row), decision.state);
    return toOrder(row);
  });
  deps.onEmailsQueued?.();
  return decided;
}

const livePayload = (row: OrderRow) => ({
  id: row.id,
  user_info: { nombre: row.userInfo.nombre, apellido: row.userInfo.apellido },
  total: row.total,
  status: row.status,
  credit_hold: row.creditHold,
  created_at: row.createdAt.toISOString(),
  canjeado_con_puntos: row.canjeadoConPuntos,
});
