import type { Queryable } from '../../db/transaction';
import { openItemsAtSql } from './receivables.read';

export interface ReminderRules {
  beforeDue: { enabled: boolean; days: number };
  overdue: { enabled: boolean; days: number };
}

/** One e-mail to write: a customer, which kind, the earliest due date and the amount it is about. */
export interface DueReminder {
  customer_id: string;
  email: string;
  reminder: 'before_due' | 'overdue';
  due_date: string;
  amount: number;
}

/**
 * Marks today's reminders and answers them, grouped per customer and kind (one e-mail each):
 * - before_due: an item open today that falls due within the next `days` days and has had no
 *   before-due reminder yet (a day the job did not run is caught up, once), for what is still to
 *   pay of it: what cheques already received pay is not asked for again ("Próximo vencimiento");
 * - overdue: an item at least `days` past due whose last overdue reminder is `days` or more ago.
 * `account_reminders (item, day)` is the primary key and the insert skips what is there: run it
 * twice on one day, or in two processes at once, and each item is reminded once that day.
 */
export async function markDueReminders(db: Queryable, rules: ReminderRules, today: string): Promise<DueReminder[]> {
  if (!rules.beforeDue.enabled && !rules.overdue.enabled) return [];
  const { rows } = await db.query<DueReminder>({
    name: 'account_mark_reminders',
    text: `with ${openItemsAtSql('', '$1')}, wanted as (
             select i.movement_id, i.profile_id, i.due_date, i.open - i.by_cheque as open, 'before_due' as kind from items i
              where $2 and i.due_date > $1::date and i.due_date - $1::date <= $3 and i.open > i.by_cheque
                and not exists (select 1 from account_reminders r where r.item_movement_id = i.movement_id and r.kind = 'before_due')
             union all
             select i.movement_id, i.profile_id, i.due_date, i.open, 'overdue' from items i
              where $4 and $1::date - i.due_date >= $5
                and not exists (select 1 from account_reminders r where r.item_movement_id = i.movement_id and r.kind = 'overdue'
                                  and r.day > $1::date - $5)
           ), marked as (
             insert into account_reminders (item_movement_id, day, kind)
             select movement_id, $1::date, kind from wanted on conflict do nothing
             returning item_movement_id
           )
           select w.profile_id as customer_id, p.email, w.kind as reminder,
                  to_char(min(w.due_date), 'YYYY-MM-DD') as due_date, sum(w.open)::bigint as amount
             from wanted w join marked m on m.item_movement_id = w.movement_id join profiles p on p.id = w.profile_id
            group by 1, 2, 3 order by 1, 3`,
    values: [today, rules.beforeDue.enabled, rules.beforeDue.days, rules.overdue.enabled, Math.max(1, rules.overdue.days)],
  });
  return rows;
}
