import { UNPREPARED_ORDER_STATUSES } from '@mayorista/core/constants';
import type { Queryable } from '../../db/transaction';

/**
 * Units of each product held by orders not yet prepared (Pendiente, Pendiente de Canje,
 * Confirmado): taken from the stock when placed, still on the shelf until picked. Reads the orders
 * through their (status, created_at) index; a product with none is missing from the answer.
 */
export async function unpreparedUnits(db: Queryable, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await db.query<{ product_id: string; units: number }>({
    name: 'orders_unprepared_units',
    text: `select i.product_id, sum(i.quantity)::int as units
             from orders o cross join lateral jsonb_to_recordset(o.items) as i(product_id text, quantity int)
            where o.status = any($2::text[]) and i.product_id = any($1::text[])
            group by i.product_id`,
    values: [productIds, [...UNPREPARED_ORDER_STATUSES]],
  });
  return new Map(rows.map((r) => [r.product_id, r.units]));
}
