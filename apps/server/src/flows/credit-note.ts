import { messages } from '@mayorista/core/messages';
import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import type { AccountPosting, CreditNoteRequest } from '@mayorista/core/schemas/receivables';
import type { Queryable } from '../db/transaction';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { findOrderForUpdate, type OrderRow } from '../modules/orders';
import { isChargedOrderOf, postCreditNote } from '../modules/receivables';
import { returnStock } from '../modules/stock';
import { todayOf, type AccountFlowDeps, type Actor } from './post-payment';
import { recordAudit } from '../modules/audit';

const texts = messages.receivables;
const invalid = (message: string, details?: Record<string, unknown>) => new AppError('credit_note_invalid', message, details);

/** The order a credit note names: the customer's, delivered and charged, and the note within its total. */
async function chargedOrder(tx: Queryable, customerId: string, request: CreditNoteRequest): Promise<OrderRow | null> {
  if (!request.order_id) return null;
  const order = await findOrderForUpdate(tx, request.order_id);
  if (!order || order.userId !== customerId || !(await isChargedOrderOf(tx, customerId, order.id))) throw invalid(texts.creditNoteOrderUnknown);
  if (request.amount > order.total) throw invalid(texts.creditNoteAboveOrder);
  return order;
}

/** Goods that come back must have been in the order, at most as many as were ordered. */
function restockLines(order: OrderRow | null, request: CreditNoteRequest): { productId: string; quantity: number }[] {
  const restock = request.restock ?? [];
  if (restock.length === 0) return [];
  if (!order) throw invalid(texts.restockNeedsOrder);
  const ordered = new Map(order.items.map((item) => [item.product_id, item.quantity]));
  const seen = new Set<string>();
  for (const line of restock) {
    if (seen.has(line.product_id) || line.quantity > (ordered.get(line.product_id) ?? 0)) {
      throw invalid(texts.creditNoteRestockUnknown, { product_id: line.product_id });
    }
    seen.add(line.product_id);
  }
  return restock.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
}

/**
 * Staff issue a credit note (a return, a price correction on a delivered order). ONE transaction,
 * locks in the order every flow takes them — the order, then the customer's account, then the
 * products — so it never deadlocks with a delivery or an order being placed: the note's movement
 * (applied to the order's charge first), and the goods back on the shelf through the stock ledger.
 */
export async function creditNoteFlow(deps: AccountFlowDeps, actor: Actor, customerId: string, request: CreditNoteRequest): Promise<AccountPosting> {
  if (!mayActOnAccount(actor, customerId)) throw new AppError('own_account_forbidden', texts.ownAccount);
  if ((request.restock?.length ?? 0) > 0 && !request.order_id) throw invalid(texts.restockNeedsOrder);
  return inTransaction(deps.pool, async (tx) => {
    const order = await chargedOrder(tx, customerId, request);
    const lines = restockLines(order, request);
    const posted = await postCreditNote(tx, customerId, {
      amount: request.amount,
      reason: request.reason,
      orderId: order?.id ?? null,
      actorId: actor.id,
      today: todayOf(deps),
    });
    if (lines.length > 0) await returnStock(tx, lines, { kind: 'credit_note_restock', orderId: order!.id, actorId: actor.id });
    const summary = { after: { amount: request.amount, reason: request.reason, order_id: order?.id ?? null, restocked_lines: lines.length } };
    await recordAudit(tx, actor, { action: 'credit_note.issue', entity: 'customer', entityId: customerId, summary });
    return posted;
  });
}
