import type { OutboxEmail, OutboxKind, OutboxStatus } from '@mayorista/core/schemas/order-life';
import type { Queryable } from '../../db/transaction';

// The e-mail outbox (the order-life work, decision 014): rows are written in the transaction of the business
// change they announce, and delivered later by outbox.worker.ts. Plain SQL, named statements.

export interface NewOutboxEmail {
  kind: OutboxKind;
  recipient: string;
  orderId: string | null;
  data?: Record<string, unknown>;
}

export interface OutboxRow {
  id: number;
  kind: OutboxKind;
  recipient: string;
  orderId: string | null;
  data: Record<string, unknown>;
  attempts: number;
}

/** Queues e-mails in ONE statement, inside the caller's transaction: they exist iff it commits. */
export async function enqueueEmails(db: Queryable, emails: NewOutboxEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db.query({
    name: 'outbox_enqueue',
    text: `insert into email_outbox (kind, recipient, order_id, data)
           select * from unnest($1::text[], $2::text[], $3::uuid[], $4::jsonb[])`,
    values: [
      emails.map((e) => e.kind),
      emails.map((e) => e.recipient),
      emails.map((e) => e.orderId),
      emails.map((e) => JSON.stringify(e.data ?? {})),
    ],
  });
}

/**
 * Queues an order's e-mail unless the newest e-mail of its kind for that order that carries
 * `data[field]` already says the same (a new delivery date is told once, however many times the
 * same move is asked; a date moved away and back is told again). One statement; the caller holds
 * the order's lock, so two transactions never both find it missing. True when queued.
 */
export async function enqueueUnlessRepeated(db: Queryable, email: NewOutboxEmail & { orderId: string }, field: string): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'outbox_enqueue_unless_repeated',
    text: `insert into email_outbox (kind, recipient, order_id, data)
           select $1, $2, $3::uuid, $4::jsonb
            where (select data ->> $5 from email_outbox
                    where order_id = $3::uuid and kind = $1 and data ? $5
                    order by id desc limit 1) is distinct from ($4::jsonb ->> $5)`,
    values: [email.kind, email.recipient, email.orderId, JSON.stringify(email.data ?? {}), field],
  });
  return rowCount === 1;
}

const OUTBOX_ROW_COLUMNS = `id::int, kind, recipient, order_id as "orderId", data, attempts`;

/**
 * Leases the next due e-mail (decision 035): ONE statement, committed on its own, picks the first
 * due row nobody holds (SKIP LOCKED passes over a row another worker is leasing at this instant)
 * and sets its `locked_until`. Until then every other worker (in this process or any other)
 * passes over it, so the render, the send and the mark run with no transaction open. A worker
 * that dies leaves a lease that runs out: the row is due again for the next one.
 */
export async function leaseDueEmail(db: Queryable, leaseMs: number): Promise<OutboxRow | null> {
  const { rows } = await db.query<OutboxRow>({
    name: 'outbox_lease',
    text: `update email_outbox
              set locked_until = now() + make_interval(secs => $1::double precision / 1000)
            where id = (select id
                          from email_outbox
                         where status = 'pending' and next_attempt_at <= now()
                           and (locked_until is null or locked_until <= now())
                         order by next_attempt_at, id
                         limit 1
                           for update skip locked)
        returning ${OUTBOX_ROW_COLUMNS}`,
    values: [leaseMs],
  });
  return rows[0] ?? null;
}

/**
 * Extends the leases of rows still being sent, in one statement (a row already marked keeps no
 * lease): the worker's own row, or every row the e-mail thread has in hand (decision 075).
 */
export async function renewLeases(db: Queryable, ids: number[], leaseMs: number): Promise<void> {
  await db.query({
    name: 'outbox_renew_leases',
    text: `update email_outbox set locked_until = now() + make_interval(secs => $2::double precision / 1000)
            where id = any($1::bigint[]) and status = 'pending' and locked_until is not null`,
    values: [ids, leaseMs],
  });
}

export async function markSent(db: Queryable, id: number): Promise<void> {
  await db.query({
    name: 'outbox_sent',
    text: `update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null, locked_until = null where id = $1`,
    values: [id],
  });
}

/**
 * Records a failed attempt: due again after `retryInMs`, or failed for good when `final`. Only a
 * pending row: a row already sent stays sent (its sender may die before saying so).
 */
export async function markAttemptFailed(db: Queryable, id: number, error: string, retryInMs: number, final: boolean): Promise<void> {
  await db.query({
    name: 'outbox_attempt_failed',
    text: `update email_outbox
              set attempts = attempts + 1, last_error = left($2, 500),
                  status = case when $4 then 'failed' else 'pending' end,
                  next_attempt_at = now() + make_interval(secs => $3::double precision / 1000),
                  locked_until = null
            where id = $1 and status = 'pending'`,
    values: [id, error, retryInMs, final],
  });
}

interface OutboxEmailRow extends Omit<OutboxEmail, 'created_at'> {
  created_at: Date;
}
const toOutboxEmail = (row: OutboxEmailRow): OutboxEmail => ({ ...row, created_at: row.created_at.toISOString() });

export async function countByStatus(db: Queryable): Promise<{ pending: number; failed: number }> {
  const { rows } = await db.query<{ pending: number; failed: number }>({
    name: 'outbox_counts',
    text: `select (select count(*) from email_outbox where status = 'pending')::int as pending,
                  (select count(*) from email_outbox where status = 'failed')::int as failed`,
  });
  return rows[0] ?? { pending: 0, failed: 0 };
}

/** Newest first, for the admin. */
export async function listEmails(db: Queryable, status: OutboxStatus, limit: number): Promise<OutboxEmail[]> {
  const { rows } = await db.query<OutboxEmailRow>({
    name: 'outbox_list',
    text: `select id::int, kind, recipient, order_id, status, attempts, last_error, created_at
             from email_outbox where status = $1 order by id desc limit $2`,
    values: [status, limit],
  });
  return rows.map(toOutboxEmail);
}

/** An admin sends a failed e-mail again: it is due now with a fresh count of attempts. */
export async function retryFailedEmail(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'outbox_retry',
    text: `update email_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null where id = $1 and status = 'failed'`,
    values: [id],
  });
  return rowCount === 1;
}
