import type { Settings } from '@mayorista/core/schemas/settings';
import type { Queryable } from '../db/transaction';
import { emailsForEvent, type OrderEmailEvent } from '../modules/orders';
import { enqueueEmails, enqueueUnlessRepeated } from '../modules/outbox';
import { loadSettings } from '../modules/settings';

/**
 * The step every order flow ends with: the event's e-mails (which ones: the orders module, under
 * the settings' switches) queued in the outbox in the flow's transaction, so they are sent iff it
 * commits. A flow that already read the settings in this transaction passes them (placing an
 * order does).
 */
export async function queueOrderEmails(
  tx: Queryable,
  order: { id: string; customerEmail: string },
  event: OrderEmailEvent,
  settings?: Settings,
): Promise<number> {
  const emails = emailsForEvent(settings ?? (await loadSettings(tx)), order, event);
  await enqueueEmails(tx, emails);
  return emails.length;
}

/**
 * The order's delivery date changed (the admin moved it, the driver could not deliver it): the
 * customer is told the new date once (decision 065) — nothing when the date did not change, or
 * when the last such e-mail for the order already said it. In the flow's transaction, after the
 * order's lock. The number queued.
 */
export async function queueDeliveryMovedEmail(
  tx: Queryable,
  order: { id: string; customerEmail: string },
  change: { date: string; previous: string | null; notDelivered?: boolean },
): Promise<number> {
  if (change.date === change.previous) return 0;
  const emails = emailsForEvent(await loadSettings(tx), order, { kind: 'delivery_moved', ...change });
  let queued = 0;
  for (const email of emails) if (await enqueueUnlessRepeated(tx, { ...email, orderId: order.id }, 'delivery_date')) queued += 1;
  return queued;
}
