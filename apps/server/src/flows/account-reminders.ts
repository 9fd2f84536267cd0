import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { enqueueEmails } from '../modules/outbox';
import { markDueReminders } from '../modules/receivables';
import { loadSettings } from '../modules/settings';
import { todayOf } from './post-payment';

/**
 * Today's due-date reminders (decision 039): the settings' switches and days read, the items to
 * remind marked (at most once per item and day, whoever runs this) and one e-mail per customer and
 * kind queued in the outbox — in ONE transaction, so a reminder is marked iff its e-mail is queued.
 * Answers how many e-mails were queued.
 */
export async function queueAccountReminders(deps: {
  pool: pg.Pool;
  now?: () => Date;
  onEmailsQueued?: () => void;
}): Promise<number> {
  const today = todayOf(deps);
  const queued = await inTransaction(deps.pool, async (tx) => {
    const settings = await loadSettings(tx);
    const due = await markDueReminders(
      tx,
      {
        beforeDue: { enabled: settings.reminder_before_due_enabled, days: settings.reminder_days_before_due },
        overdue: { enabled: settings.reminder_overdue_enabled, days: settings.reminder_days_after_due },
      },
      today,
    );
    await enqueueEmails(
      tx,
      due.map((r) => ({
        kind: 'account_reminder' as const,
        recipient: r.email,
        orderId: null,
        data: { customer_id: r.customer_id, reminder: r.reminder, due_date: r.due_date, amount: r.amount, day: today },
      })),
    );
    return due.length;
  });
  if (queued > 0) deps.onEmailsQueued?.();
  return queued;
}
