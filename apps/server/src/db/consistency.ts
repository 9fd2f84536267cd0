import { messages } from '@mayorista/core/messages';
import type pg from 'pg';
import { accountViolations } from './account-consistency';
import type { Queryable } from './transaction';

const texts = messages.ledgers.check;

export interface ConsistencyReport {
  products: number;
  customers: number;
  orders: number;
  /** Customers with a cuenta corriente (decision 037). */
  accounts: number;
  /** One Spanish sentence per violation, naming the product, customer or order. */
  violations: string[];
}

/**
 * What `npm run db:check` verifies (decision 009), read in one REPEATABLE READ snapshot so
 * orders arriving meanwhile cannot make a consistent database look broken:
 * - every product: stock = Σ of its stock movements, and not negative;
 * - every customer (profile): saldo_puntos = Σ of its points movements, and not negative;
 * - every order: total = Σ of its lines' totals, plus the IVA its breakdown added when prices
 *   exclude IVA (decision 019), and total_savings = Σ of its lines' savings (a points redemption
 *   charges the same total, so there is nothing else to add);
 * - the dashboard's daily sales summaries (migration 0013) = the orders they summarise;
 * - the cuenta corriente's ledger, open items and receipt numbers (account-consistency.ts).
 */
export async function checkConsistency(pool: pg.Pool): Promise<ConsistencyReport> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const report = await readReport(client);
    await client.query('commit');
    client.release();
    return report;
  } catch (error) {
    // The read-only transaction may still be open: this connection is not handed back to the pool.
    client.release(true);
    throw error;
  }
}

async function count(db: Queryable, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]?.n ?? 0;
}

async function stockViolations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string; name: string; stock: number; sum: number }>(
    `select p.id, p.name, p.stock, coalesce(m.sum, 0)::bigint as sum
       from products p
       left join (select product_id, sum(quantity) as sum from stock_movements group by product_id) m on m.product_id = p.id
      where p.stock < 0 or p.stock <> coalesce(m.sum, 0)
      order by p.name, p.id`,
  );
  return rows.flatMap((p) => [
    ...(p.stock < 0 ? [texts.stockNegative(p.name, p.id, p.stock)] : []),
    ...(p.stock !== p.sum ? [texts.stockMismatch(p.name, p.id, p.stock, p.sum)] : []),
  ]);
}

async function pointsViolations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string; name: string; balance: number; sum: number }>(
    `select p.id, concat_ws(' ', nullif(p.nombre, ''), nullif(p.apellido, ''), '<' || p.email || '>') as name,
            p.saldo_puntos as balance, coalesce(m.sum, 0)::bigint as sum
       from profiles p
       left join (select profile_id, sum(amount) as sum from points_movements group by profile_id) m on m.profile_id = p.id
      where p.saldo_puntos < 0 or p.saldo_puntos <> coalesce(m.sum, 0)
      order by p.email, p.id`,
  );
  return rows.flatMap((c) => [
    ...(c.balance < 0 ? [texts.pointsNegative(c.name, c.id, c.balance)] : []),
    ...(c.balance !== c.sum ? [texts.pointsMismatch(c.name, c.id, c.balance, c.sum)] : []),
  ]);
}

async function orderViolations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string; total: number; lines: number; savings: number; line_savings: number }>(
    `select o.id, o.total, o.total_savings as savings, l.lines, l.line_savings
       from orders o
       cross join lateral (
         select coalesce(sum((i ->> 'total')::bigint), 0)::bigint
                + case when (o.iva ->> 'prices_include_iva')::boolean is false then (o.iva ->> 'iva')::bigint else 0 end as lines,
                coalesce(sum(coalesce((i -> 'discounts' ->> 'savings')::bigint, 0)), 0)::bigint as line_savings
           from jsonb_array_elements(o.items) i
       ) l
      where o.total <> l.lines or o.total_savings <> l.line_savings
      order by o.created_at, o.id`,
  );
  return rows.flatMap((o) => [
    ...(o.total !== o.lines ? [texts.orderTotal(o.id, o.total, o.lines)] : []),
    ...(o.savings !== o.line_savings ? [texts.orderSavings(o.id, o.savings, o.line_savings)] : []),
  ]);
}

/** What the orders trigger should have left in the summaries, against what they hold (rows at zero count as absent). */
const SALE = `o.status not in ('Cancelado', 'Rechazado') and not o.canjeado_con_puntos`;
const LOCAL_DAY = `(o.created_at at time zone 'America/Argentina/Buenos_Aires')::date`;

async function salesSummaryViolations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ what: string; day: string; summary: string; orders: string }>(
    `with product_orders as (
       select ${LOCAL_DAY} as day, i.product_id as key, sum(i.quantity)::bigint as a, sum(i.total)::bigint as b
         from orders o cross join lateral jsonb_to_recordset(o.items) as i(product_id text, quantity int, total bigint)
        where ${SALE} group by 1, 2
     ), product_summary as (
       select day, product_id as key, quantity as a, sales as b from sales_daily_products where quantity <> 0 or sales <> 0
     ), customer_orders as (
       select ${LOCAL_DAY} as day, o.user_id::text as key, count(*)::bigint as a, sum(o.total)::bigint as b
         from orders o where ${SALE} group by 1, 2
     ), customer_summary as (
       select day, user_id::text as key, orders::bigint as a, sales as b from sales_daily_customers where orders <> 0 or sales <> 0
     )
     select 'producto ' || key as what, to_char(day, 'YYYY-MM-DD') as day,
            coalesce(s.a || ' u. / ' || s.b, '—') as summary, coalesce(o.a || ' u. / ' || o.b, '—') as orders
       from product_orders o full join product_summary s using (day, key)
      where o.a is distinct from s.a or o.b is distinct from s.b
     union all
     select 'cliente ' || key, to_char(day, 'YYYY-MM-DD'),
            coalesce(s.a || ' pedidos / ' || s.b, '—'), coalesce(o.a || ' pedidos / ' || o.b, '—')
       from customer_orders o full join customer_summary s using (day, key)
      where o.a is distinct from s.a or o.b is distinct from s.b
     order by 2, 1`,
  );
  return rows.map((r) => texts.salesSummary(r.what, r.day, r.summary, r.orders));
}

async function readReport(db: Queryable): Promise<ConsistencyReport> {
  return {
    products: await count(db, 'products'),
    customers: await count(db, 'profiles'),
    orders: await count(db, 'orders'),
    accounts: await count(db, 'customer_accounts'),
    violations: [...(await stockViolations(db)), ...(await pointsViolations(db)), ...(await orderViolations(db)), ...(await salesSummaryViolations(db)), ...(await accountViolations(db))],
  };
}

/** The report as the CLI prints it, in Spanish. */
export function formatConsistencyReport(report: ConsistencyReport): string {
  const lines = [texts.header, texts.products(report.products), texts.customers(report.customers), texts.orders(report.orders), texts.accounts(report.accounts)];
  if (report.violations.length === 0) lines.push(texts.ok);
  else lines.push(texts.failed(report.violations.length), ...report.violations.map((v) => `- ${v}`));
  return `${lines.join('\n')}\n`;
}
