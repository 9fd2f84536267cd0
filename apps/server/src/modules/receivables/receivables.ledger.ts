import type { AccountMovementKind } from '@mayorista/core/schemas/receivables';
import { allocatePayment, type OpenItem } from '@mayorista/core/receivables';
import type { Queryable } from '../../db/transaction';

/**
 * The ONLY code that writes a customer's account (decision 037): the ledger `account_movements`,
 * its cached balance in `customer_accounts`, the open items and their allocations. Every function
 * takes the caller's transaction client; callers lock the account first (`lockAccount`), so the
 * writes to one account queue one behind the other and the cached numbers always add up
 * (`npm run db:check` proves it).
 */

export interface AccountRow {
  balance: number;
  unapplied: number;
  credit_limit: number | null;
  payment_terms_days: number | null;
}

/**
 * Locks the customer's account row until the transaction ends, creating it on first use. Answers
 * null when there is no such customer. Two statements on purpose: a row inserted by the first is
 * visible to the second (one statement sees one snapshot).
 */
export async function lockAccount(db: Queryable, profileId: string): Promise<AccountRow | null> {
  await db.query({
    name: 'account_ensure',
    text: `insert into customer_accounts (profile_id) select id from profiles where id = $1 on conflict do nothing`,
    values: [profileId],
  });
  const { rows } = await db.query<AccountRow>({
    name: 'account_lock',
    text: `select balance, unapplied, credit_limit, payment_terms_days from customer_accounts where profile_id = $1 for update`,
    values: [profileId],
  });
  return rows[0] ?? null;
}

export interface NewMovement {
  kind: AccountMovementKind;
  /** Signed centavos: + the customer owes more. */
  amount: number;
  dueDate?: string | null;
  orderId?: string | null;
  paymentId?: number | null;
  actorId?: string | null;
  reason?: string | null;
  /** The business day it happens (Buenos Aires). */
  day: string;
}

export interface PostedMovement {
  id: number;
  balance: number;
  created_at: Date;
}

/** Writes the movement and the new cached balance in one statement (the account must be locked). */
export async function postMovement(db: Queryable, profileId: string, m: NewMovement): Promise<PostedMovement> {
  const { rows } = await db.query<PostedMovement>({
    name: 'account_post_movement',
    text: `with acct as (
             update customer_accounts set balance = balance + $3::bigint, updated_at = now()
              where profile_id = $1 returning balance
           )
           insert into account_movements (profile_id, kind, amount, balance, due_date, order_id, payment_id, actor_id, reason, entry_date)
           select $1, $2, $3::bigint, acct.balance, $4::date, $5::uuid, $6::bigint, $7::uuid, $8, $9::date from acct
           returning id, balance, created_at`,
    values: [
      profileId,
      m.kind,
      m.amount,
      m.dueDate ?? null,
      m.orderId ?? null,
      m.paymentId ?? null,
      m.actorId ?? null,
      m.reason ?? null,
      m.day,
    ],
  });
  return rows[0]!;
}

/** The customer's open items (charges and reversals not paid yet), oldest due first. */
export async function readOpenItems(db: Queryable, profileId: string): Promise<OpenItem[]> {
  const { rows } = await db.query<OpenItem & { due_date: string }>({
    name: 'account_open_items',
    text: `select movement_id::int as id, order_id, to_char(due_date, 'YYYY-MM-DD') as due_date, open
             from account_open_items where profile_id = $1 and open > 0
            order by due_date, movement_id`,
    values: [profileId],
  });
  return rows;
}

/** Takes `allocations` off their open items and records them, in one statement. */
async function writeAllocations(
  db: Queryable,
  creditMovementId: number | null,
  allocations: readonly { id: number; amount: number }[],
  effectiveOn: string,
): Promise<void> {
  if (allocations.length === 0) return;
  await db.query({
    name: 'account_allocate',
    text: `with a as (select * from unnest($1::bigint[], $2::bigint[]) as a(item, amount)),
           taken as (
             update account_open_items i set open = i.open - a.amount from a where i.movement_id = a.item returning i.movement_id
           )
           insert into account_allocations (credit_movement_id, item_movement_id, amount, effective_on)
           select $3::bigint, a.item, a.amount, $4::date from a where a.item in (select movement_id from taken)`,
    values: [allocations.map((a) => a.id), allocations.map((a) => a.amount), creditMovementId, effectiveOn],
  });
}

async function addUnapplied(db: Queryable, profileId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db.query({
    name: 'account_unapplied',
    text: `update customer_accounts set unapplied = unapplied + $2::bigint where profile_id = $1`,
    values: [profileId, delta],
  });
}

/**
 * A payment or credit note of `amount` (movement `creditMovementId`, already posted) applied to the
 * picked orders, then the oldest open items; what is left stays "a favor" (unapplied). Answers
 * the application, or the picked orders that have nothing open (the caller refuses: nothing of
 * this was written yet).
 */
export async function applyCredit(
  db: Queryable,
  profileId: string,
  credit: { movementId: number; amount: number; appliesTo?: readonly string[]; effectiveOn: string },
): Promise<{ applied: { order_id: string | null; amount: number }[]; unapplied: number } | { unknownOrders: string[] }> {
  const items = await readOpenItems(db, profileId);
  const result = allocatePayment(credit.amount, items, credit.appliesTo ?? []);
  if (result.unknownOrders.length > 0) return { unknownOrders: result.unknownOrders };
  await writeAllocations(db, credit.movementId, result.allocations, credit.effectiveOn);
  await addUnapplied(db, profileId, result.unapplied);
  return { applied: result.allocations.map((a) => ({ order_id: a.order_id, amount: a.amount })), unapplied: result.unapplied };
}

/**
 * A new debit (a charge at delivery, a bounced cheque's reversal) becomes an open item; the
 * customer's credit "a favor", if any, pays it at once, so an account never has both open items
 * and unapplied credit.
 */
export async function openDebit(
  db: Queryable,
  profileId: string,
  debit: { movementId: number; orderId: string | null; dueDate: string; amount: number; today: string },
): Promise<void> {
  const { rows } = await db.query<{ unapplied: number }>({
    name: 'account_open_debit',
    text: `with item as (
             insert into account_open_items (movement_id, profile_id, order_id, due_date, amount, open)
             values ($1, $2, $3::uuid, $4::date, $5::bigint, $5::bigint)
           )
           select unapplied from customer_accounts where profile_id = $2`,
    values: [debit.movementId, profileId, debit.orderId, debit.dueDate, debit.amount],
  });
  const use = Math.min(rows[0]?.unapplied ?? 0, debit.amount);
  if (use <= 0) return;
  await writeAllocations(db, null, [{ id: debit.movementId, amount: use }], debit.today);
  await addUnapplied(db, profileId, -use);
}

/** Sets a customer's terms and limit (the account must be locked); a key left out stays as it is. */
export async function updateCreditSettings(
  db: Queryable,
  profileId: string,
  patch: { payment_terms_days?: number | null | undefined; credit_limit?: number | null | undefined },
): Promise<void> {
  await db.query({
    name: 'account_credit_settings',
    text: `update customer_accounts
              set payment_terms_days = case when $2 then $3::int else payment_terms_days end,
                  credit_limit = case when $4 then $5::bigint else credit_limit end,
                  updated_at = now()
            where profile_id = $1`,
    values: [
      profileId,
      'payment_terms_days' in patch,
      patch.payment_terms_days ?? null,
      'credit_limit' in patch,
      patch.credit_limit ?? null,
    ],
  });
}
