import type { PricedProduct } from '@mayorista/core/pricing';
import type { Product } from '@mayorista/core/schemas/product';
import type { orders, OrderItemSnapshot, OrderUserInfo } from '../../db/schema';
import type { Queryable } from '../../db/transaction';

// Plain SQL on the pool, each statement named so PostgreSQL parses and plans it once per
// connection. Placing an order is the busiest write: the query builder's per-statement cost was
// a fifth of the server's CPU under the order benchmark (bench/README.md).

export type OrderRow = typeof orders.$inferSelect;

/** Selects an order in OrderRow's shape (camelCase keys, Date timestamps, parsed JSON). */
const ORDER_ROW_COLUMNS = `id, user_id as "userId", user_info as "userInfo", items, total,
  total_savings as "totalSavings", status, observaciones, canjeado_con_puntos as "canjeadoConPuntos",
  idempotency_key as "idempotencyKey", created_at as "createdAt", updated_at as "updatedAt"`;

/** What placing an order reads of a product: the pricing fields, plus stock and availability. */
export type OrderedProduct = PricedProduct & Pick<Product, 'id' | 'name' | 'stock' | 'has_unlimited_stock' | 'is_enabled'>;

/** Reads the ordered products without locking them; `takeStock` is what guarantees the stock. */
export async function readProducts(db: Queryable, ids: string[]): Promise<OrderedProduct[]> {
  const { rows } = await db.query<OrderedProduct>({
    name: 'order_read_products',
    text: `select id, name, price, retail_price, on_sale, sale_price, on_sale_retail, sale_price_retail,
                  discounts, stock, has_unlimited_stock, is_enabled
             from products where id = any($1::uuid[]) order by id`,
    values: [ids],
  });
  return rows;
}

/**
 * Takes the units of every limited-stock line in ONE statement, as the last write before commit.
 * A popular product's row is locked only from here to the commit — one round-trip instead of the
 * whole transaction — which is what keeps order throughput up when everyone buys the same item.
 * Rows are locked in id order (the CTE), so orders sharing products queue instead of deadlocking;
 * the `stock >= quantity` condition makes overselling impossible, and `is_enabled` refuses a
 * product disabled since it was read. Returns the ids whose units were taken.
 */
export async function takeStock(db: Queryable, lines: { productId: string; quantity: number }[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>({
    name: 'order_take_stock',
    text: `with wanted as (
             select unnest($1::uuid[]) as id, unnest($2::int[]) as quantity
           ), locked as (
             select p.id from products p join wanted w on w.id = p.id order by p.id for update of p
           )
           update products p
              set stock = p.stock - w.quantity, updated_at = now()
             from wanted w
            where p.id = w.id and p.id in (select id from locked)
              and not p.has_unlimited_stock and p.is_enabled and p.stock >= w.quantity
           returning p.id`,
    values: [lines.map((l) => l.productId), lines.map((l) => l.quantity)],
  });
  return new Set(rows.map((r) => r.id));
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

/** Deducts points only if the balance covers them; returns the new balance, or null when it does not. */
export async function deductPoints(db: Queryable, userId: string, amount: number): Promise<number | null> {
  const { rows } = await db.query<{ saldo_puntos: number }>({
    name: 'order_deduct_points',
    text: `update profiles set saldo_puntos = saldo_puntos - $2, updated_at = now()
            where id = $1 and saldo_puntos >= $2
           returning saldo_puntos`,
    values: [userId, amount],
  });
  return rows[0]?.saldo_puntos ?? null;
}

export async function findCustomer(db: Queryable, userId: string): Promise<(OrderUserInfo & { saldoPuntos: number }) | null> {
  const { rows } = await db.query<OrderUserInfo & { saldoPuntos: number }>({
    name: 'order_find_customer',
    text: `select nombre, apellido, email, dni, saldo_puntos as "saldoPuntos" from profiles where id = $1`,
    values: [userId],
  });
  return rows[0] ?? null;
}

export async function findPointsBalance(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ saldo_puntos: number }>({
    name: 'order_points_balance',
    text: `select saldo_puntos from profiles where id = $1`,
    values: [userId],
  });
  return rows[0]?.saldo_puntos ?? 0;
}

/** An order as written: every column but those the database fills in. */
export type NewOrder = Omit<OrderRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Writes the order and empties its customer's cart, in one statement. */
export async function insertOrderAndEmptyCart(db: Queryable, order: NewOrder): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_insert',
    text: `with placed as (
             insert into orders (user_id, user_info, items, total, total_savings, status, observaciones,
                                 canjeado_con_puntos, idempotency_key)
             values ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8, $9)
             returning *
           ), emptied as (
             update cart set cart_data = '{}'::jsonb, updated_at = clock_timestamp() where user_id = $1
           )
           select ${ORDER_ROW_COLUMNS} from placed`,
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
    ],
  });
  return rows[0]!;
}

/**
 * NOTIFY is queued with the transaction and delivered only on commit, so listeners (the admins'
 * live feed, in any process) never hear of an order that was rolled back.
 */
export async function notifyOrderInserted(db: Queryable, payload: Record<string, unknown>): Promise<void> {
  await db.query({ name: 'order_notify', text: `select pg_notify('orders_insert', $1)`, values: [JSON.stringify(payload)] });
}

export async function findOrderByIdempotencyKey(db: Queryable, userId: string, key: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_by_idempotency_key',
    text: `select ${ORDER_ROW_COLUMNS} from orders where user_id = $1 and idempotency_key = $2`,
    values: [userId, key],
  });
  return rows[0] ?? null;
}

/** Mis Pedidos shows at most this many of the newest orders; older ones stay in the admin's list. */
export const OWN_ORDERS_LIMIT = 200;

export async function listOwnOrders(db: Queryable, userId: string): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_list_own',
    text: `select ${ORDER_ROW_COLUMNS} from orders where user_id = $1
            order by created_at desc, id desc limit ${OWN_ORDERS_LIMIT}`,
    values: [userId],
  });
  return rows;
}

/** Scoped to the owner in the query itself, so another customer's id is simply not found. */
export async function findOwnOrder(db: Queryable, userId: string, orderId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find_own',
    text: `select ${ORDER_ROW_COLUMNS} from orders where id = $1 and user_id = $2`,
    values: [orderId, userId],
  });
  return rows[0] ?? null;
}

export type { OrderItemSnapshot, OrderUserInfo };
