import { messages } from '@mayorista/core/messages';
import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import type { AccountPosting, AdjustmentRequest } from '@mayorista/core/schemas/receivables';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { recordAudit } from '../modules/audit';
import { postAdjustment } from '../modules/receivables';
import { todayOf, type AccountFlowDeps, type Actor } from './post-payment';

/**
 * Staff post an adjustment: most often the opening balance of a customer the business already
 * sold to on account before using the cuenta corriente (orders delivered before it were never
 * charged). ONE transaction with the customer's account locked; never on one's own account.
 */
export async function adjustAccount(
  deps: AccountFlowDeps,
  actor: Actor,
  customerId: string,
  request: AdjustmentRequest,
): Promise<AccountPosting> {
  if (!mayActOnAccount(actor, customerId)) throw new AppError('own_account_forbidden', messages.receivables.ownAccount);
  return inTransaction(deps.pool, async (tx) => {
    const posted = await postAdjustment(tx, customerId, {
      amount: request.amount,
      reason: request.reason,
      dueDate: request.due_date ?? null,
      actorId: actor.id,
      today: todayOf(deps),
    });
    const summary = { after: { amount: request.amount, reason: request.reason, due_date: request.due_date ?? null } };
    await recordAudit(tx, actor, { action: 'account.adjust', entity: 'customer', entityId: customerId, summary });
    return posted;
  });
}
