import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { orders, products, profiles, type OrderItemSnapshot, type OrderUserInfo } from '../../db/schema';
import type { DbExecutor } from '../cart/cart.repository';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

const lockedProductColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  retail_price: products.retailPrice,
  on_sale: products.onSale,
  sale_price: products.salePrice,
  on_sale_retail: products.onSaleRetail,
  sale_price_retail: products.salePriceRetail,
  discounts: products.discounts,
  stock: products.stock,
  has_unlimited_stock: products.hasUnlimitedStock,
  is_enabled: products.isEnabled,
};

export type OrderedProduct = Awaited<ReturnType<typeof readProducts>>[number];

/** Reads the ordered products without locking them; `takeStock` is what guarantees the stock. */
export async function readProducts(tx: DbExecutor, ids: string[]) {
  return tx.select(lockedProductColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
}

/**
 * Takes the units of every limited-stock line in ONE statement, as the last write before commit.
 * A popular product's row is locked only from here to the commit — one round-trip instead of the
 * whole transaction — which is what keeps order throughput up when everyone buys the same item.
 * Rows are locked in id order (the CTE), so orders sharing products queue instead of deadlocking;
 * the `stock >= quantity` condition makes overselling impossible, and `is_enabled` refuses a
 * product disabled since it was read. Returns the ids whose units were taken.
 */
export async function takeStock(tx: DbExecutor, lines: { productId: string; quantity: number }[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  // Sent as two array literals in bound parameters (drizzle would expand a JS array into a list).
  const ids = `{${lines.map((l) => l.productId).join(',')}}`;
  const quantities = `{${lines.map((l) => l.quantity).join(',')}}`;
  const result = await tx.execute<{ id: string }>(sql`
    with wanted as (
      select unnest(${ids}::uuid[]) as id, unnest(${quantities}::int[]) as quantity
    ), locked as (
      select p.id from products p join wanted w on w.id = p.id order by p.id for update of p
    )
    update products p
       set stock = p.stock - w.quantity, updated_at = now()
      from wanted w
     where p.id = w.id and p.id in (select id from locked)
       and not p.has_unlimited_stock and p.is_enabled and p.stock >= w.quantity
    returning p.id`);
  return new Set(result.rows.map((r) => r.id));
}

/** Current stock and name of products, to explain a refused line. */
export async function currentStock(tx: DbExecutor, ids: string[]) {
  return tx.select({ id: products.id, name: products.name, stock: products.stock, is_enabled: products.isEnabled }).from(products).where(inArray(products.id, ids));
}

/** Deducts points only if the balance covers them; returns the new balance, or null when it does not. */
export async function deductPoints(tx: DbExecutor, userId: string, amount: number): Promise<number | null> {
  const [row] = await tx
    .update(profiles)
    .set({ saldoPuntos: sql`${profiles.saldoPuntos} - ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(profiles.id, userId), gte(profiles.saldoPuntos, amount)))
    .returning({ saldoPuntos: profiles.saldoPuntos });
  return row ? row.saldoPuntos : null;
}

export async function findCustomer(
  tx: DbExecutor,
  userId: string,
): Promise<(OrderUserInfo & { saldoPuntos: number }) | null> {
  const [row] = await tx
    .select({
      nombre: profiles.nombre,
      apellido: profiles.apellido,
      email: profiles.email,
      dni: profiles.dni,
      saldoPuntos: profiles.saldoPuntos,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

export async function findPointsBalance(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db.select({ saldoPuntos: profiles.saldoPuntos }).from(profiles).where(eq(profiles.id, userId));
  return row?.saldoPuntos ?? 0;
}

export async function insertOrder(tx: DbExecutor, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

/**
 * NOTIFY is queued with the transaction and delivered only on commit, so listeners (the admins'
 * live feed, in any process) never hear of an order that was rolled back.
 */
export async function notifyOrderInserted(tx: DbExecutor, payload: Record<string, unknown>): Promise<void> {
  await tx.execute(sql`select pg_notify('orders_insert', ${JSON.stringify(payload)})`);
}

export async function findOrderByIdempotencyKey(db: DbExecutor, userId: string, key: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/** Mis Pedidos shows at most this many of the newest orders; older ones stay in the admin's list. */
export const OWN_ORDERS_LIMIT = 200;

export async function listOwnOrders(db: DbExecutor, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(OWN_ORDERS_LIMIT);
}

/** Scoped to the owner in the query itself, so another customer's id is simply not found. */
export async function findOwnOrder(db: DbExecutor, userId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

export type { OrderItemSnapshot, OrderUserInfo };
