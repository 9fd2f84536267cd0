import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Per-recipient e-mail limit (the abuse-limits work, decision 010): on top of the per-IP limit, one
 * address receives at most EMAILS_PER_RECIPIENT_PER_HOUR messages of each kind per hour, from
 * any number of IPs and processes. Over the limit the message is silently not sent (the route
 * still answers 200, so the limit reveals nothing about the address) and no new link is made:
 * the link in the last message sent stays valid, so the owner always holds a working one.
 */
export const EMAILS_PER_RECIPIENT_PER_HOUR = 3;

export type AccountEmailKind = 'verify_email' | 'recover_password' | 'account_exists';

/** Records one send of `kind` to `recipient` if the hour's budget allows it; false when it does not. */
export async function reserveEmailSend(db: Database, recipient: string, kind: AccountEmailKind): Promise<boolean> {
  const key = recipient.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Serialises the count-then-insert per recipient and kind: concurrent requests cannot both
    // see "2 sent" and send a fourth and fifth.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email:${kind}:${key}`}, 0))`);
    const { rows } = await tx.execute<{ sent: number }>(sql`
      select count(*)::int as sent from email_sends
       where recipient = ${key} and kind = ${kind} and sent_at > now() - interval '1 hour'`);
    if ((rows[0]?.sent ?? 0) >= EMAILS_PER_RECIPIENT_PER_HOUR) return false;
    await tx.execute(sql`insert into email_sends (recipient, kind) values (${key}, ${kind})`);
    // Older rows count for nothing; removing this recipient's keeps the table small without a job.
    await tx.execute(sql`delete from email_sends where recipient = ${key} and sent_at < now() - interval '1 hour'`);
    return true;
  });
}

/** Drops sends older than the window; run now and then so one-off recipients do not pile up. */
export async function forgetOldEmailSends(db: Database): Promise<void> {
  await db.execute(sql`delete from email_sends where sent_at < now() - interval '1 hour'`);
}
