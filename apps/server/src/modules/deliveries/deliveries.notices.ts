import type { Queryable } from '../../db/transaction';
import { PLANNABLE_STATUSES } from './deliveries.planning';

/** An order whose "Tu pedido llega hoy" notice was just marked: the e-mail goes to `email`. */
export interface TodayNotice {
  order_id: string;
  email: string;
  delivery_date: string;
}

/**
 * Marks today's notices: every order to deliver on `date` (Confirmado or Preparado, not held for
 * credit) that has no notice for that date yet gets one, in the caller's transaction. The primary
 * key (order, date) makes it once per order and date whatever process runs it and however often;
 * an order moved to another day is not on this date's list, a cancelled one is no longer plannable.
 */
export async function markTodayNotices(db: Queryable, date: string): Promise<TodayNotice[]> {
  const { rows } = await db.query<TodayNotice>({
    name: 'delivery_mark_today_notices',
    text: `with marked as (
             insert into delivery_notices (order_id, delivery_date)
             select o.id, o.delivery_date from orders o
              where o.delivery_date = $1::date and o.status = any($2::text[]) and o.credit_hold is distinct from 'pending'
             on conflict do nothing
             returning order_id, delivery_date
           )
           select m.order_id, p.email, to_char(m.delivery_date, 'YYYY-MM-DD') as delivery_date
             from marked m join orders o on o.id = m.order_id join profiles p on p.id = o.user_id
            order by m.order_id`,
    values: [date, PLANNABLE_STATUSES],
  });
  return rows;
}
