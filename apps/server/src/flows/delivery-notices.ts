import { businessClock } from '@mayorista/core/deliveries';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { markTodayNotices } from '../modules/deliveries';
import { enqueueEmails } from '../modules/outbox';
import { loadSettings } from '../modules/settings';

/**
 * "Tu pedido llega hoy": settings (the switch and the hour, Buenos Aires) → deliveries (today's
 * orders marked, once per order and date) → outbox (one e-mail per order marked) — in ONE
 * transaction, so a notice is marked iff its e-mail is queued. Every process may run it (the mark
 * is the database's primary key); before the hour, or with the switch off, nothing happens.
 * Answers how many e-mails were queued.
 */
export async function queueDeliveryNotices(deps: { pool: pg.Pool; now?: () => Date; onEmailsQueued?: () => void }): Promise<number> {
  const clock = businessClock((deps.now ?? (() => new Date()))());
  const queued = await inTransaction(deps.pool, async (tx) => {
    const settings = await loadSettings(tx);
    if (!settings.delivery_notice_email_enabled || clock.minutes < settings.delivery_notice_hour * 60) return 0;
    const notices = await markTodayNotices(tx, clock.date);
    await enqueueEmails(
      tx,
      notices.map((n) => ({ kind: 'delivery_today' as const, recipient: n.email, orderId: n.order_id, data: { delivery_date: n.delivery_date } })),
    );
    return notices.length;
  });
  if (queued > 0) deps.onEmailsQueued?.();
  return queued;
}
