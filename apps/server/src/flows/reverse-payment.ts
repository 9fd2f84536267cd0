import { messages } from '@mayorista/core/messages';
import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import type { AccountPosting } from '@mayorista/core/schemas/receivables';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { paymentIdOf, paymentOwner, reversePayment } from '../modules/receivables';
import { todayOf, type AccountFlowDeps, type Actor } from './post-payment';
import { recordAudit } from '../modules/audit';

/**
 * Staff reverse a payment that did not happen (a bounced cheque, a transfer that never arrived):
 * ONE transaction in which the customer's account is locked and a reversal movement re-opens the
 * amount, due today. The payment and its receipt stay as they were (the ledger is append-only);
 * a second reversal of the same payment answers 409. A malformed id is simply not found.
 */
export async function reversePaymentFlow(
  deps: AccountFlowDeps,
  actor: Actor,
  paymentIdText: string,
  reason: string,
): Promise<AccountPosting> {
  const paymentId = paymentIdOf(paymentIdText);
  const owner = paymentId === null ? null : await paymentOwner(deps.pool, paymentId);
  if (paymentId === null || !owner) throw new AppError('payment_not_found', messages.receivables.paymentNotFound);
  if (!mayActOnAccount(actor, owner.profile_id)) throw new AppError('own_account_forbidden', messages.receivables.ownAccount);
  return inTransaction(deps.pool, async (tx) => {
    const posted = await reversePayment(tx, paymentId, { actorId: actor.id, reason, today: todayOf(deps) });
    await recordAudit(tx, actor, { action: 'payment.reverse', entity: 'customer', entityId: owner.profile_id, summary: { payment_id: paymentId, reason } });
    return posted;
  });
}
