import {
  mayActOnAccount,
  messages,
  type AdminUser,
  type MovementsPageQuery,
  type PointsAdjustment,
  type PointsMovementsPage,
  type Profile,
} from '@mayorista/core';
import type pg from 'pg';
import type { Database } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError } from '../lib/errors';
import { accountNotFound, findAdminUser } from '../modules/accounts';
import { recordAudit } from '../modules/audit';
import { adjustPoints, listAdminAdjustments, listPointsMovements } from '../modules/points';

interface Deps {
  db: Database;
  pool: pg.Pool;
}

/** The customer as the admin screen shows them, or 404: every points screen is about an existing account. */
async function existingCustomer(deps: Deps, targetId: string): Promise<AdminUser> {
  const user = await findAdminUser(deps.db, targetId);
  if (!user) throw accountNotFound();
  return user;
}

/**
 * An admin sets a customer's balance: a plain admin never adjusts their own points (separation of
 * duties); the points ledger writes the new balance and records who, why, before and after, in one
 * transaction; the answer is the customer read back.
 */
export async function adjustCustomerPoints(
  deps: Deps,
  actor: Pick<Profile, 'id' | 'is_super_admin'> & { ip?: string | null },
  targetId: string,
  input: { saldo_puntos: number; reason: string },
): Promise<AdminUser> {
  if (!mayActOnAccount(actor, targetId)) throw new AppError('own_account_forbidden', messages.security.ownPoints);
  const adjusted = await inTransaction(deps.pool, async (tx) => {
    const change = await adjustPoints(tx, targetId, input.saldo_puntos, { actorId: actor.id, reason: input.reason });
    if (change) {
      const summary = { before: { saldo_puntos: change.before }, after: { saldo_puntos: change.after, reason: input.reason } };
      await recordAudit(tx, actor, { action: 'customer.points', entity: 'customer', entityId: targetId, summary });
    }
    return change;
  });
  if (!adjusted) throw accountNotFound();
  return existingCustomer(deps, targetId);
}

/** The admin adjustments only, newest first (the ledger's admin_adjustment rows). */
export async function customerPointsHistory(deps: Deps, targetId: string): Promise<{ items: PointsAdjustment[] }> {
  await existingCustomer(deps, targetId);
  const movements = await listAdminAdjustments(deps.pool, targetId);
  return {
    items: movements.map((m) => ({
      id: m.id,
      before: m.balance - m.amount,
      after: m.balance,
      reason: m.reason ?? '',
      admin_id: m.actor_id,
      admin_name: m.actor_name,
      created_at: m.created_at,
    })),
  };
}

/** Every movement of the customer's points ledger, newest first, one page. */
export async function customerPointsMovements(
  deps: Deps,
  targetId: string,
  query: MovementsPageQuery,
): Promise<PointsMovementsPage> {
  await existingCustomer(deps, targetId);
  const page = await listPointsMovements(deps.pool, targetId, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { ...page, page: query.page, page_size: query.page_size };
}
