import type { Queryable } from '../../db/transaction';

/**
 * The known weights (grams per unit) of these products, by id (decision 056): one indexed read for
 * a whole delivery day. A product without a weight is absent from the map.
 */
export async function readProductWeights(db: Queryable, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; weight_grams: number }>({
    name: 'product_weights',
    text: 'select id, weight_grams from products where id = any($1::uuid[]) and weight_grams is not null',
    values: [[...new Set(productIds)]],
  });
  return new Map(rows.map((r) => [r.id, r.weight_grams]));
}
