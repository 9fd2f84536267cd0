import { messages } from '@mayorista/core/messages';
import type { Queryable } from './transaction';

const texts = messages.ledgers.check;

/**
 * The cuenta corriente's part of `npm run db:check` (decision 037), in the caller's snapshot:
 * - every account's cached balance = Σ of its movements, and each movement's balance = the sum up to it;
 * - every open item's open amount = its amount − Σ of what was applied to it;
 * - every account's balance = Σ of its open items − what it has unapplied ("a favor");
 * - receipt numbers are exactly 1..counter, no gap and no duplicate.
 */
export async function accountViolations(db: Queryable): Promise<string[]> {
  // One after another: `db` may be one client holding the check's snapshot, which runs one query at a time.
  const balances = await db.query<{ id: string; balance: number; sum: number }>(
    `select a.profile_id as id, a.balance, coalesce(m.sum, 0)::bigint as sum
         from customer_accounts a left join (select profile_id, sum(amount) as sum from account_movements group by 1) m on m.profile_id = a.profile_id
        where a.balance <> coalesce(m.sum, 0)
       union all
       select m.profile_id, 0, sum(m.amount)::bigint from account_movements m
        where not exists (select 1 from customer_accounts a where a.profile_id = m.profile_id) group by 1`,
  );
  const chains = await db.query<{ id: string; movement: number; balance: number; running: number }>(
    `select profile_id as id, id::int as movement, balance, running from (
         select profile_id, id, balance, sum(amount) over (partition by profile_id order by id)::bigint as running from account_movements
       ) m where balance <> running order by profile_id, id limit 100`,
  );
  const items = await db.query<{ item: number; open: number; expected: number }>(
    `select i.movement_id::int as item, i.open, (i.amount - coalesce(a.sum, 0))::bigint as expected
         from account_open_items i left join (select item_movement_id, sum(amount) as sum from account_allocations group by 1) a on a.item_movement_id = i.movement_id
        where i.open <> i.amount - coalesce(a.sum, 0) limit 100`,
  );
  const pools = await db.query<{ id: string; balance: number; open: number; unapplied: number }>(
    `select a.profile_id as id, a.balance, coalesce(i.open, 0)::bigint as open, a.unapplied
         from customer_accounts a left join (select profile_id, sum(open) as open from account_open_items group by 1) i on i.profile_id = a.profile_id
        where a.balance <> coalesce(i.open, 0) - a.unapplied`,
  );
  const receipts = await db.query<{ count: number; max: number; distinct: number; counter: number }>(
    `select count(*)::int as count, coalesce(max(receipt_number), 0) as max, count(distinct receipt_number)::int as distinct,
              (select last_number from document_counters where name = 'receipt') as counter from payments`,
  );
  const r = receipts.rows[0]!;
  return [
    ...balances.rows.map((a) => texts.accountMismatch(a.id, a.balance, a.sum)),
    ...chains.rows.map((c) => texts.accountChain(c.id, c.movement, c.balance, c.running)),
    ...items.rows.map((i) => texts.openItemMismatch(i.item, i.open, i.expected)),
    ...pools.rows.map((p) => texts.accountOpenItems(p.id, p.balance, p.open, p.unapplied)),
    ...(r.count !== r.max || r.distinct !== r.count || r.counter !== r.max ? [texts.receiptGap(r.count, r.max, r.counter)] : []),
  ];
}
