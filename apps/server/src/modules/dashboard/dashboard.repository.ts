import type { OrderStatus } from '@mayorista/core/constants';
import type { Dashboard, DashboardPeriod, PeriodFigures } from '@mayorista/core/schemas/order-life';
import type { Queryable } from '../../db/transaction';

// The admin dashboard (the order-life work, decision 014). The figures, statuses and chart read a range of
// orders.created_at through orders_created_sales_idx (migration 0007), whose INCLUDE columns answer
// the sums without touching the table; the top products and customers read the daily summaries
// of migration 0013 (decision 022) instead of every line of the period's orders.

/** Calendar periods are the business's, whatever the server's clock zone is. */
const TZ = 'America/Argentina/Buenos_Aires';

/** A sale: an order that was not undone and was paid with money, not points. */
const COUNTS_AS_SALE = `o.status not in ('Cancelado', 'Rechazado') and not o.canjeado_con_puntos`;

export interface PeriodBounds {
  currentStart: Date;
  now: Date;
  previousStart: Date;
  previousEnd: Date;
  chartStart: Date;
}

/**
 * The current period (today, this week from Monday, this month) up to now, and the same length
 * of time from the start of the previous one — so Tuesday noon compares with last Tuesday noon.
 */
export async function periodBounds(db: Queryable, period: DashboardPeriod, now: Date = new Date()): Promise<PeriodBounds> {
  const { rows } = await db.query<PeriodBounds>({
    name: 'dashboard_bounds',
    text: `with b as (
             select date_trunc($1, $2::timestamptz at time zone '${TZ}') as local_start,
                    ('1 ' || $1)::interval as len
           )
           select local_start at time zone '${TZ}' as "currentStart",
                  $2::timestamptz as now,
                  (local_start - len) at time zone '${TZ}' as "previousStart",
                  (local_start - len) at time zone '${TZ}' + ($2::timestamptz - local_start at time zone '${TZ}') as "previousEnd",
                  (date_trunc('day', $2::timestamptz at time zone '${TZ}') - interval '29 days') at time zone '${TZ}' as "chartStart"
             from b`,
    values: [period, now],
  });
  return rows[0]!;
}

async function figures(db: Queryable, b: PeriodBounds): Promise<{ current: PeriodFigures; previous: PeriodFigures }> {
  const { rows } = await db.query<{ current: boolean; sales: number; orders: number }>({
    name: 'dashboard_figures',
    text: `select o.created_at >= $3 as current, coalesce(sum(o.total), 0)::bigint as sales, count(*)::int as orders
             from orders o
            where ((o.created_at >= $1 and o.created_at < $2) or (o.created_at >= $3 and o.created_at < $4)) and ${COUNTS_AS_SALE}
            group by 1`,
    values: [b.previousStart, b.previousEnd, b.currentStart, b.now],
  });
  const of = (current: boolean, from: Date, to: Date): PeriodFigures => {
    const row = rows.find((r) => r.current === current);
    const sales = Number(row?.sales ?? 0);
    const orders = row?.orders ?? 0;
    return { from: from.toISOString(), to: to.toISOString(), sales, orders, average_ticket: orders ? Math.round(sales / orders) : 0 };
  };
  return { current: of(true, b.currentStart, b.now), previous: of(false, b.previousStart, b.previousEnd) };
}

/**
 * The current period's local days in the daily summaries (migration 0013, kept by the orders
 * trigger in every order transaction). The period runs up to now and no order is placed in the
 * future, so whole days up to today's are exactly the period.
 */
const SUMMARY_DAYS = `day >= ($1::timestamptz at time zone '${TZ}')::date and day <= ($2::timestamptz at time zone '${TZ}')::date`;

async function topProducts(db: Queryable, b: PeriodBounds): Promise<Dashboard['top_products']> {
  const { rows } = await db.query<Dashboard['top_products'][number]>({
    name: 'dashboard_top_products',
    text: `select product_id, max(name) as name, sum(quantity)::int as quantity, sum(sales)::bigint as sales
             from sales_daily_products
            where ${SUMMARY_DAYS}
            group by 1 having sum(quantity) > 0
            order by quantity desc, sales desc, name limit 10`,
    values: [b.currentStart, b.now],
  });
  return rows.map((r) => ({ ...r, sales: Number(r.sales) }));
}

async function topCustomers(db: Queryable, b: PeriodBounds): Promise<Dashboard['top_customers']> {
  const { rows } = await db.query<Dashboard['top_customers'][number]>({
    name: 'dashboard_top_customers',
    text: `select t.user_id, concat_ws(' ', p.nombre, p.apellido) as name, coalesce(p.email, '') as email, t.orders, t.sales
             from (select user_id, sum(orders)::int as orders, sum(sales)::bigint as sales
                     from sales_daily_customers
                    where ${SUMMARY_DAYS}
                    group by user_id having sum(orders) > 0
                    order by sales desc, orders desc limit 10) t
             left join profiles p on p.id = t.user_id
            order by t.sales desc, t.orders desc, name`,
    values: [b.currentStart, b.now],
  });
  return rows.map((r) => ({ ...r, sales: Number(r.sales) }));
}

async function ordersByStatus(db: Queryable, b: PeriodBounds): Promise<Dashboard['orders_by_status']> {
  const { rows } = await db.query<{ status: OrderStatus; count: number }>({
    name: 'dashboard_by_status',
    text: `select o.status, count(*)::int as count from orders o where o.created_at >= $1 and o.created_at < $2
            group by o.status order by count desc, o.status`,
    values: [b.currentStart, b.now],
  });
  return rows;
}

async function awaitingApproval(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>({
    name: 'dashboard_awaiting_approval',
    text: `select count(*)::int as n from profiles where not approved`,
  });
  return rows[0]?.n ?? 0;
}

/** At most 50 products, the emptiest first. */
async function lowStock(db: Queryable, threshold: number): Promise<Dashboard['low_stock']['items']> {
  const { rows } = await db.query<Dashboard['low_stock']['items'][number]>({
    name: 'dashboard_low_stock',
    text: `select id, name, stock from products
            where not has_unlimited_stock and is_enabled and stock <= $1
            order by stock, name limit 50`,
    values: [threshold],
  });
  return rows;
}

/** 30 local days ending today, every day present (0 when nothing was sold). */
async function dailySales(db: Queryable, b: PeriodBounds): Promise<Dashboard['daily_sales']> {
  const { rows } = await db.query<{ date: string; sales: number; orders: number }>({
    name: 'dashboard_daily_sales',
    text: `with days as (
             select generate_series(0, 29) as n
           ), hours as (
             -- Hourly buckets by plain arithmetic (date_bin), then hours to local days: converting
             -- every order's time to the zone cost more than all the other queries together.
             -- Exact because the business's UTC offset is a whole number of hours.
             select date_bin('1 hour', o.created_at, timestamptz '2000-01-01 00:00:00+00') as hour,
                    sum(o.total)::bigint as sales, count(*)::int as orders
               from orders o
              where o.created_at >= $1 and o.created_at < $2 and ${COUNTS_AS_SALE}
              group by 1
           ), sold as (
             select (hour at time zone '${TZ}')::date as day, sum(sales)::bigint as sales, sum(orders)::int as orders
               from hours group by 1
           )
           select to_char(($1::timestamptz at time zone '${TZ}')::date + d.n, 'YYYY-MM-DD') as date,
                  coalesce(s.sales, 0)::bigint as sales, coalesce(s.orders, 0)::int as orders
             from days d left join sold s on s.day = ($1::timestamptz at time zone '${TZ}')::date + d.n
            order by d.n`,
    values: [b.chartStart, b.now],
  });
  return rows.map((r) => ({ ...r, sales: Number(r.sales) }));
}

/** Everything but the e-mail figures, the queries side by side on the pool. */
export async function readDashboard(
  db: Queryable,
  period: DashboardPeriod,
  threshold: number,
  now?: Date,
): Promise<Omit<Dashboard, 'emails'>> {
  const b = await periodBounds(db, period, now);
  const [fig, products, customers, statuses, waiting, low, daily] = await Promise.all([
    figures(db, b),
    topProducts(db, b),
    topCustomers(db, b),
    ordersByStatus(db, b),
    awaitingApproval(db),
    lowStock(db, threshold),
    dailySales(db, b),
  ]);
  return {
    period,
    ...fig,
    top_products: products,
    top_customers: customers,
    orders_by_status: statuses,
    accounts_awaiting_approval: waiting,
    low_stock: { threshold, items: low },
    daily_sales: daily,
  };
}
