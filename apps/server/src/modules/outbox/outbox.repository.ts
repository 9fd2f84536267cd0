import type { OutboxEmail, OutboxKind, OutboxStatus } from '@mayorista/core/schemas/order-life';
import type { Queryable } from '../../db/transaction';

// The e-mail outbox (issue 19, decision 014): rows are written in the transaction of the business
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

const OUTBOX_ROW_COLUMNS = `id::int, kind, recipient, order_id as "orderId", data, attempts`;

/**
 * The next due e-mail, without locking it (`except`: ids this process is already handling). The
 * worker renders it before claiming it (claimEmail), so no transaction stays open while a PDF is
 * made; another worker may claim it first, and then the render is simply dropped.
 */
export async function peekDueEmail(db: Queryable, except: number[]): Promise<OutboxRow | null> {
  const { rows } = await db.query<OutboxRow>({
    name: 'outbox_peek',
    text: `select ${OUTBOX_ROW_COLUMNS}
             from email_outbox
            where status = 'pending' and next_attempt_at <= now() and not (id = any($1::int[]))
            order by next_attempt_at, id
            limit 1`,
    values: [except],
  });
  return rows[0] ?? null;
}

/**
 * Claims one e-mail if it is still due and nobody holds it, and keeps its row locked until the
 * caller's transaction ends. SKIP LOCKED makes every other worker (in this process or any other)
 * pass over it instead of waiting, so one message is in one worker's hands at a time; a crashed
 * worker's connection closes, its transaction rolls back and the row is due again for the next one.
 */
export async function claimEmail(db: Queryable, id: number): Promise<OutboxRow | null> {
  const { rows } = await db.query<OutboxRow>({
    name: 'outbox_claim',
    text: `select ${OUTBOX_ROW_COLUMNS}
             from email_outbox
            where id = $1 and status = 'pending' and next_attempt_at <= now()
              for update skip locked`,
    values: [id],
  });
  return rows[0] ?? null;
}

export async function markSent(db: Queryable, id: number): Promise<void> {
  await db.query({
    name: 'outbox_sent',
    text: `update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = $1`,
    values: [id],
  });
}

/** Records a failed attempt: due again after `retryInMs`, or failed for good when `final`. */
export async function markAttemptFailed(db: Queryable, id: number, error: string, retryInMs: number, final: boolean): Promise<void> {
  await db.query({
    name: 'outbox_attempt_failed',
    text: `update email_outbox
              set attempts = attempts + 1, last_error = left($2, 500),
                  status = case when $4 then 'failed' else 'pending' end,
                  next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
            where id = $1`,
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
    text: `update email_outbox set status = 'pending', attempts = 0, next_attempt_at = now() where id = $1 and status = 'failed'`,
    values: [id],
  });
  return rowCount === 1;
}
