import type { PriceListRule } from '@mayorista/core/price-lists';

/**
 * A price list as SQL reads it, shared below the modules: the price-lists module loads lists with
 * it, and placing an order reads the customer's list in the statement that reads the customer.
 */
export interface RuleRow {
  id: string;
  percentage_bp: number;
  prices: Record<string, string | number> | null;
}

export const toRule = (row: RuleRow): PriceListRule => ({
  id: row.id,
  percentageBp: row.percentage_bp,
  prices: new Map(Object.entries(row.prices ?? {}).map(([id, price]) => [id, Number(price)])),
});

/**
 * The explicit prices of list `pl`, as one json object: all of them (the ids parameter null — the
 * catalogue and the price-list PDF) or only those of the given products (a cart, an order).
 */
export const pricesOfList = (ids: string) => `(select json_object_agg(i.product_id, i.price) from price_list_items i
                          where i.list_id = pl.id and (${ids}::uuid[] is null or i.product_id = any(${ids}::uuid[])))`;

/**
 * SQL for the list a customer buys at as one json value (`{ id, percentage_bp, prices }`), null for
 * the base list; `user` and `ids` are the placeholders of the profile id and the product ids. Staff
 * and unapproved accounts are never on a list (core's effectivePriceListId, repeated here in SQL so
 * an order reads it in the statement that reads the customer: no extra round-trip).
 */
export const customerPriceListJson = (user: string, ids: string) =>
  `(select json_build_object('id', pl.id, 'percentage_bp', pl.percentage_bp, 'prices', ${pricesOfList(ids)})
      from profiles p join price_lists pl on pl.id = p.price_list_id
     where p.id = ${user} and p.approved and not p.is_admin and not p.is_super_admin)`;

/** What customerPriceListJson gave, as the engine's rule. */
export const ruleFromJson = (json: RuleRow | null): PriceListRule | null => (json ? toRule(json) : null);
