import { createHash } from 'node:crypto';
import type { Payment, PaymentMethod, PaymentRequest } from '@mayorista/core/schemas/receivables';
import type { Queryable } from '../../db/transaction';

/**
 * Payments (cobranzas) and their receipts. A payment row is written with its ledger movement in
 * the same transaction, after the customer's account is locked; its receipt number comes from
 * `document_counters` in that transaction, so a payment rolled back gives its number back and the
 * receipts have no gaps. The counter row is one for the whole business: receipts are numbered one
 * at a time, the price of "no gap, no duplicate" (a payment is a few milliseconds).
 */

/** What makes two payment requests "the same payment" for an idempotency key. */
export function paymentFingerprint(request: PaymentRequest): string {
  const { idempotency_key: _key, ...rest } = request;
  const canonical = JSON.stringify(rest, Object.keys(rest).sort());
  return createHash('sha256').update(canonical).digest('hex');
}

export async function nextReceiptNumber(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>({
    name: 'receipt_next_number',
    text: `update document_counters set last_number = last_number + 1 where name = 'receipt' returning last_number as n`,
  });
  return rows[0]!.n;
}

export interface PaymentKeyHit {
  id: number;
  fingerprint: string;
}

/** The payment an idempotency key already made for this customer, if any. */
export async function findPaymentByKey(db: Queryable, profileId: string, key: string): Promise<PaymentKeyHit | null> {
  const { rows } = await db.query<PaymentKeyHit>({
    name: 'payment_by_key',
    text: `select id::int as id, fingerprint from payments where profile_id = $1 and idempotency_key = $2`,
    values: [profileId, key],
  });
  return rows[0] ?? null;
}

export async function insertPayment(
  db: Queryable,
  profileId: string,
  request: PaymentRequest,
  receiptNumber: number,
  actorId: string | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>({
    name: 'payment_insert',
    text: `insert into payments (profile_id, amount, method, reference, bank, cheque_number, cheque_date, receipt_number,
                                 idempotency_key, fingerprint, actor_id)
           values ($1, $2, $3, $4, $5, $6, $7::date, $8, $9, $10, $11::uuid)
           returning id::int as id`,
    values: [
      profileId,
      request.amount,
      request.method,
      request.reference,
      request.bank,
      request.method === 'cheque' ? request.cheque_number : null,
      request.method === 'cheque' ? request.cheque_date : null,
      receiptNumber,
      request.idempotency_key,
      paymentFingerprint(request),
      actorId,
    ],
  });
  return rows[0]!.id;
}

interface PaymentRow {
  id: number;
  customer_id: string;
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  bank: string | null;
  cheque_number: string | null;
  cheque_date: string | null;
  receipt_number: number;
  balance: number;
  reversed: boolean;
  reversal: { date: string; reason: string } | null;
  created_at: Date;
  applied: { order_id: string | null; amount: number }[];
}

/**
 * A payment as the API answers it, with how it was applied. `profileId` scopes the read to one
 * customer (their own receipts): another customer's payment is simply not found.
 */
export async function readPayment(db: Queryable, paymentId: number, profileId: string | null = null): Promise<Payment | null> {
  const { rows } = await db.query<PaymentRow>({
    name: 'payment_read',
    text: `select p.id::int as id, p.profile_id as customer_id, p.amount, p.method, p.reference, p.bank, p.cheque_number,
                  to_char(p.cheque_date, 'YYYY-MM-DD') as cheque_date, p.receipt_number, m.balance, p.created_at,
                  r.id is not null as reversed,
                  case when r.id is null then null else json_build_object('date', to_char(r.entry_date, 'YYYY-MM-DD'), 'reason', r.reason) end as reversal,
                  coalesce((select json_agg(json_build_object('order_id', i.order_id, 'amount', a.amount) order by a.id)
                              from account_allocations a join account_open_items i on i.movement_id = a.item_movement_id
                             where a.credit_movement_id = m.id), '[]'::json) as applied
             from payments p join account_movements m on m.payment_id = p.id and m.kind = 'payment'
             left join account_movements r on r.payment_id = p.id and r.kind = 'reversal'
            where p.id = $1 and ($2::uuid is null or p.profile_id = $2::uuid)`,
    values: [paymentId, profileId],
  });
  const row = rows[0];
  if (!row) return null;
  const applied = row.applied.map((a) => ({ order_id: a.order_id, amount: Number(a.amount) }));
  const unapplied = row.amount - applied.reduce((sum, a) => sum + a.amount, 0);
  return { ...row, applied, unapplied, created_at: row.created_at.toISOString() };
}

/** The payment to reverse, with the customer it belongs to. */
export async function findPaymentOwner(db: Queryable, paymentId: number): Promise<{ profile_id: string; amount: number } | null> {
  const { rows } = await db.query<{ profile_id: string; amount: number }>({
    name: 'payment_owner',
    text: `select profile_id, amount from payments where id = $1`,
    values: [paymentId],
  });
  return rows[0] ?? null;
}

export async function findPaymentIdByKey(db: Queryable, profileId: string, key: string): Promise<number | null> {
  return (await findPaymentByKey(db, profileId, key))?.id ?? null;
}

/** Where the customer's account e-mails go (their sign-in address). */
export async function customerEmailOf(db: Queryable, profileId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>({
    name: 'account_customer_email',
    text: `select email from profiles where id = $1`,
    values: [profileId],
  });
  return rows[0]?.email ?? null;
}

/**
 * A payment's id as a URL gives it: digits only (a receipt's or a reversal's route takes any string,
 * so a malformed id answers like a missing payment, never 400 or 500); null when it is not one.
 */
export const paymentIdOf = (text: string): number | null => (/^\d{1,15}$/.test(text) ? Number(text) : null);
