import { commissionOf } from '@mayorista/core/commission';
import type { Queryable } from '../../db/transaction';
import type { RepCustomer, RepOrderRow } from '@mayorista/core/schemas/staff';

// Sales reps (decision 047): the reads of a rep's customers, orders, sales and collections. The
// writes go through the flows the office uses (place-order, post-payment) with the rep as actor.

/** One of a rep's customers as the API answers it (core's schema). */
export type { RepCustomer };

const CUSTOMER_COLUMNS = `p.id, p.nombre, p.apellido, p.razon_social, p.whatsapp,
  nullif(concat_ws(', ', p.address_street, p.address_city), '') as address,
  p.visit_days::int[] as visit_days, (extract(isodow from $2::date)::smallint = any(p.visit_days)) as visit_today,
  p.price_list_id, coalesce(a.balance, 0)::bigint as balance,
  coalesce((select sum(i.open) from account_open_items i where i.profile_id = p.id and i.open > 0 and i.due_date < $2::date), 0)::bigint as overdue,
  (select to_char(max(o.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from orders o where o.user_id = p.id) as last_order_at`;

/** The rep's customers, today's visits first (then by name). `day` is the Buenos Aires calendar day. */
export async function listRepCustomers(db: Queryable, repId: string, day: string): Promise<RepCustomer[]> {
  const { rows } = await db.query<RepCustomer>(
    `select ${CUSTOMER_COLUMNS}
       from profiles p left join customer_accounts a on a.profile_id = p.id
      where p.rep_id = $1
      order by visit_today desc, coalesce(p.razon_social, p.apellido), p.nombre`,
    [repId, day],
  );
  return rows.map(numeric);
}

export async function findRepCustomer(db: Queryable, repId: string, customerId: string, day: string): Promise<RepCustomer | null> {
  const { rows } = await db.query<RepCustomer>(
    `select ${CUSTOMER_COLUMNS} from profiles p left join customer_accounts a on a.profile_id = p.id where p.rep_id = $1 and p.id = $3`,
    [repId, day, customerId],
  );
  return rows[0] ? numeric(rows[0]) : null;
}

/** Whether the customer is assigned to this rep (checked before a rep writes anything for them). */
export async function isRepCustomer(db: Queryable, repId: string, customerId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from profiles where id = $2 and rep_id = $1 and approved`, [repId, customerId]);
  return rows.length > 0;
}

const numeric = (row: RepCustomer): RepCustomer => ({ ...row, balance: Number(row.balance), overdue: Number(row.overdue) });

/** One order a rep took (core's row of GET /api/rep/orders). */
export type RepOrder = RepOrderRow;

/** The orders this rep took, newest first. */
export async function listRepOrders(db: Queryable, repId: string): Promise<RepOrder[]> {
  const { rows } = await db.query<RepOrder>(
    `select o.id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at, o.user_id as customer_id,
            coalesce(nullif(o.user_info ->> 'razon_social', ''), concat_ws(' ', o.user_info ->> 'nombre', o.user_info ->> 'apellido')) as customer_name,
            o.total::bigint as total, o.status, to_char(o.delivery_date, 'YYYY-MM-DD') as delivery_date
       from orders o where o.taken_by = $1 order by o.created_at desc limit 200`,
    [repId],
  );
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

export interface RepSummary {
  from: string;
  to: string;
  orders: number;
  sales_total: number;
  collections: number;
  collections_total: number;
  /** The rep's rate in basis points (null: none) and the commission on `sales_total` (core's rule: centavos, half up). */
  commission_bp: number | null;
  commission: number;
}

/** A rep's period, Buenos Aires days inclusive: the orders they took (cancelled ones left out), what they collected, their commission. */
export async function repSummary(db: Queryable, repId: string, from: string, to: string): Promise<RepSummary> {
  const range = `>= ($2::date::timestamp at time zone 'America/Argentina/Buenos_Aires') and created_at < (($3::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires')`;
  const { rows } = await db.query<{ orders: number; sales_total: string; collections: number; collections_total: string; commission_bp: number | null }>(
    `select (select count(*)::int from orders where taken_by = $1 and status <> 'Cancelado' and created_at ${range}) as orders,
            (select commission_bp from profiles where id = $1) as commission_bp,
            (select coalesce(sum(total), 0)::bigint from orders where taken_by = $1 and status <> 'Cancelado' and created_at ${range}) as sales_total,
            (select count(*)::int from payments where actor_id = $1 and created_at ${range}) as collections,
            (select coalesce(sum(amount), 0)::bigint from payments where actor_id = $1 and created_at ${range}) as collections_total`,
    [repId, from, to],
  );
  const r = rows[0]!;
  const sales = Number(r.sales_total);
  return {
    from,
    to,
    orders: r.orders,
    sales_total: sales,
    collections: r.collections,
    collections_total: Number(r.collections_total),
    commission_bp: r.commission_bp,
    commission: commissionOf(sales, r.commission_bp),
  };
}

export interface Collection {
  payment_id: number;
  rep_id: string;
  rep_name: string;
  customer_id: string;
  customer_name: string;
  amount: number;
  method: string;
  bank: string | null;
  cheque_number: string | null;
  cheque_date: string | null;
  receipt_number: number;
  created_at: string;
  confirmed_at: string | null;
  confirmed_by_name: string | null;
  reversed: boolean;
}

/**
 * The payments sales reps recorded on a Buenos Aires day ("rendición"), with what was already handed in
 * (when and by whom it was confirmed) and whether the payment was reversed since.
 */
export async function listCollections(db: Queryable, day: string, repId: string | null): Promise<Collection[]> {
  const { rows } = await db.query<Collection>(
    `select pay.id::int as payment_id, pay.actor_id as rep_id, trim(r.nombre || ' ' || r.apellido) as rep_name,
            pay.profile_id as customer_id, coalesce(c.razon_social, trim(c.nombre || ' ' || c.apellido)) as customer_name,
            pay.amount::bigint as amount, pay.method, pay.bank, pay.cheque_number, to_char(pay.cheque_date, 'YYYY-MM-DD') as cheque_date,
            pay.receipt_number, to_char(pay.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
            to_char(cc.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as confirmed_at,
            nullif(trim(coalesce(b.nombre, '') || ' ' || coalesce(b.apellido, '')), '') as confirmed_by_name,
            exists (select 1 from account_movements m where m.payment_id = pay.id and m.kind = 'reversal') as reversed
       from payments pay
       join profiles r on r.id = pay.actor_id and r.staff_role = 'sales'
       join profiles c on c.id = pay.profile_id
       left join collection_confirmations cc on cc.payment_id = pay.id
       left join profiles b on b.id = cc.confirmed_by
      where pay.created_at >= ($1::date::timestamp at time zone 'America/Argentina/Buenos_Aires')
        and pay.created_at < (($1::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires')
        and ($2::uuid is null or pay.actor_id = $2::uuid)
      order by rep_name, pay.id`,
    [day, repId],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** Marks a rep's payment as handed in; false when it is not a rep's payment. Confirming twice keeps the first. */
export async function confirmCollection(tx: Queryable, paymentId: number, actorId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from payments pay join profiles r on r.id = pay.actor_id and r.staff_role = 'sales' where pay.id = $1`,
    [paymentId],
  );
  if (rows.length === 0) return false;
  await tx.query(`insert into collection_confirmations (payment_id, confirmed_by) values ($1, $2) on conflict do nothing`, [paymentId, actorId]);
  return true;
}

/**
 * Takes back the office's confirmation of a rep's payment (a receipt ticked by mistake: the rep kept
 * that cheque). Null when it is not a rep's payment; `removed` null when it was not confirmed.
 */
export async function unconfirmCollection(
  tx: Queryable,
  paymentId: number,
): Promise<{ removed: { confirmed_by: string | null; confirmed_at: string } | null } | null> {
  const { rows } = await tx.query<{ found: boolean; removed: { confirmed_by: string | null; confirmed_at: string } | null }>(
    `with rep_payment as (
       select pay.id from payments pay join profiles r on r.id = pay.actor_id and r.staff_role = 'sales' where pay.id = $1
     ), removed as (
       delete from collection_confirmations cc using rep_payment p where cc.payment_id = p.id
       returning cc.confirmed_by, to_char(cc.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as confirmed_at
     )
     select exists (select 1 from rep_payment) as found, (select row_to_json(r) from removed r) as removed`,
    [paymentId],
  );
  const row = rows[0]!;
  return row.found ? { removed: row.removed } : null;
}

/** Assigns a customer to a rep (or to none); answers the previous rep, or undefined when the customer does not exist. */
export async function assignRep(tx: Queryable, customerId: string, repId: string | null, visitDays: number[] | undefined): Promise<{ before: string | null } | undefined> {
  const { rows } = await tx.query<{ before: string | null }>(
    `update profiles p set rep_id = $2, visit_days = coalesce($3::smallint[], p.visit_days), updated_at = now()
       from (select id, rep_id from profiles where id = $1 for update) old
      where p.id = old.id and p.staff_role is null
      returning old.rep_id as before`,
    [customerId, repId, visitDays ?? null],
  );
  return rows[0];
}

/**
 * Assigns every one of `customerIds` (customers only; staff rows are skipped) to a rep, or to none,
 * locking them in id order like every other writer of profiles. Answers how many there were and
 * how many customers each previous rep had among them (null: none).
 */
export async function assignRepToCustomers(
  tx: Queryable,
  customerIds: readonly string[],
  repId: string | null,
): Promise<{ customers: number; before: { rep_id: string | null; customers: number }[] }> {
  const { rows } = await tx.query<{ id: string; rep_id: string | null }>(
    `select id, rep_id from profiles where id = any($1::uuid[]) and staff_role is null order by id for update`,
    [customerIds],
  );
  await tx.query(`update profiles set rep_id = $2, updated_at = now() where id = any($1::uuid[]) and rep_id is distinct from $2`, [
    rows.map((r) => r.id),
    repId,
  ]);
  const counts = new Map<string | null, number>();
  for (const row of rows) counts.set(row.rep_id, (counts.get(row.rep_id) ?? 0) + 1);
  return { customers: rows.length, before: [...counts].map(([rep_id, customers]) => ({ rep_id, customers })) };
}

export async function isSalesRep(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from profiles where id = $1 and staff_role = 'sales'`, [id]);
  return rows.length > 0;
}
