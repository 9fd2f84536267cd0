import type { Settings } from '@mayorista/core/schemas/settings';
import type { Queryable } from '../db/transaction';
import { emailsForEvent, type OrderEmailEvent } from '../modules/orders';
import { enqueueEmails } from '../modules/outbox';
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
