import { messages } from '@mayorista/core/messages';
import { chequeProblem, dueDateFor, paymentEffectiveDay } from '@mayorista/core/receivables';
import type { AccountMovement, Payment, PaymentRequest } from '@mayorista/core/schemas/receivables';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { applyCredit, lockAccount, openDebit, postMovement, type AccountRow } from './receivables.ledger';
import {
  findPaymentByKey,
  findPaymentOwner,
  insertPayment,
  nextReceiptNumber,
  paymentFingerprint,
  readPayment,
} from './receivables.payments';
import { readMovement } from './receivables.read';

/**
 * The account's actions, each inside the caller's transaction (the flows open it). Every one
 * starts by locking the customer's account, the one lock all writes to an account share: two
 * staff posting payments to one customer, or a payment while an order is delivered, queue.
 */

const texts = messages.receivables;

export const customerNotFound = () => new AppError('customer_not_found', texts.customerNotFound);

async function lockedAccount(db: Queryable, profileId: string): Promise<AccountRow> {
  const account = await lockAccount(db, profileId);
  if (!account) throw customerNotFound();
  return account;
}

/**
 * Posts the charge of a delivered order, due after the customer's terms (or the settings' default),
 * and pays it at once from any credit "a favor". Answers the movement's id, or null when the
 * order was already charged (the unique index makes a second delivery post nothing).
 */
export async function postOrderCharge(
  db: Queryable,
  charge: { profileId: string; orderId: string; amount: number; today: string; defaultTermsDays: number; actorId: string | null },
): Promise<number | null> {
  const account = await lockedAccount(db, charge.profileId);
  if (charge.amount <= 0) return null;
  const terms = account.payment_terms_days ?? charge.defaultTermsDays;
  const dueDate = dueDateFor(charge.today, terms);
  const movement = await postMovement(db, charge.profileId, {
    kind: 'charge',
    amount: charge.amount,
    dueDate,
    orderId: charge.orderId,
    actorId: charge.actorId,
    day: charge.today,
  });
  await openDebit(db, charge.profileId, {
    movementId: movement.id,
    orderId: charge.orderId,
    dueDate,
    amount: charge.amount,
    today: charge.today,
  });
  return movement.id;
}

function chequeError(request: PaymentRequest, today: string): AppError | null {
  const problem = chequeProblem(request, today);
  if (!problem) return null;
  const message = { fields: texts.chequeFieldsRequired, past: texts.chequeDateInPast, too_far: texts.chequeDateTooFar }[problem];
  return new AppError('payment_invalid', message, { field: problem === 'fields' ? 'cheque' : 'cheque_date' });
}

/**
 * Records a payment: the account locked, the idempotency key looked up (the same key again answers
 * the first payment; with a different payment, 422), the receipt number, the payment row, its
 * movement, and its application (picked orders, then the oldest). `created` is false on a replay.
 */
export async function recordPayment(
  db: Queryable,
  profileId: string,
  request: PaymentRequest,
  context: { actorId: string | null; today: string },
): Promise<{ payment: Payment; created: boolean }> {
  await lockedAccount(db, profileId);
  // A replay answers the first payment even if its cheque date has passed since.
  const replay = await replayedPayment(db, profileId, request);
  if (replay) return { payment: replay, created: false };
  const problem = chequeError(request, context.today);
  if (problem) throw problem;
  const receiptNumber = await nextReceiptNumber(db);
  const paymentId = await insertPayment(db, profileId, request, receiptNumber, context.actorId);
  const movement = await postMovement(db, profileId, {
    kind: 'payment',
    amount: -request.amount,
    paymentId,
    actorId: context.actorId,
    day: context.today,
  });
  const applied = await applyCredit(db, profileId, {
    movementId: movement.id,
    amount: request.amount,
    appliesTo: request.applies_to ?? [],
    effectiveOn: paymentEffectiveDay(request, context.today),
  });
  if ('unknownOrders' in applied)
    throw new AppError('applies_to_unknown', texts.appliesToUnknown, { orders: applied.unknownOrders });
  return { payment: (await readPayment(db, paymentId))!, created: true };
}

async function replayedPayment(db: Queryable, profileId: string, request: PaymentRequest): Promise<Payment | null> {
  const hit = await findPaymentByKey(db, profileId, request.idempotency_key);
  if (!hit) return null;
  if (hit.fingerprint !== paymentFingerprint(request)) throw new AppError('payment_key_reused', texts.paymentKeyReused);
  return readPayment(db, hit.id);
}

/**
 * A payment that did not happen after all (a bounced cheque, a transfer that never arrived): a
 * reversal movement for its amount, due today — the money is owed again now, whatever the charges
 * it paid were due — paid at once from any credit "a favor". Once per payment (409 after).
 */
export async function reversePayment(
  db: Queryable,
  paymentId: number,
  context: { actorId: string | null; reason: string; today: string },
): Promise<{ movement: AccountMovement; balance: number }> {
  const payment = await findPaymentOwner(db, paymentId);
  if (!payment) throw new AppError('payment_not_found', texts.paymentNotFound);
  await lockedAccount(db, payment.profile_id);
  try {
    const movement = await postMovement(db, payment.profile_id, {
      kind: 'reversal',
      amount: payment.amount,
      dueDate: context.today,
      paymentId,
      actorId: context.actorId,
      reason: context.reason,
      day: context.today,
    });
    await openDebit(db, payment.profile_id, {
      movementId: movement.id,
      orderId: null,
      dueDate: context.today,
      amount: payment.amount,
      today: context.today,
    });
    return { movement: (await readMovement(db, movement.id))!, balance: movement.balance };
  } catch (error) {
    if (isUniqueViolation(error, 'account_movements_one_reversal'))
      throw new AppError('payment_already_reversed', texts.paymentAlreadyReversed);
    throw error;
  }
}

/**
 * A credit note (a return, a price correction): a movement that lowers the debt, applied to the
 * order's charge first when it names one and it is still open, then to the oldest.
 */
export async function postCreditNote(
  db: Queryable,
  profileId: string,
  note: { amount: number; reason: string; orderId: string | null; actorId: string | null; today: string },
): Promise<{ movement: AccountMovement; balance: number }> {
  await lockedAccount(db, profileId);
  const movement = await postMovement(db, profileId, {
    kind: 'credit_note',
    amount: -note.amount,
    orderId: note.orderId,
    actorId: note.actorId,
    reason: note.reason,
    day: note.today,
  });
  const credit = { movementId: movement.id, amount: note.amount, effectiveOn: note.today };
  // The order's charge may be paid already: then the note goes to the oldest (nothing was written by the refused try).
  const applied = note.orderId ? await applyCredit(db, profileId, { ...credit, appliesTo: [note.orderId] }) : null;
  if (!applied || 'unknownOrders' in applied) await applyCredit(db, profileId, credit);
  return { movement: (await readMovement(db, movement.id))!, balance: movement.balance };
}

/**
 * An adjustment (an opening balance, a correction): positive, it is owed from `dueDate` (today by
 * default) like a charge; negative, it is applied like a credit note, oldest first.
 */
export async function postAdjustment(
  db: Queryable,
  profileId: string,
  adjustment: { amount: number; reason: string; dueDate: string | null; actorId: string | null; today: string },
): Promise<{ movement: AccountMovement; balance: number }> {
  await lockedAccount(db, profileId);
  const dueDate = adjustment.amount > 0 ? (adjustment.dueDate ?? adjustment.today) : null;
  const movement = await postMovement(db, profileId, {
    kind: 'adjustment',
    amount: adjustment.amount,
    dueDate,
    actorId: adjustment.actorId,
    reason: adjustment.reason,
    day: adjustment.today,
  });
  if (dueDate)
    await openDebit(db, profileId, {
      movementId: movement.id,
      orderId: null,
      dueDate,
      amount: adjustment.amount,
      today: adjustment.today,
    });
  else await applyCredit(db, profileId, { movementId: movement.id, amount: -adjustment.amount, effectiveOn: adjustment.today });
  return { movement: (await readMovement(db, movement.id))!, balance: movement.balance };
}
