import { messages } from '@mayorista/core/messages';
import { priceLists as text } from '@mayorista/core/messages/priceLists';
import { mayActOnAccount } from '@mayorista/core/separation-of-duties';
import type { AdminUser } from '@mayorista/core/schemas/auth';
import type pg from 'pg';
import type { Database } from '../db/client';
import { isForeignKeyViolation } from '../db/pg-errors';
import { AppError } from '../lib/errors';
import { inTransaction } from '../db/transaction';
import { findAdminUser } from '../modules/accounts';
import { recordAudit, type AuditActor } from '../modules/audit';
import { assignPriceList as writeAssignment, listNotFound, loadPriceListRule } from '../modules/price-lists';

/**
 * Puts one customer on a list (or back on the base list), and answers the customer as the admin
 * screen shows them. Only that profile changes: the catalogue's viewer class is read from the
 * profile on every request, so nobody else's prices move.
 * 1. a plain admin never puts their own account on a list (a better list is a benefit, like points);
 * 2. the list must exist (404), checked again by the foreign key if it is deleted in between;
 * 3. the profile's list is written with its audit row (before and after), then the customer is read back from the accounts module.
 */
export async function assignPriceList(
  deps: { db: Database; pool: pg.Pool },
  actor: AuditActor & { is_super_admin: boolean },
  userId: string,
  listId: string | null,
): Promise<AdminUser> {
  if (!mayActOnAccount(actor, userId)) throw new AppError('own_account_forbidden', text.ownList);
  if (listId !== null && !(await loadPriceListRule(deps.pool, listId, []))) throw listNotFound();
  await inTransaction(deps.pool, async (tx) => {
    const found = await writeAssignment(tx, userId, listId);
    if (!found) throw new AppError('not_found', messages.accountRules.accountNotFound);
    const summary = { before: { price_list_id: found.before }, after: { price_list_id: listId } };
    await recordAudit(tx, actor, { action: 'customer.price_list', entity: 'customer', entityId: userId, summary });
  }).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) throw listNotFound();
    throw error;
  });
  const user = await findAdminUser(deps.db, userId);
  if (!user) throw new AppError('not_found', messages.accountRules.accountNotFound);
  return user;
}
