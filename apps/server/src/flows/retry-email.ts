import { messages } from '@mayorista/core/messages';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from '../modules/audit';
import { retryFailedEmail } from '../modules/outbox';

/** The admin puts a failed e-mail back in the queue: outbox (failed → pending) → audit, one transaction. */
export async function retryEmail(pool: pg.Pool, actor: AuditActor, id: number): Promise<void> {
  await inTransaction(pool, async (tx) => {
    if (!(await retryFailedEmail(tx, id))) throw new AppError('email_not_found', messages.orderLife.outbox.notFound);
    await recordAudit(tx, actor, { action: 'email.retry', entity: 'email', entityId: String(id), summary: { before: { status: 'failed' }, after: { status: 'pending' } } });
  });
}
