import type { Queryable } from '../../db/transaction';
import type { OrderItemSnapshot } from '../../db/schema';
import { ORDER_ROW_COLUMNS, type OrderRow } from './orders.repository';

// An order's edits (the admin changes its lines): the order locked for the edit, its new lines and
// totals, and the history row each edit leaves. Split from orders.repository.ts to keep files short.

/**
 * Locks the order for an edit without waiting: a second admin saving the same order at the same
 * moment fails at once (55P03) instead of applying its edit on top of one it never saw.
 */
export async function findOrderForEdit(db: Queryable, orderId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_find_for_edit',
    text: `select ${ORDER_ROW_COLUMNS} from orders o where o.id = $1 for update nowait`,
    values: [orderId],
  });
  return rows[0] ?? null;
}

export async function updateOrderItems(
  db: Queryable,
  orderId: string,
  change: { items: OrderItemSnapshot[]; total: number; totalSavings: number; iva: OrderRow['iva'] },
): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>({
    name: 'order_update_items',
    // clock_timestamp(), not now(): two edits in one transaction-less burst still get distinct
    // updated_at values, which is what an editor's expected_updated_at compares.
    text: `update orders o set items = $2::jsonb, total = $3, total_savings = $4, iva = $5::jsonb, updated_at = clock_timestamp()
            where o.id = $1 returning ${ORDER_ROW_COLUMNS}`,
    values: [
      orderId,
      JSON.stringify(change.items),
      change.total,
      change.totalSavings,
      change.iva === null ? null : JSON.stringify(change.iva),
    ],
  });
  return rows[0]!;
}

export interface NewOrderEdit {
  orderId: string;
  actorId: string;
  reason: string;
  reprice: boolean;
  beforeItems: OrderItemSnapshot[];
  afterItems: OrderItemSnapshot[];
  beforeTotal: number;
  afterTotal: number;
}

const editSnapshot = (items: OrderItemSnapshot[]) =>
  JSON.stringify(items.map((i) => ({ product_id: i.product_id, name: i.name, quantity: i.quantity, total: i.total })));

export async function insertOrderEdit(db: Queryable, edit: NewOrderEdit): Promise<void> {
  await db.query({
    name: 'order_edit_insert',
    text: `insert into order_edits (order_id, actor_id, reason, reprice, before_items, after_items, before_total, after_total)
           values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)`,
    values: [
      edit.orderId,
      edit.actorId,
      edit.reason,
      edit.reprice,
      editSnapshot(edit.beforeItems),
      editSnapshot(edit.afterItems),
      edit.beforeTotal,
      edit.afterTotal,
    ],
  });
}

export interface OrderEditRow {
  id: number;
  actor_name: string | null;
  reason: string;
  reprice: boolean;
  before_total: number;
  after_total: number;
  before_items: { product_id: string; name: string; quantity: number; total: number }[];
  after_items: { product_id: string; name: string; quantity: number; total: number }[];
  created_at: Date;
}

/** An order's edits, newest first. */
export async function listOrderEdits(db: Queryable, orderId: string): Promise<OrderEditRow[]> {
  const { rows } = await db.query<OrderEditRow>({
    name: 'order_edits_list',
    text: `select e.id::int, nullif(concat_ws(' ', a.nombre, a.apellido), '') as actor_name, e.reason, e.reprice,
                  e.before_total, e.after_total, e.before_items, e.after_items, e.created_at
             from order_edits e left join profiles a on a.id = e.actor_id
            where e.order_id = $1 order by e.id desc`,
    values: [orderId],
  });
  return rows;
}
