import type { PriceListRule } from '@mayorista/core/price-lists';
import { customerPriceListJson, ruleFromJson, type RuleRow } from '../../db/price-list-rows';
import type { PricedProduct } from '@mayorista/core/pricing';
import type { AdminOrdersFilter } from '@mayorista/core/schemas/admin-orders';
import type { Order } from '@mayorista/core/schemas/order';
import type { Product } from '@mayorista/core/schemas/product';
import type { OrderStatus } from '@mayorista/core/constants';
import type { orders, OrderItemSnapshot, OrderUserInfo } from '../../db/schema';
import { likeContains } from '../../db/like';
import type { Queryable } from '../../db/transaction';
import { EFFECTIVE_SETTINGS_SQL } from '../../db/settings-document';

// The one repository of orders, customer and admin side alike (decision 009): plain SQL on the
// pool or the transaction's client, the style decision 007 chose for the order hot path. Fixed
// statements are named so PostgreSQL parses and plans them once per connection; the admin list
// builds its WHERE from the filters, so it goes unnamed. Stock and points are never written
// here: modules/stock and modules/points own them.

export type OrderRow = typeof orders.$inferSelect;

/** Selects an order in OrderRow's shape (camelCase keys, Date timestamps, parsed JSON). */
export const ORDER_ROW_COLUMNS = `o.id, o.user_id as "userId", o.user_info as "userInfo", o.items, o.total,
  o.total_savings as "totalSavings", o.status, o.observaciones, o.canjeado_con_puntos as "canjeadoConPuntos",
  o.idempotency_key as "idempotencyKey", o.iva, o.credit_hold as "creditHold", o.credit_hold_reason as "creditHoldReason",
  o.channel, o.taken_by as "takenBy", to_char(o.delivery_date, 'YYYY-MM-DD') as "deliveryDate", o.delivery_zone_id as "deliveryZoneId", o.delivery_stop as "deliveryStop",
  o.created_at as "createdAt", o.updated_at as "updatedAt"`;

/** The one row mapper: an order row as every orders route answers it (the data model field names). */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    user_id: row.userId,
    user_info: row.userInfo,
    items: row.items,
    total: row.total,
    total_savings: row.totalSavings,
    iva: row.iva ?? null,
    status: row.status as OrderStatus,
    observaciones: row.observaciones,
    canjeado_con_puntos: row.canjeadoConPuntos,
    credit_hold: row.creditHold ?? null,
    credit_hold_reason: row.creditHoldReason ?? null,
    delivery_date: row.deliveryDate ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// ── Placing an order ─────────────────────────────────────────────────────────────────────────

/** What placing an order reads of a product: the pricing fields, plus stock and availability. */
export type OrderedProduct = PricedProduct & Pick<
  Product,
  'id' | 'name' | 'stock' | 'has_unlimited_stock' | 'is_enabled' | 'min_quantity' | 'pack_size' | 'max_quantity' | 'iva_rate'
>;

/** Reads the ordered products without locking them; `takeStock` is what guarantees the stock. */
export async function readProducts(db: Queryable, ids: string[]): Promise<OrderedProduct[]> {
  const { rows } = await db.query<OrderedProduct>({
    name: 'order_read_products',
    text: `select id, name, price, retail_price, on_sale, sale_price, on_sale_retail, sale_price_retail,
                  discounts, stock, has_unlimited_stock, is_enabled, min_quantity, pack_size, max_quantity, iva_rate
             from products where id = any($1::uuid[]) order by id`,
    values: [ids],
  });
  return rows;
}

/** Current stock and name of products, to explain a refused line. */
export async function currentStock(db: Queryable, ids: string[]) {
  const { rows } = await db.query<{ id: string; name: string; stock: number; is_enabled: boolean }>({
    name: 'order_current_stock',
    text: `select id, name, stock, is_enabled from products where id = any($1::uuid[])`,
    values: [ids],
  });
  return rows;
}

/** What placing an order reads before its products, in one round-trip (see readOrderContext). */
export interface OrderContext {
  customer: (OrderUserInfo & { saldoPuntos: number }) | null;
  /** The stored settings document (core's readSettings parses it). */
  settings: unknown;
  /** The customer's order already placed with this idempotency key, if any. */
  replayOf: string | null;
  /** The business-identity work (decisions 017–019): the customer's price list with its explicit prices of the ordered products; null = the base list. */
  priceList: PriceListRule | null;
}

/**
 * The customer, the business settings, the customer's price list (decision 018) and the order an
 * idempotency key already made, read in ONE
 * statement inside the order's transaction (three round-trips before). The settings are the ones
 * the rest of the transaction sees (the minimum order, the e-mail switches).
 */
export async function readOrderContext(db: Queryable, userId: string, idempotencyKey: string | null, productIds: string[]): Promise<OrderContext> {
  const { rows } = await db.query<{
    customer: (OrderUserInfo & { saldoPuntos: number }) | null;
    settings: unknown;
    replayOf: string | null;
    priceList: RuleRow | null;
  }>({
    name: 'order_context',
    // The business-identity work (decisions 017–019): the business data goes into the order's snapshot as it is today.
    text: `select (select row_to_json(c) from (
                     select nombre, apellido, email, dni, razon_social, cuit, iva_condition, whatsapp, address_street,
                            address_city, address_province, address_postal_code, delivery_notes, saldo_puntos as "saldoPuntos"
                       from profiles where id = $1) c) as customer,
                  ${EFFECTIVE_SETTINGS_SQL} as settings,
                  (select id from orders where user_id = $1 and idempotency_key = $2) as "replayOf",
                  ${customerPriceListJson('$1', '$3')} as "priceList"`,
    values: [userId, idempotencyKey, productIds],
  });
  const row = rows[0]!;
  return { customer: row.customer, settings: row.settings, replayOf: row.replayOf, priceList: ruleFromJson(row.priceList) };
}

/**
 * An order as written: every column but its timestamps, and the request's fingerprint. The id is
 * chosen by the server (a random UUID), so the order's other writes can name it before the
 * INSERT has answered (they are sent together, decision 023).
 */
export type NewOrder = Omit<OrderRow, 'createdAt' | 'updatedAt'> & { idempotencyFingerprint: string | null };

/**
 * Writes the order (with its idempotency fingerprint, so an order with a key always has one),
 * empties its customer's cart (not when a rep took it: the customer's own cart is theirs) and queues the admins' live notice, in one statement. NOTIFY is
 * delivered only on commit, so listeners (the admins' live feed, in any process) never hear of an
 * order that was rolled back. The notice's created_at is formatted as JavaScript's toISOString()
 * (UTC, milliseconds truncated like the Date the row is read into).
 */
export async function insertOrderAndEmptyCart(db: Queryable, order: NewOrder): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_insert',
    text: `with o as (
             insert into orders (id, user_id, user_info, items, total, total_savings, status, observaciones,
                                 canjeado_con_puntos, idempotency_key, idempotency_fingerprint, iva, credit_hold,
                                 channel, taken_by, delivery_date, delivery_zone_id)
             values ($12, $1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $13, $14, $15, $16::date, $17)
             returning *
           ), emptied as (
             update cart set cart_data = '{}'::jsonb, updated_at = clock_timestamp() where user_id = $1 and $14 = 'web'
           ), notified as (
             select pg_notify('orders_insert', json_build_object(
                      'id', o.id,
                      'user_info', json_build_object('nombre', o.user_info ->> 'nombre', 'apellido', o.user_info ->> 'apellido'),
                      'total', o.total,
                      'status', o.status,
                      'created_at', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                      'canjeado_con_puntos', o.canjeado_con_puntos,
                      'credit_hold', o.credit_hold)::text)
               from o
           )
           select ${ORDER_ROW_COLUMNS} from o, notified`,
    // JSON columns go as text: pg would send a JavaScript array as a PostgreSQL array literal.
    values: [
      order.userId,
      JSON.stringify(order.userInfo),
      JSON.stringify(order.items),
      order.total,
      order.totalSavings,
      order.status,
      order.observaciones,
      order.canjeadoConPuntos,
      order.idempotencyKey,
      order.idempotencyFingerprint,
      order.iva === null ? null : JSON.stringify(order.iva),
      order.id,
      order.creditHold,
      order.channel,
      order.takenBy,
      order.deliveryDate,
      order.deliveryZoneId,
    ],
  });
  return rows[0]!;
}

export async function findOrderByIdempotencyKey(db: Queryable, userId: string, key: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_by_idempotency_key',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.user_id = $1 and o.idempotency_key = $2`,
    values: [userId, key],
  });
  return rows[0] ?? null;
}

// ── The customer's own orders ────────────────────────────────────────────────────────────────

/** Mis Pedidos shows at most this many of the newest orders; older ones stay in the admin's list. */
export const OWN_ORDERS_LIMIT = 200;

export async function listOwnOrders(db: Queryable, userId: string): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_list_own',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.user_id = $1
            order by o.created_at desc, o.id desc limit ${OWN_ORDERS_LIMIT}`,
    values: [userId],
  });
  return rows;
}

/** Scoped to the owner in the query itself, so another customer's id is simply not found. */
export async function findOwnOrder(db: Queryable, userId: string, orderId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find_own',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.id = $1 and o.user_id = $2`,
    values: [orderId, userId],
  });
  return rows[0] ?? null;
}

// ── The admin's view of every order ──────────────────────────────────────────────────────────

/** Calendar days in the filters are the business's days, not the server's (which runs in UTC). */
const BUSINESS_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** The WHERE clause of the admin list and export, with its parameters numbered from $1. */
function filterConditions(filter: AdminOrdersFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = ['true'];
  if (filter.status) conditions.push(`o.status = ${param(filter.status)}`);
  if (filter.credit_hold === 'pending') conditions.push(`o.credit_hold = 'pending'`);
  if (filter.customer) {
    // Accent- and case-insensitive, so "garcia" finds "García".
    const needle = `lower(public.immutable_unaccent(${param(likeContains(filter.customer))}))`;
    const field = (expression: string) => `lower(public.immutable_unaccent(${expression})) like ${needle}`;
    conditions.push(`(
      ${field(`o.user_info ->> 'nombre'`)}
      or ${field(`o.user_info ->> 'apellido'`)}
      or ${field(`concat_ws(' ', o.user_info ->> 'nombre', o.user_info ->> 'apellido')`)}
      or ${field(`o.user_info ->> 'email'`)}
      or ${field(`o.user_info ->> 'dni'`)}
    )`);
  }
  if (filter.from) {
    conditions.push(`o.created_at >= (${param(filter.from)}::date)::timestamp at time zone '${BUSINESS_TIME_ZONE}'`);
  }
  if (filter.to) {
    conditions.push(`o.created_at < (${param(filter.to)}::date + 1)::timestamp at time zone '${BUSINESS_TIME_ZONE}'`);
  }
  return { where: conditions.join(' and '), values };
}

export async function listOrders(
  db: Queryable,
  filter: AdminOrdersFilter,
  page: { limit: number; offset: number },
): Promise<{ items: OrderRow[]; total: number }> {
  const { where, values } = filterConditions(filter);
  const n = values.length;
  const [rows, counted] = await Promise.all([
    db.query<OrderRow>({
      text: `select ${ORDER_ROW_COLUMNS} from orders o where ${where}
              order by o.created_at desc, o.id desc limit $${n + 1} offset $${n + 2}`,
      values: [...values, page.limit, page.offset],
    }),
    db.query<{ total: number }>({ text: `select count(*)::int as total from orders o where ${where}`, values }),
  ]);
  return { items: rows.rows, total: counted.rows[0]?.total ?? 0 };
}

/** Every order matching the filter, newest first, for the CSV export. */
export async function listAllOrders(db: Queryable, filter: AdminOrdersFilter, maxRows: number): Promise<OrderRow[]> {
  const { where, values } = filterConditions(filter);
  const { rows } = await db.query<OrderRow>({
    text: `select ${ORDER_ROW_COLUMNS} from orders o where ${where}
            order by o.created_at desc, o.id desc limit $${values.length + 1}`,
    values: [...values, maxRows],
  });
  return rows;
}

export async function findOrder(db: Queryable, orderId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.id = $1`,
    values: [orderId],
  });
  return rows[0] ?? null;
}

/** Locks the order row until the transaction ends: concurrent status changes queue behind it. */
export async function findOrderForUpdate(db: Queryable, orderId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find_for_update',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.id = $1 for update`,
    values: [orderId],
  });
  return rows[0] ?? null;
}

export async function updateOrderStatus(db: Queryable, orderId: string, status: OrderStatus): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_update_status',
    text: `update orders o set status = $2, updated_at = now() where o.id = $1 returning ${ORDER_ROW_COLUMNS}`,
    values: [orderId, status],
  });
  return rows[0]!;
}

// ── The order-life work (decision 014): cancellations, edits and documents ───────────────────────────────────────────

/** The customer's own order, locked (the cancel). Another customer's id is simply not found. */
export async function findOwnOrderForUpdate(db: Queryable, userId: string, orderId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find_own_for_update',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.id = $1 and o.user_id = $2 for update`,
    values: [orderId, userId],
  });
  return rows[0] ?? null;
}

/** The orders of a picking sheet chosen by id, oldest first. */
export async function findOrdersByIds(db: Queryable, ids: string[]): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find_many',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.id = any($1::uuid[]) order by o.created_at, o.id`,
    values: [ids],
  });
  return rows;
}

/** The orders of one business day (Argentina) still to prepare, oldest first. */
export async function findOrdersToPrepareOn(db: Queryable, date: string, statuses: readonly OrderStatus[]): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find_day_to_prepare',
    text: `select ${ORDER_ROW_COLUMNS} from orders o
            where o.created_at >= ($1::date)::timestamp at time zone '${BUSINESS_TIME_ZONE}'
              and o.created_at < ($1::date + 1)::timestamp at time zone '${BUSINESS_TIME_ZONE}'
              and o.status = any($2::text[])
            order by o.created_at, o.id`,
    values: [date, statuses],
  });
  return rows;
}

/** A customer cancelled an order: the admins' live feed hears it on commit (same channel as new orders). */
export async function notifyOrderCancelled(db: Queryable, payload: Record<string, unknown>): Promise<void> {
  await db.query({ name: 'order_notify_cancelled', text: `select pg_notify('orders_insert', $1)`, values: [JSON.stringify({ ...payload, event: 'cancelled' })] });
}

/**
 * The credit check's hold decided (decision 038): the order's hold state and the admin's reason.
 * Answers the order; the caller has locked it.
 */
export async function updateCreditHold(db: Queryable, orderId: string, state: 'released' | 'rejected', reason: string | null): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_update_credit_hold',
    text: `update orders o set credit_hold = $2, credit_hold_reason = $3, updated_at = now() where o.id = $1 returning ${ORDER_ROW_COLUMNS}`,
    values: [orderId, state, reason],
  });
  return rows[0]!;
}

/** A credit hold released or rejected: the admins' live feed hears it on commit (same channel as new orders). */
export async function notifyCreditHoldDecided(db: Queryable, payload: Record<string, unknown>, state: 'released' | 'rejected'): Promise<void> {
  await db.query({
    name: 'order_notify_credit_hold',
    text: `select pg_notify('orders_insert', $1)`,
    values: [JSON.stringify({ ...payload, event: state === 'released' ? 'credit_released' : 'credit_rejected' })],
  });
}

export type { OrderItemSnapshot, OrderUserInfo };
