import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import { messages } from '@mayorista/core/messages';
import { businessDay } from '@mayorista/core/receivables';
import type { Payment, PaymentRequest } from '@mayorista/core/schemas/receivables';
import type { Profile } from '@mayorista/core/schemas/auth';
import type pg from 'pg';
import { isUniqueViolation } from '../db/pg-errors';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { enqueueEmails } from '../modules/outbox';
import { customerEmailOf, findPaymentIdByKey, readPayment, recordPayment } from '../modules/receivables';
import { recordAudit } from '../modules/audit';

export interface AccountFlowDeps {
  pool: pg.Pool;
  /** Called after a commit that queued e-mails, so this process's outbox worker sends them at once. */
  onEmailsQueued?: () => void;
  /** "Today" in Buenos Aires comes from this clock; tests inject one. */
  now?: () => Date;
}

export const todayOf = (deps: { now?: () => Date }) => businessDay((deps.now ?? (() => new Date()))());

/** The staff member acting; `ip` (the request's address) goes to the audit log. */
export type Actor = Pick<Profile, 'id' | 'is_super_admin'> & { ip?: string | null };

/**
 * Staff record a payment (cobranza) from a customer. ONE transaction: the customer's account
 * locked (a second payment, or a delivery, for the same customer waits), the idempotency key
 * looked up, the receipt number taken, the payment, its movement and its application written, and
 * the receipt e-mailed through the outbox — all or nothing. The same key sent again answers the
 * first payment (`created: false`); two requests with one key racing past the lookup meet the
 * unique index, and the loser answers the winner's payment.
 */
export async function postPayment(
  deps: AccountFlowDeps,
  actor: Actor,
  customerId: string,
  request: PaymentRequest,
): Promise<{ payment: Payment; created: boolean }> {
  if (!mayActOnAccount(actor, customerId)) throw new AppError('own_account_forbidden', messages.receivables.ownAccount);
  const today = todayOf(deps);
  try {
    const result = await inTransaction(deps.pool, async (tx) => {
      const recorded = await recordPayment(tx, customerId, request, { actorId: actor.id, today });
      if (recorded.created) {
        await queueReceipt(tx, customerId, recorded.payment.id);
        const { id, amount, method, receipt_number } = recorded.payment;
        await recordAudit(tx, actor, { action: 'payment.record', entity: 'customer', entityId: customerId, summary: { after: { payment_id: id, amount, method, receipt_number } } });
      }
      return recorded;
    });
    if (result.created) deps.onEmailsQueued?.();
    return result;
  } catch (error) {
    if (!isUniqueViolation(error, 'payments_idempotency_key')) throw error;
    const winner = await findPaymentIdByKey(deps.pool, customerId, request.idempotency_key);
    const payment = winner === null ? null : await readPayment(deps.pool, winner);
    if (!payment) throw error;
    return { payment, created: false };
  }
}

/** The receipt goes to the customer by e-mail, queued in the payment's transaction (sent iff it commits). */
export async function queueReceipt(tx: pg.PoolClient, customerId: string, paymentId: number): Promise<void> {
  const email = await customerEmailOf(tx, customerId);
  if (email)
    await enqueueEmails(tx, [{ kind: 'payment_receipt', recipient: email, orderId: null, data: { payment_id: paymentId } }]);
}
