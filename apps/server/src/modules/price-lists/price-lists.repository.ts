import type { PriceListRule } from '@mayorista/core/price-lists';
import { bpToPercent, percentToBp } from '@mayorista/core/price-lists';
import type { PriceList, PriceListData, PriceListSummary } from '@mayorista/core/schemas/price-lists';
import type { Queryable } from '../../db/transaction';
import { customerPriceListJson, pricesOfList, ruleFromJson, toRule, type RuleRow } from '../../db/price-list-rows';

/** A list as the pricing engine reads it, or null if it does not exist. */
export async function loadPriceListRule(db: Queryable, listId: string, productIds: string[] | null = null): Promise<PriceListRule | null> {
  // Named, like the next one: every cart read and save of a customer on a list sends it.
  const { rows } = await db.query<RuleRow>({
    name: 'price_list_rule',
    text: `select pl.id, pl.percentage_bp, ${pricesOfList('$2')} as prices from price_lists pl where pl.id = $1`,
    values: [listId, productIds],
  });
  return rows[0] ? toRule(rows[0]) : null;
}

/** The list a customer buys at, or null for the base list (the order edit reads it in its transaction). */
export async function loadCustomerPriceListRule(db: Queryable, userId: string, productIds: string[] | null): Promise<PriceListRule | null> {
  const { rows } = await db.query<{ rule: RuleRow | null }>({
    name: 'customer_price_list_rule',
    text: `select ${customerPriceListJson('$1', '$2')} as rule`,
    values: [userId, productIds],
  });
  return ruleFromJson(rows[0]?.rule ?? null);
}

interface SummaryRow {
  id: string;
  name: string;
  percentage_bp: number;
  customer_count: number;
  item_count: number;
  created_at: Date;
  updated_at: Date;
}

const toSummary = (row: SummaryRow): PriceListSummary => ({
  id: row.id,
  name: row.name,
  percentage: bpToPercent(row.percentage_bp),
  customer_count: row.customer_count,
  item_count: row.item_count,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SUMMARY_COLUMNS = `pl.id, pl.name, pl.percentage_bp, pl.created_at, pl.updated_at,
  (select count(*)::int from profiles p where p.price_list_id = pl.id) as customer_count,
  (select count(*)::int from price_list_items i where i.list_id = pl.id) as item_count`;

export async function listPriceLists(db: Queryable): Promise<PriceListSummary[]> {
  const { rows } = await db.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from price_lists pl order by lower(pl.name), pl.id`);
  return rows.map(toSummary);
}

export async function findPriceList(db: Queryable, id: string): Promise<PriceList | null> {
  const { rows } = await db.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from price_lists pl where pl.id = $1`, [id]);
  if (!rows[0]) return null;
  const items = await db.query<{ product_id: string; name: string; sku: string | null; base_price: string; price: string }>(
    `select i.product_id, p.name, p.sku, p.price as base_price, i.price
       from price_list_items i join products p on p.id = i.product_id
      where i.list_id = $1 order by lower(p.name), p.id`,
    [id],
  );
  return {
    ...toSummary(rows[0]),
    items: items.rows.map((r) => ({ product_id: r.product_id, name: r.name, sku: r.sku, base_price: Number(r.base_price), price: Number(r.price) })),
  };
}

/** How many of the given products exist (an explicit price for a missing product is refused). */
export async function countExistingProducts(db: Queryable, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from products where id = any($1::uuid[])`, [productIds]);
  return rows[0]!.n;
}

export async function insertPriceList(db: Queryable, data: PriceListData, actorId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`insert into price_lists (name, percentage_bp, created_by) values ($1, $2, $3) returning id`, [
    data.name,
    percentToBp(data.percentage),
    actorId,
  ]);
  return rows[0]!.id;
}

/** false when the list does not exist. */
export async function updatePriceList(db: Queryable, id: string, data: PriceListData): Promise<boolean> {
  const { rowCount } = await db.query(`update price_lists set name = $2, percentage_bp = $3, updated_at = now() where id = $1`, [
    id,
    data.name,
    percentToBp(data.percentage),
  ]);
  return rowCount === 1;
}

/** Replaces the list's explicit prices with `items`, in one statement each way. */
export async function replaceItems(db: Queryable, listId: string, items: PriceListData['items']): Promise<void> {
  await db.query(`delete from price_list_items where list_id = $1`, [listId]);
  if (items.length === 0) return;
  await db.query(
    `insert into price_list_items (list_id, product_id, price)
     select $1, product_id, price from unnest($2::uuid[], $3::bigint[]) as t(product_id, price)`,
    [listId, items.map((i) => i.product_id), items.map((i) => i.price)],
  );
}

/**
 * Deletes the list unless a customer is on it. The profiles assigned to it are locked first
 * (`for update`), so an assignment racing the delete either commits before (and the delete is
 * refused) or waits and then fails on the foreign key.
 */
export async function deletePriceListIfUnused(db: Queryable, id: string): Promise<{ deleted: boolean; customers: number }> {
  const { rows } = await db.query<{ id: string }>(`select id from profiles where price_list_id = $1 order by id for update`, [id]);
  if (rows.length > 0) return { deleted: false, customers: rows.length };
  const { rowCount } = await db.query(`delete from price_lists where id = $1`, [id]);
  return { deleted: rowCount === 1, customers: 0 };
}

/** The customer's list before the change (null: the base list), or false when the profile does not exist. A missing list fails on the foreign key. */
export async function assignPriceList(db: Queryable, userId: string, listId: string | null): Promise<{ before: string | null } | false> {
  const { rows } = await db.query<{ before: string | null }>(
    `update profiles p set price_list_id = $2, updated_at = now()
       from (select id, price_list_id from profiles where id = $1 for update) old
      where p.id = old.id
      returning old.price_list_id as before`,
    [userId, listId],
  );
  return rows[0] ?? false;
}
