import { messages } from '@mayorista/core/messages';
import { addDays } from '@mayorista/core/receivables';
import type { ChargeChoice, PaymentRequest } from '@mayorista/core/schemas/receivables';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from '../modules/audit';
import { assignRep, assignRepToCustomers, confirmCollection, findRepCustomer, isRepCustomer, isSalesRep, unconfirmCollection } from '../modules/reps';
import { findZone, zoneCustomerIds, zoneNotFound } from '../modules/deliveries';
import { paymentIdOf, paymentOwner, readOpenCharges } from '../modules/receivables';
import type { OrderPlacement, PlaceOrderCommand } from './place-order';
import { postPayment, todayOf, type AccountFlowDeps, type Actor } from './post-payment';
import type { AccountReader } from './read-account';

// Sales reps (decision 047): a rep orders and collects for their own customers through the same
// flows the customer and the office use; a customer that is not theirs is refused before anything
// is written (403).

const texts = messages.staff;

async function assertRepCustomer(pool: pg.Pool, repId: string, customerId: string): Promise<void> {
  if (!(await isRepCustomer(pool, repId, customerId))) throw new AppError('not_your_customer', texts.notYourCustomer);
}

/**
 * The price list a rep's customer buys at (null: the base list), for "Tomar pedido" and the rep's
 * device to read the catalogue at that customer's prices; a customer not theirs is refused (403).
 */
export async function repCustomerPriceList(deps: { pool: pg.Pool; now?: () => Date }, repId: string, customerId: string): Promise<string | null> {
  await assertRepCustomer(deps.pool, repId, customerId);
  const customer = await findRepCustomer(deps.pool, repId, customerId, todayOf(deps));
  if (!customer) throw new AppError('not_your_customer', texts.notYourCustomer);
  return customer.price_list_id;
}

/** The customer's account figures (balance, credit, overdue) for the rep, after the same check. */
export async function repCustomerAccount(deps: { pool: pg.Pool }, reader: AccountReader, repId: string, customerId: string) {
  await assertRepCustomer(deps.pool, repId, customerId);
  return reader.summary(customerId);
}

/** "Aplicar a" on the rep's payment dialog: the customer's open charges, after the same check. */
export async function repOpenCharges(deps: { pool: pg.Pool }, repId: string, customerId: string): Promise<ChargeChoice[]> {
  await assertRepCustomer(deps.pool, repId, customerId);
  return readOpenCharges(deps.pool, customerId);
}

/**
 * The numbered receipt of a payment of one of the rep's customers, the PDF the office gets. A
 * payment of anyone else's customer answers 404 like a missing one (as a customer asking for
 * another's receipt does): a rep learns nothing about payments that are not theirs to see.
 */
export async function repReceiptPdf(deps: { pool: pg.Pool }, reader: AccountReader, repId: string, paymentIdText: string) {
  const paymentId = paymentIdOf(paymentIdText);
  const owner = paymentId === null ? null : await paymentOwner(deps.pool, paymentId);
  if (!owner || !(await isRepCustomer(deps.pool, repId, owner.profile_id))) throw new AppError('receipt_not_found', messages.receivables.receiptNotFound);
  return reader.receiptPdf(paymentIdText, owner.profile_id);
}

/** "Tomar pedido": the customer's checkout, placed by the rep (recorded as channel 'vendedor', taken_by the rep). */
export async function repPlaceOrder(deps: { pool: pg.Pool; placement: OrderPlacement }, rep: AuditActor, customerId: string, command: PlaceOrderCommand) {
  await assertRepCustomer(deps.pool, rep.id, customerId);
  return deps.placement.placeOrder(customerId, command, rep);
}

/** A payment collected by the rep: the office's payment flow, receipt numbered the same way. */
export async function repRecordPayment(deps: AccountFlowDeps, rep: Actor, customerId: string, request: PaymentRequest) {
  await assertRepCustomer(deps.pool, rep.id, customerId);
  return postPayment(deps, rep, customerId, request);
}

/** The office assigns a customer to a rep (or to none), with the rep's visit days. */
export async function assignCustomerRep(pool: pg.Pool, actor: AuditActor, customerId: string, repId: string | null, visitDays?: number[]): Promise<void> {
  if (repId !== null && !(await isSalesRep(pool, repId))) throw new AppError('not_a_rep', texts.notARep);
  await inTransaction(pool, async (tx) => {
    const changed = await assignRep(tx, customerId, repId, visitDays);
    if (!changed) throw new AppError('not_found', messages.accountRules.accountNotFound);
    const summary = { before: { rep_id: changed.before }, after: { rep_id: repId, ...(visitDays ? { visit_days: visitDays } : {}) } };
    await recordAudit(tx, actor, { action: 'customer.rep', entity: 'customer', entityId: customerId, summary });
  });
}

/**
 * PATCH /api/admin/zones/:id/rep: every customer of a zone to one rep (or to none), in ONE
 * transaction — deliveries (the zone, its customers) → reps (each customer locked and assigned) →
 * one audit row on the zone with how many customers and whose they were before.
 */
export async function assignZoneRep(pool: pg.Pool, actor: AuditActor, zoneId: number, repId: string | null): Promise<{ zone_id: number; rep_id: string | null; customers: number }> {
  if (repId !== null && !(await isSalesRep(pool, repId))) throw new AppError('not_a_rep', texts.notARep);
  return inTransaction(pool, async (tx) => {
    if (!(await findZone(tx, zoneId))) throw zoneNotFound();
    const assigned = await assignRepToCustomers(tx, await zoneCustomerIds(tx, zoneId), repId);
    const count = (match: (rep: string | null) => boolean) => assigned.before.filter((b) => match(b.rep_id)).reduce((n, b) => n + b.customers, 0);
    // Who had them before: in full (`before.reps`), and as the two counts a person reads.
    const summary = {
      before: { reps: assigned.before },
      after: { rep_id: repId, customers: assigned.customers },
      with_other_rep: count((rep) => rep !== null && rep !== repId),
      without_rep: count((rep) => rep === null),
    };
    await recordAudit(tx, actor, { action: 'customers.rep_by_zone', entity: 'zone', entityId: String(zoneId), summary });
    return { zone_id: zoneId, rep_id: repId, customers: assigned.customers };
  });
}

/** The office confirms a rep's collection was handed in. */
export async function confirmRepCollection(pool: pg.Pool, actor: AuditActor, paymentId: number): Promise<void> {
  await confirmRepCollections(pool, actor, [paymentId]);
}

/**
 * "Confirmar rendición": the receipts handed in, all or none in one transaction (one of them not a
 * rep's payment: 404 and nothing confirmed), each with its audit row. Confirming one again keeps
 * the first confirmation.
 */
export async function confirmRepCollections(pool: pg.Pool, actor: AuditActor, paymentIds: readonly number[]): Promise<void> {
  await inTransaction(pool, async (tx) => {
    for (const paymentId of new Set(paymentIds)) {
      if (!(await confirmCollection(tx, paymentId, actor.id))) throw new AppError('not_found', texts.collectionNotFound);
      await recordAudit(tx, actor, { action: 'collection.confirm', entity: 'payment', entityId: String(paymentId), summary: { after: { handed_in: true } } });
    }
  });
}

/**
 * "Deshacer" on a confirmed receipt: the office ticked one the rep had not handed in. The receipt is
 * back among the ones to confirm; the audit row keeps who had confirmed it and when. Not confirmed:
 * nothing to undo, nothing written (204 all the same); not a rep's payment: 404.
 */
export async function unconfirmRepCollection(pool: pg.Pool, actor: AuditActor, paymentId: number): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const outcome = await unconfirmCollection(tx, paymentId);
    if (!outcome) throw new AppError('not_found', texts.collectionNotFound);
    if (!outcome.removed) return;
    // Who had confirmed it and when, from the confirmation itself: confirming again writes another
    // audit row but keeps the first confirmation, so the latest audit row may not be the one undone.
    const before = { handed_in: true, confirmed_by: outcome.removed.confirmed_by, confirmed_at: outcome.removed.confirmed_at };
    await recordAudit(tx, actor, { action: 'collection.unconfirm', entity: 'payment', entityId: String(paymentId), summary: { before, after: { handed_in: false } } });
  });
}

/** The period of a summary: the last 30 days up to today unless asked. */
export function summaryRange(deps: { now?: () => Date }, query: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
  const to = query.to ?? todayOf(deps);
  return { from: query.from ?? addDays(to, -30), to };
}
