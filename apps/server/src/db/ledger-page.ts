import type { Queryable } from './transaction';

/** Who made a movement, as the ledgers' pages show it (null for the system). */
export const ACTOR_NAME = `nullif(concat_ws(' ', a.nombre, a.apellido), '') as actor_name`;

/** A ledger of movements (decision 009): its table and the column naming whose movements they are. */
export interface LedgerTable {
  table: 'stock_movements' | 'points_movements';
  owner: 'product_id' | 'profile_id';
}

/**
 * One page of one owner's movements (a product's stock, a customer's points), newest first, and how
 * many there are: the two ledgers page alike. `columns` selects from `m` (the movement) and `a` (the
 * actor's profile); table, owner and columns are the ledgers' constants, never a request's input.
 * Prepared statements `<table>_page` and `<table>_count`.
 */
export async function ledgerPage<Row>(
  db: Queryable,
  ledger: LedgerTable,
  columns: string,
  ownerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: Row[]; total: number }> {
  const [{ rows }, counted] = await Promise.all([
    db.query<Row & Record<string, unknown>>({
      name: `${ledger.table}_page`,
      text: `select ${columns}
               from ${ledger.table} m left join profiles a on a.id = m.actor_id
              where m.${ledger.owner} = $1
              order by m.id desc
              limit $2 offset $3`,
      values: [ownerId, page.limit, page.offset],
    }),
    db.query<{ n: number }>({
      name: `${ledger.table}_count`,
      text: `select count(*)::int as n from ${ledger.table} where ${ledger.owner} = $1`,
      values: [ownerId],
    }),
  ]);
  return { rows, total: counted.rows[0]?.n ?? 0 };
}
