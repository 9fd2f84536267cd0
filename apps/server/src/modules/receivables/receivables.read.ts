import { availableCredit, nextDueAt, overdueAt, pendingChequesOf, type OpenItem } from '@mayorista/core/receivables';
import type { AccountMovement, AccountSummary, ChargeChoice } from '@mayorista/core/schemas/receivables';
import type { Settings } from '@mayorista/core/schemas/settings';
import { ACTOR_NAME } from '../../db/ledger-page';
import type { Queryable } from '../../db/transaction';

/**
 * Reads of the cuenta corriente. What is "open" at a day counts a post-dated cheque as paid only
 * from its date (and a reversed payment never): `OPEN_ITEMS_AT` adds back the allocations whose
 * `effective_on` is after the day. Only cheques not yet due are in that set, so it stays small.
 * Each item also says how much of its `open` post-dated cheques already received will pay
 * (`by_cheque`): the balance counts those cheques at once, so Σ open − Σ by_cheque − unapplied = balance.
 * For a past day (a statement's end) the add-back also holds what was paid after it, in any way;
 * only a cheque received by that day, dated after it, was "a cobrar" then (`c.entry_date <= day`).
 * `day` is the day's parameter (`$2` unless given); `profileFilter` is empty or `and i.profile_id = $1` (a constant, never input).
 */
export const openItemsAtSql = (profileFilter: string, day = '$2') => `pending as (
    select a.item_movement_id as id, sum(a.amount)::bigint as amount,
           coalesce(sum(a.amount) filter (where c.entry_date <= ${day}::date), 0)::bigint as by_cheque
      from account_allocations a
      join account_movements c on c.id = a.credit_movement_id
     where a.effective_on > ${day}::date
       and not exists (select 1 from account_movements r where r.kind = 'reversal' and r.payment_id = c.payment_id)
     group by 1
  ), items as (
    select i.movement_id, i.profile_id, i.order_id, i.due_date, i.open + coalesce(p.amount, 0) as open, coalesce(p.by_cheque, 0) as by_cheque
      from account_open_items i left join pending p on p.id = i.movement_id
     where i.open > 0 ${profileFilter}
    union all
    select i.movement_id, i.profile_id, i.order_id, i.due_date, p.amount, p.by_cheque
      from pending p join account_open_items i on i.movement_id = p.id
     where i.open = 0 ${profileFilter}
  )`;

const MOVEMENT_COLUMNS = `m.id::int as id, to_char(m.entry_date, 'YYYY-MM-DD') as date, m.kind, m.amount, m.balance, to_char(m.due_date, 'YYYY-MM-DD') as due_date, m.order_id,
  m.payment_id::int as payment_id, p.receipt_number, p.method as payment_method, ${ACTOR_NAME}, m.reason, m.created_at,
  (select to_char(r.entry_date, 'YYYY-MM-DD') from account_movements r
    where m.kind = 'payment' and r.payment_id = m.payment_id and r.kind = 'reversal') as reversed_on`;
const MOVEMENT_FROM = `account_movements m left join payments p on p.id = m.payment_id left join profiles a on a.id = m.actor_id`;

type MovementRow = Omit<AccountMovement, 'created_at'> & { created_at: Date };
const toMovement = (row: MovementRow): AccountMovement => ({ ...row, created_at: row.created_at.toISOString() });

export async function readMovement(db: Queryable, movementId: number): Promise<AccountMovement | null> {
  const { rows } = await db.query<MovementRow>({
    name: 'account_movement_read',
    text: `select ${MOVEMENT_COLUMNS} from ${MOVEMENT_FROM} where m.id = $1`,
    values: [movementId],
  });
  return rows[0] ? toMovement(rows[0]) : null;
}

/** One page of a customer's ledger, newest first, and how many movements there are. */
export async function listAccountMovements(
  db: Queryable,
  profileId: string,
  page: { limit: number; offset: number },
): Promise<{ items: AccountMovement[]; total: number }> {
  const [{ rows }, counted] = await Promise.all([
    db.query<MovementRow>({
      name: 'account_movements_page',
      text: `select ${MOVEMENT_COLUMNS} from ${MOVEMENT_FROM} where m.profile_id = $1 order by m.id desc limit $2 offset $3`,
      values: [profileId, page.limit, page.offset],
    }),
    db.query<{ n: number }>({
      name: 'account_movements_count',
      text: `select count(*)::int as n from account_movements where profile_id = $1`,
      values: [profileId],
    }),
  ]);
  return { items: rows.map(toMovement), total: counted.rows[0]?.n ?? 0 };
}

/** Every movement of a customer between two business days (inclusive), oldest first, and the balance before them. */
export async function readStatementMovements(
  db: Queryable,
  profileId: string,
  from: string,
  to: string,
): Promise<{ opening: number; items: AccountMovement[] }> {
  const [opening, { rows }] = await Promise.all([
    db.query<{ balance: number }>({
      name: 'account_statement_opening',
      text: `select coalesce((select balance from account_movements m where m.profile_id = $1 and m.entry_date < $2::date
                               order by m.entry_date desc, m.id desc limit 1), 0)::bigint as balance`,
      values: [profileId, from],
    }),
    db.query<MovementRow>({
      name: 'account_statement_movements',
      text: `select ${MOVEMENT_COLUMNS} from ${MOVEMENT_FROM}
              where m.profile_id = $1 and m.entry_date between $2::date and $3::date order by m.entry_date, m.id`,
      values: [profileId, from, to],
    }),
  ]);
  return { opening: opening.rows[0]!.balance, items: rows.map(toMovement) };
}

/** An item open at a day, and how much of that post-dated cheques already received will pay. */
export interface OpenItemAt extends OpenItem {
  by_cheque: number;
}

/** The customer's items open at `day`, oldest due first. */
export async function readOpenItemsAt(db: Queryable, profileId: string, day: string): Promise<OpenItemAt[]> {
  const { rows } = await db.query<OpenItemAt>({
    name: 'account_open_items_at',
    text: `with ${openItemsAtSql('and i.profile_id = $1')}
           select movement_id::int as id, order_id, to_char(due_date, 'YYYY-MM-DD') as due_date, open::bigint as open,
                  by_cheque::bigint as by_cheque
             from items order by due_date, movement_id`,
    values: [profileId, day],
  });
  return rows;
}

/**
 * The orders a payment may be picked to pay first ("Aplicar a"): exactly those the payment's
 * application accepts (`account_open_items` with something open, as `applyCredit` reads them), one
 * row per order with what is still open of it, oldest due first — the order the payment pays in
 * when nothing is picked. At most 100, as many as a payment may name.
 */
export async function readOpenCharges(db: Queryable, profileId: string): Promise<ChargeChoice[]> {
  const { rows } = await db.query<ChargeChoice>({
    name: 'account_open_charges',
    text: `select order_id, sum(open)::bigint as amount, to_char(min(due_date), 'YYYY-MM-DD') as due_date
             from account_open_items where profile_id = $1 and open > 0 and order_id is not null
            group by order_id order by min(due_date), min(movement_id) limit 100`,
    values: [profileId],
  });
  return rows;
}

const UNDELIVERED_SQL = `(select coalesce(sum(o.total), 0)::bigint from orders o
   where o.user_id = $1 and o.status in ('Pendiente', 'Confirmado', 'Preparado') and not o.canjeado_con_puntos)`;

interface AccountFigures {
  exists: boolean;
  balance: number;
  credit_limit: number | null;
  payment_terms_days: number | null;
  undelivered: number;
}

async function readAccountFigures(db: Queryable, profileId: string): Promise<AccountFigures | null> {
  const { rows } = await db.query<AccountFigures>({
    name: 'account_figures',
    text: `select a.profile_id is not null as exists, coalesce(a.balance, 0)::bigint as balance, a.credit_limit, a.payment_terms_days,
                  ${UNDELIVERED_SQL} as undelivered
             from profiles pr left join customer_accounts a on a.profile_id = pr.id where pr.id = $1`,
    values: [profileId],
  });
  return rows[0] ?? null;
}

/** What "Mi cuenta corriente" and the admin's customer page show at the top; null: no such customer. */
export async function readAccountSummary(
  db: Queryable,
  profileId: string,
  settings: Settings,
  today: string,
): Promise<AccountSummary | null> {
  const [figures, items] = await Promise.all([readAccountFigures(db, profileId), readOpenItemsAt(db, profileId, today)]);
  if (!figures) return null;
  const { overdue, days } = overdueAt(items, today);
  // What falls due next is what the customer still has to pay: the cheques they already handed
  // over pay their part, as the balance counts them (else it read more than the whole debt).
  const toPay = items.map((item) => ({ due_date: item.due_date, open: item.open - item.by_cheque }));
  return {
    balance: figures.balance,
    credit_limit: figures.credit_limit,
    available_credit: availableCredit(figures.credit_limit, figures.balance, figures.undelivered),
    undelivered: figures.undelivered,
    overdue,
    overdue_days: days,
    next_due: nextDueAt(toPay, today),
    pending_cheques: pendingChequesOf(items),
    payment_terms_days: figures.payment_terms_days ?? settings.default_payment_terms_days,
    payment_terms_default: figures.payment_terms_days === null,
    credit_rule: { overdue_days_limit: settings.credit_overdue_days_limit, on_exceed: settings.credit_exceeded_action },
  };
}

export interface CreditPosition {
  balance: number;
  creditLimit: number | null;
  undelivered: number;
  overdue: number;
  overdueDays: number;
}

/**
 * The credit check's figures, read in the order's transaction after locking the customer's account
 * row (decision 038): the lock first, in its own statement, so the read behind it — a new snapshot
 * under READ COMMITTED — sees the orders a concurrent placement committed while this one waited.
 * Both are sent at once (no await between them). A customer without an account row has no limit
 * and has never been charged: null, nothing to check and nothing locked.
 */
export async function lockCreditPosition(db: Queryable, profileId: string, today: string): Promise<CreditPosition | null> {
  const lock = db.query({
    name: 'account_lock_for_order',
    text: `select 1 from customer_accounts where profile_id = $1 for update`,
    values: [profileId],
  });
  const read = db.query<{
    balance: number;
    credit_limit: number | null;
    undelivered: number;
    overdue: number;
    oldest: number | null;
  }>({
    name: 'account_credit_position',
    text: `with ${openItemsAtSql('and i.profile_id = $1')}
           select a.balance, a.credit_limit, ${UNDELIVERED_SQL} as undelivered,
                  (select coalesce(sum(open), 0)::bigint from items where due_date < $2::date) as overdue,
                  (select ($2::date - min(due_date))::int from items where due_date < $2::date) as oldest
             from customer_accounts a where a.profile_id = $1`,
    values: [profileId, today],
  });
  const [, { rows }] = await Promise.all([lock, read]);
  const row = rows[0];
  if (!row) return null;
  return {
    balance: row.balance,
    creditLimit: row.credit_limit,
    undelivered: row.undelivered,
    overdue: row.overdue,
    overdueDays: row.oldest ?? 0,
  };
}

/** Whether `orderId` is `profileId`'s and was charged (a credit note may name only such an order). */
export async function isChargedOrderOf(db: Queryable, profileId: string, orderId: string): Promise<boolean> {
  const { rows } = await db.query({
    name: 'account_charged_order',
    text: `select 1 from account_movements where order_id = $1 and profile_id = $2 and kind = 'charge'`,
    values: [orderId, profileId],
  });
  return rows.length > 0;
}

/** The customer as the account's documents name them; null: no such customer. */
export async function readAccountHolder(
  db: Queryable,
  profileId: string,
): Promise<{ name: string; email: string; razon_social: string | null; cuit: string | null } | null> {
  const { rows } = await db.query<{ name: string; email: string; razon_social: string | null; cuit: string | null }>({
    name: 'account_holder',
    text: `select concat_ws(' ', nullif(nombre, ''), nullif(apellido, '')) as name, email, razon_social, cuit from profiles where id = $1`,
    values: [profileId],
  });
  return rows[0] ?? null;
}

/** What the driver collects from each customer (Repartos, decision 049): their terms and what is overdue at `today`. */
export interface CollectionFigures {
  profile_id: string;
  /** null: the settings' default terms. */
  terms_days: number | null;
  overdue: number;
}

/** One read for a day's customers; a customer without an account row owes nothing and has the default terms. */
export async function readCollectionFigures(db: Queryable, profileIds: readonly string[], today: string): Promise<CollectionFigures[]> {
  if (profileIds.length === 0) return [];
  const { rows } = await db.query<CollectionFigures>({
    name: 'account_collection_figures',
    // The overdue sums grouped once: a sum per customer correlated to the items scanned every
    // item for every customer (a day of 2,000 orders over 200,000 movements took 0.6 s).
    text: `with ${openItemsAtSql('and i.profile_id = any($1::uuid[])')},
           overdue as (select profile_id, sum(open) as amount from items where due_date < $2::date group by profile_id)
           select c.id as profile_id, a.payment_terms_days as terms_days, coalesce(o.amount, 0)::float8 as overdue
             from unnest($1::uuid[]) as c(id)
             left join customer_accounts a on a.profile_id = c.id
             left join overdue o on o.profile_id = c.id`,
    values: [profileIds, today],
  });
  return rows;
}
