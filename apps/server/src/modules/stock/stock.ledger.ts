import { looksLikeUuid } from '@mayorista/core/schemas/common';
import type { StockMovement, StockMovementKind } from '@mayorista/core/schemas/ledger';
import { ACTOR_NAME, ledgerPage, type LedgerTable } from '../../db/ledger-page';
import type { Queryable } from '../../db/transaction';

/**
 * The ONLY code that changes `products.stock` (decision 009). Every function takes the caller's
 * transaction client and, in the same statement, writes the new stock AND its movement in
 * `stock_movements`, so the cached column always equals the sum of the ledger (`npm run db:check`).
 * Plain SQL on purpose: `takeStock` is on the order hot path (decision 007).
 */

/** Who and what a movement is about: the order it belongs to, and the person (null = the system). */
export interface StockMovementContext {
  orderId?: string | null;
  actorId?: string | null;
}

export interface StockLine {
  productId: string;
  quantity: number;
}

/**
 * `wanted` (a query of `id, quantity` rows) and `locked`, its product rows locked in id order:
 * every writer locks in that order, so two of them sharing products queue instead of deadlocking.
 */
const lockedLines = (wanted: string) => `wanted as (
             ${wanted}
           ), locked as (
             select p.id from products p join wanted w on w.id = p.id order by p.id for update of p
           )`;

/** The lines of a multi-product writer ($1 ids, $2 quantities) as `wanted`, locked as `locked`. */
const LOCKED_LINES = `with ${lockedLines('select unnest($1::uuid[]) as id, unnest($2::int[]) as quantity')}`;

/** The units of every `wanted` line taken from its locked row, as `taken` (the rows actually updated). */
const TAKEN = `taken as (
             update products p
                set stock = p.stock - w.quantity, updated_at = now()
               from wanted w
              where p.id = w.id and p.id in (select id from locked)
                and not p.has_unlimited_stock and p.is_enabled and p.stock >= w.quantity
             returning p.id, p.stock, w.quantity
           )`;

/** The units of every line taken, rows locked in id order, a movement per row taken (`taken`). */
const TAKE_STOCK_CTES = `${LOCKED_LINES}, ${TAKEN}, moved as (
             insert into stock_movements (product_id, kind, quantity, balance, order_id, actor_id)
             select id, $5, -quantity, stock, $3::uuid, $4::uuid from taken
           )`;

function takeStockValues(lines: StockLine[], context: StockMovementContext & { kind?: StockMovementKind }) {
  return [lines.map((l) => l.productId), lines.map((l) => l.quantity), context.orderId ?? null, context.actorId ?? null, context.kind ?? 'order'];
}

/**
 * Takes the units of every line in ONE statement, as the last write before commit. A popular
 * product's row is locked only from here to the commit — one round-trip instead of the whole
 * transaction — which is what keeps order throughput up when everyone buys the same item. Rows
 * are locked in id order (the CTE), so orders sharing products queue instead of deadlocking; the
 * `stock >= quantity` condition makes overselling impossible, and `is_enabled` refuses a product
 * disabled since it was read. Unlimited-stock products are never taken (nothing to record).
 * The movements are inserted by the same statement from the rows actually updated.
 * Returns the ids whose units were taken; the caller rolls back when one is missing.
 */
export async function takeStock(
  db: Queryable,
  lines: StockLine[],
  context: StockMovementContext & { kind?: Extract<StockMovementKind, 'order' | 'order_edit'> },
): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>({
    name: 'stock_take',
    text: `${TAKE_STOCK_CTES} select id from taken`,
    values: takeStockValues(lines, context),
  });
  return new Set(rows.map((r) => r.id));
}

/** What `takeAllStock` raises (with the refused product ids, comma-separated, as its detail). */
export const STOCK_REFUSED = 'stock_refused';

/** One order's stock lines for `takeAllStock`: the order and who placed it. */
export interface OrderStockTake {
  orderId: string;
  actorId: string | null;
  lines: StockLine[];
}

/**
 * Takes the units of every line of one or more orders in ONE statement, as the last write before
 * commit, and refuses as a whole: when any product cannot give all the units asked of it the
 * statement raises STOCK_REFUSED (`require_or_raise`, migration 0015) with the refused product ids
 * as its detail, and the transaction is aborted — so it can be sent with the COMMIT behind it
 * (inPipelinedTransaction's commitWith, decision 023). A popular product's row is locked only from
 * here to the commit, in id order like every other writer; given several orders at once it takes
 * each product once, for the sum of its lines (placing an order passes one). Each order line gets its own
 * movement, in the orders' order, with the stock as it stood after it: the product's final stock
 * plus the units the later lines took. Unlimited-stock products are never taken (nothing to record).
 * The query is written before this function's first await, in the order it is called.
 */
export async function takeAllStock(db: Queryable, orders: OrderStockTake[]): Promise<void> {
  const lines = orders.flatMap((order) => order.lines.map((line) => ({ ...line, orderId: order.orderId, actorId: order.actorId })));
  if (lines.length === 0) return;
  await db.query({
    name: 'stock_take_orders',
    text: `with line as (
             select * from unnest($1::uuid[], $2::int[], $3::uuid[], $4::uuid[]) with ordinality as l(id, quantity, order_id, actor_id, n)
           ), ${lockedLines('select id, sum(quantity)::int as quantity, min(n) as first_n from line group by id')}, ${TAKEN}, moved as (
             insert into stock_movements (product_id, kind, quantity, balance, order_id, actor_id)
             select l.id, 'order', -l.quantity,
                    t.stock + coalesce(sum(l.quantity) over (partition by l.id order by l.n rows between 1 following and unbounded following), 0),
                    l.order_id, l.actor_id
               from line l join taken t on t.id = l.id
              order by l.n
           )
           select require_or_raise(
                    (select count(*) from taken) = (select count(*) from wanted),
                    '${STOCK_REFUSED}',
                    (select string_agg(w.id::text, ',' order by w.first_n) from wanted w where w.id not in (select id from taken)))`,
    values: [lines.map((l) => l.productId), lines.map((l) => l.quantity), lines.map((l) => l.orderId), lines.map((l) => l.actorId)],
  });
}

/**
 * Puts units back on the shelf (`stock + quantity`, one movement per product): every product
 * that still exists and counts its stock; unlimited-stock products have nothing to give back and
 * deleted ones are skipped. Repeated lines are summed first. Rows are locked in id order, the
 * order `takeStock` uses, so a restock and an order sharing products cannot deadlock.
 */
export async function returnStock(
  db: Queryable,
  lines: StockLine[],
  context: StockMovementContext & { kind: Extract<StockMovementKind, 'order_cancel_restock' | 'import' | 'order_edit' | 'credit_note_restock'> },
): Promise<void> {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (looksLikeUuid(line.productId)) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  const ids = [...quantities.keys()].filter((id) => quantities.get(id)! > 0);
  if (ids.length === 0) return;
  await db.query({
    name: 'stock_return',
    text: `${LOCKED_LINES}, returned as (
             update products p
                set stock = p.stock + w.quantity, updated_at = now()
               from wanted w
              where p.id = w.id and p.id in (select id from locked) and not p.has_unlimited_stock
             returning p.id, p.stock, w.quantity
           )
           insert into stock_movements (product_id, kind, quantity, balance, order_id, actor_id)
           select id, $3, quantity, stock, $4::uuid, $5::uuid from returned`,
    values: [ids, ids.map((id) => quantities.get(id)!), context.kind, context.orderId ?? null, context.actorId ?? null],
  });
}

/**
 * Sets a product's stock to an absolute number (the admin's editor, an import, a new product's
 * opening) and records the difference. An unlimited-stock product's number is ledgered too: it
 * is what the product has again when "unlimited" is turned off. Returns false when the product
 * does not exist. No movement when the number does not change.
 */
export async function setStock(
  db: Queryable,
  productId: string,
  stock: number,
  context: StockMovementContext & { kind: Extract<StockMovementKind, 'opening' | 'admin_edit' | 'import'> },
): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>({
    name: 'stock_set',
    text: `with prev as (
             select id, stock from products where id = $1 for update
           ), changed as (
             update products p set stock = $2, updated_at = now()
               from prev where p.id = prev.id and prev.stock <> $2
             returning p.id, p.stock, p.stock - prev.stock as quantity
           ), moved as (
             insert into stock_movements (product_id, kind, quantity, balance, order_id, actor_id)
             select id, $3, quantity, stock, $4::uuid, $5::uuid from changed
           )
           select exists (select 1 from prev) as found`,
    values: [productId, stock, context.kind, context.orderId ?? null, context.actorId ?? null],
  });
  return rows[0]?.found ?? false;
}

/**
 * `setStock` for many products in ONE statement (a spreadsheet import, the repricing work (decision 015), the
 * warehouse's count (decision 069)): each product whose stock differs gets the new value and one
 * movement of the given kind. Rows are locked in id order, like every other multi-product writer.
 * Returns the products that changed, with their stock before and after.
 */
export async function setStocks(
  db: Queryable,
  lines: { productId: string; stock: number }[],
  context: StockMovementContext & { kind: Extract<StockMovementKind, 'import' | 'count'> },
): Promise<StockChange[]> {
  if (lines.length === 0) return [];
  const { rows } = await db.query<StockChange>({
    name: 'stock_set_many',
    text: `with wanted as (
             select unnest($1::uuid[]) as id, unnest($2::int[]) as stock
           ), prev as (
             select p.id, p.stock from products p join wanted w on w.id = p.id order by p.id for update of p
           ), changed as (
             update products p set stock = w.stock, updated_at = now()
               from wanted w join prev on prev.id = w.id
              where p.id = w.id and prev.stock <> w.stock
             returning p.id, p.stock, p.stock - prev.stock as quantity
           ), moved as (
             insert into stock_movements (product_id, kind, quantity, balance, order_id, actor_id)
             select id, $3, quantity, stock, $4::uuid, $5::uuid from changed
           )
           select id as "productId", stock - quantity as before, stock as after from changed order by id`,
    values: [lines.map((l) => l.productId), lines.map((l) => l.stock), context.kind, context.orderId ?? null, context.actorId ?? null],
  });
  return rows;
}

/** A product whose stock a writer changed: the units before and after. */
export interface StockChange {
  productId: string;
  before: number;
  after: number;
}

/** A product's stock as it stands, read under lock: the number, and whether it is counted at all. */
export interface LockedStock {
  stock: number;
  unlimited: boolean;
  name: string;
}

/**
 * Reads the products' stock and locks their rows in id order (the order every writer uses) until
 * the transaction ends, so what is checked is what `setStocks` then changes. Ids that name no
 * product are missing from the answer.
 */
export async function readLockedStocks(db: Queryable, productIds: string[]): Promise<Map<string, LockedStock>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await db.query<LockedStock & { id: string }>({
    name: 'stock_read_locked',
    text: `select id, stock, has_unlimited_stock as unlimited, name from products where id = any($1::uuid[]) order by id for update`,
    values: [productIds],
  });
  return new Map(rows.map(({ id, ...stock }) => [id, stock]));
}

/**
 * Moves many products' stock by a signed number of units each in ONE statement (undoing an import,
 * decision 022: the import's difference goes back, whatever was sold since), one movement per
 * product. A product whose stock would go below zero is left alone; returns the ids that moved.
 */
export async function adjustStocks(
  db: Queryable,
  lines: StockLine[],
  context: StockMovementContext & { kind: Extract<StockMovementKind, 'import'> },
): Promise<Set<string>> {
  const moving = lines.filter((l) => l.quantity !== 0);
  if (moving.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>({
    name: 'stock_adjust_many',
    text: `${LOCKED_LINES}, changed as (
             update products p set stock = p.stock + w.quantity, updated_at = now()
               from wanted w
              where p.id = w.id and p.id in (select id from locked) and p.stock + w.quantity >= 0
             returning p.id, p.stock, w.quantity
           ), moved as (
             insert into stock_movements (product_id, kind, quantity, balance, order_id, actor_id)
             select id, $3, quantity, stock, $4::uuid, $5::uuid from changed
           )
           select id from changed`,
    values: [moving.map((l) => l.productId), moving.map((l) => l.quantity), context.kind, context.orderId ?? null, context.actorId ?? null],
  });
  return new Set(rows.map((r) => r.id));
}

const STOCK_LEDGER: LedgerTable = { table: 'stock_movements', owner: 'product_id' };

/** One page of a product's movements, newest first, and how many there are. */
export async function listStockMovements(
  db: Queryable,
  productId: string,
  page: { limit: number; offset: number },
): Promise<{ items: StockMovement[]; total: number }> {
  const { rows, total } = await ledgerPage<Omit<StockMovement, 'created_at'> & { created_at: Date }>(
    db,
    STOCK_LEDGER,
    `m.id, m.kind, m.quantity, m.balance, m.order_id, m.actor_id, ${ACTOR_NAME}, m.created_at`,
    productId,
    page,
  );
  return { items: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })), total };
}

/**
 * Locks products in id order until the transaction ends — the order takeStock and returnStock
 * use. A change that returns some units and takes others (an order edit) locks them all first,
 * so its two statements cannot interleave with an order's into a deadlock.
 */
export async function lockStock(db: Queryable, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.query({
    name: 'stock_lock',
    text: `select id from products where id = any($1::uuid[]) order by id for update`,
    values: [productIds],
  });
}
