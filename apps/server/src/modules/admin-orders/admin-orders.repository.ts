import { sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersFilter, OrderStatus } from '@mayorista/core';
import type { Database } from '../../db/client';
import type { OrderItemSnapshot, OrderUserInfo } from '../../db/schema';

/** The order as the admin API answers it (SPEC §3 field names). A type alias, so it fits `execute<Row>`. */
export type AdminOrder = {
  id: string;
  user_id: string;
  user_info: OrderUserInfo;
  items: OrderItemSnapshot[];
  total: number;
  total_savings: number;
  status: OrderStatus;
  observaciones: string;
  canjeado_con_puntos: boolean;
  created_at: Date;
  updated_at: Date;
};

/** A database handle or an open transaction: both run the same SQL. */
type Executor = Pick<Database, 'execute'>;

const ORDER_COLUMNS = sql.raw(
  `o.id, o.user_id, o.user_info, o.items, o.total, o.total_savings, o.status, o.observaciones,
   o.canjeado_con_puntos, o.created_at, o.updated_at`,
);

/** Calendar days in the filters are the business's days, not the server's (which runs in UTC). */
const BUSINESS_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** `%` and `_` typed by an admin are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(filter: AdminOrdersFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
  if (filter.customer) {
    // Accent- and case-insensitive, so "garcia" finds "García".
    const pattern = `%${escapeLike(filter.customer)}%`;
    const needle = sql`lower(public.immutable_unaccent(${pattern}))`;
    const field = (expression: SQL) => sql`lower(public.immutable_unaccent(${expression})) like ${needle}`;
    conditions.push(sql`(
      ${field(sql`o.user_info ->> 'nombre'`)}
      or ${field(sql`o.user_info ->> 'apellido'`)}
      or ${field(sql`concat_ws(' ', o.user_info ->> 'nombre', o.user_info ->> 'apellido')`)}
      or ${field(sql`o.user_info ->> 'email'`)}
      or ${field(sql`o.user_info ->> 'dni'`)}
    )`);
  }
  if (filter.from) {
    conditions.push(sql`o.created_at >= (${filter.from}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE}`);
  }
  if (filter.to) {
    conditions.push(sql`o.created_at < (${filter.to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE}`);
  }
  return sql.join(conditions, sql` and `);
}

export async function listOrders(
  db: Executor,
  filter: AdminOrdersFilter,
  page: { limit: number; offset: number },
): Promise<{ items: AdminOrder[]; total: number }> {
  const where = filterConditions(filter);
  const [rows, counted] = await Promise.all([
    db.execute<AdminOrder>(sql`
      select ${ORDER_COLUMNS} from orders o
       where ${where}
       order by o.created_at desc, o.id desc
       limit ${page.limit} offset ${page.offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from orders o where ${where}`),
  ]);
  return { items: rows.rows, total: counted.rows[0]?.total ?? 0 };
}

/** Every order matching the filter, newest first, for the CSV export. */
export async function listAllOrders(db: Executor, filter: AdminOrdersFilter, maxRows: number): Promise<AdminOrder[]> {
  const { rows } = await db.execute<AdminOrder>(sql`
    select ${ORDER_COLUMNS} from orders o
     where ${filterConditions(filter)}
     order by o.created_at desc, o.id desc
     limit ${maxRows}`);
  return rows;
}

export async function findOrder(db: Executor, orderId: string): Promise<AdminOrder | null> {
  const { rows } = await db.execute<AdminOrder>(sql`select ${ORDER_COLUMNS} from orders o where o.id = ${orderId}`);
  return rows[0] ?? null;
}

/** Locks the order row until the transaction ends: concurrent status changes queue behind it. */
export async function findOrderForUpdate(tx: Executor, orderId: string): Promise<AdminOrder | null> {
  const { rows } = await tx.execute<AdminOrder>(sql`select ${ORDER_COLUMNS} from orders o where o.id = ${orderId} for update`);
  return rows[0] ?? null;
}

export async function updateOrderStatus(tx: Executor, orderId: string, status: OrderStatus): Promise<AdminOrder> {
  const { rows } = await tx.execute<AdminOrder>(sql`
    update orders o set status = ${status}, updated_at = now()
     where o.id = ${orderId}
     returning ${ORDER_COLUMNS}`);
  return rows[0]!;
}

/**
 * Puts the order's units back on the shelf: `stock + quantity` for every product that still
 * exists and counts its stock (unlimited-stock products have nothing to give back; deleted ones
 * are skipped). Quantities of repeated lines are summed first.
 */
export async function restockItems(tx: Executor, items: OrderItemSnapshot[]): Promise<void> {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.quantity);
  const productIds = [...quantities.keys()].filter((id) => UUID_PATTERN.test(id)).sort();
  if (productIds.length === 0) return;

  // Lock the products in id order, the same order every restock and every order placement
  // uses, so two transactions touching the same products cannot deadlock.
  await tx.execute(sql`
    select id from products
     where id in (${sql.join(
       productIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     order by id for update`);
  for (const productId of productIds) {
    await tx.execute(sql`
      update products set stock = stock + ${quantities.get(productId)!}, updated_at = now()
       where id = ${productId} and not has_unlimited_stock`);
  }
}

export async function refundPoints(tx: Executor, userId: string, points: number): Promise<void> {
  await tx.execute(sql`
    update profiles set saldo_puntos = saldo_puntos + ${points}, updated_at = now()
     where id = ${userId}`);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
