import type { PointsMovement, PointsMovementKind } from '@mayorista/core/schemas/ledger';
import { ACTOR_NAME, ledgerPage, type LedgerTable } from '../../db/ledger-page';
import type { Queryable } from '../../db/transaction';

/**
 * The ONLY code that changes `profiles.saldo_puntos` (decision 009). Every function takes the
 * caller's transaction client and, in one statement, writes the new balance AND its movement in
 * `points_movements`, so the cached column always equals the sum of the ledger (`npm run db:check`).
 * The CHECKs on both tables refuse a negative balance whatever the caller does.
 */

export interface PointsMovementContext {
  orderId?: string | null;
  /** The person who caused the movement; null for the system. */
  actorId?: string | null;
}

/** The debit if the balance covers it (`debited`, empty otherwise) and its movement. */
const DEBIT_CTES = `with debited as (
             update profiles set saldo_puntos = saldo_puntos - $2::bigint, updated_at = now()
              where id = $1 and saldo_puntos >= $2::bigint
             returning id, saldo_puntos
           ), moved as (
             insert into points_movements (profile_id, kind, amount, balance, order_id, actor_id)
             select id, $5, -$2::bigint, saldo_puntos, $3::uuid, $4::uuid from debited
           )`;

/**
 * Debits points only if the balance covers them (the conditional UPDATE is the guard against two
 * redemptions racing). Returns the new balance, or null when the balance did not cover it.
 */
export async function debitPoints(
  db: Queryable,
  profileId: string,
  amount: number,
  context: PointsMovementContext & { kind?: Extract<PointsMovementKind, 'order' | 'order_edit'> },
): Promise<number | null> {
  const { rows } = await db.query<{ saldo_puntos: number }>({
    name: 'points_debit',
    text: `${DEBIT_CTES} select saldo_puntos from debited`,
    values: [profileId, amount, context.orderId ?? null, context.actorId ?? null, context.kind ?? 'order'],
  });
  return rows[0]?.saldo_puntos ?? null;
}

/** What `debitPointsOrRaise` raises when the balance does not cover the amount. */
export const POINTS_REFUSED = 'points_refused';

/**
 * `debitPoints` that refuses by raising POINTS_REFUSED (`require_or_raise`, migration 0015), so
 * it can be sent with the COMMIT behind it (decision 023). Answers the new balance. The query is
 * written before this function's first await, in the order it is called.
 */
export async function debitPointsOrRaise(
  db: Queryable,
  profileId: string,
  amount: number,
  context: PointsMovementContext & { kind?: Extract<PointsMovementKind, 'order' | 'order_edit'> },
): Promise<number> {
  const { rows } = await db.query<{ saldo_puntos: number }>({
    name: 'points_debit_or_raise',
    text: `${DEBIT_CTES}
           select (select saldo_puntos from debited) as saldo_puntos,
                  require_or_raise(exists (select 1 from debited), '${POINTS_REFUSED}', null)`,
    values: [profileId, amount, context.orderId ?? null, context.actorId ?? null, context.kind ?? 'order'],
  });
  return rows[0]!.saldo_puntos;
}

/** Credits points (a refund); returns the new balance, or null when the customer does not exist. */
export async function creditPoints(
  db: Queryable,
  profileId: string,
  amount: number,
  context: PointsMovementContext & { kind: Extract<PointsMovementKind, 'order_refund' | 'order_edit'> },
): Promise<number | null> {
  const { rows } = await db.query<{ saldo_puntos: number }>({
    name: 'points_credit',
    text: `with credited as (
             update profiles set saldo_puntos = saldo_puntos + $2::bigint, updated_at = now()
              where id = $1
             returning id, saldo_puntos
           ), moved as (
             insert into points_movements (profile_id, kind, amount, balance, order_id, actor_id)
             select id, $3, $2::bigint, saldo_puntos, $4::uuid, $5::uuid from credited
           )
           select saldo_puntos from credited`,
    values: [profileId, amount, context.kind, context.orderId ?? null, context.actorId ?? null],
  });
  return rows[0]?.saldo_puntos ?? null;
}

/**
 * An admin sets a new balance with a reason; the movement records the difference (zero too: the
 * admin's decision and its reason are history). Locks the profile row, so concurrent adjustments
 * chain before → after. Returns null when the customer does not exist.
 */
export async function adjustPoints(
  db: Queryable,
  profileId: string,
  balance: number,
  context: { actorId: string | null; reason: string },
): Promise<{ before: number; after: number } | null> {
  const { rows } = await db.query<{ before: number; after: number }>({
    name: 'points_adjust',
    text: `with prev as (
             select id, saldo_puntos from profiles where id = $1 for update
           ), changed as (
             update profiles p set saldo_puntos = $2::bigint, updated_at = now()
               from prev where p.id = prev.id
             returning p.id, p.saldo_puntos as after, prev.saldo_puntos as before
           ), moved as (
             insert into points_movements (profile_id, kind, amount, balance, actor_id, reason)
             select id, 'admin_adjustment', after - before, after, $3::uuid, $4 from changed
           )
           select before, after from changed`,
    values: [profileId, balance, context.actorId, context.reason],
  });
  return rows[0] ?? null;
}

export async function findPointsBalance(db: Queryable, profileId: string): Promise<number | null> {
  const { rows } = await db.query<{ saldo_puntos: number }>({
    name: 'points_balance',
    text: `select saldo_puntos from profiles where id = $1`,
    values: [profileId],
  });
  return rows[0]?.saldo_puntos ?? null;
}

type PointsMovementRow = Omit<PointsMovement, 'created_at'> & { created_at: Date };
const toMovement = (row: PointsMovementRow): PointsMovement => ({ ...row, created_at: row.created_at.toISOString() });

const MOVEMENT_COLUMNS = `m.id, m.kind, m.amount, m.balance, m.order_id, m.actor_id, ${ACTOR_NAME}, m.reason, m.created_at`;
const POINTS_LEDGER: LedgerTable = { table: 'points_movements', owner: 'profile_id' };

/** One page of a customer's movements, newest first, and how many there are. */
export async function listPointsMovements(
  db: Queryable,
  profileId: string,
  page: { limit: number; offset: number },
): Promise<{ items: PointsMovement[]; total: number }> {
  const { rows, total } = await ledgerPage<PointsMovementRow>(db, POINTS_LEDGER, MOVEMENT_COLUMNS, profileId, page);
  return { items: rows.map(toMovement), total };
}

/** The admin adjustments only, newest first: what `GET /api/admin/users/:id/points-history` answers. */
export async function listAdminAdjustments(db: Queryable, profileId: string): Promise<PointsMovement[]> {
  const { rows } = await db.query<PointsMovementRow>({
    name: 'points_admin_adjustments',
    text: `select ${MOVEMENT_COLUMNS}
             from points_movements m left join profiles a on a.id = m.actor_id
            where m.profile_id = $1 and m.kind = 'admin_adjustment'
            order by m.id desc`,
    values: [profileId],
  });
  return rows.map(toMovement);
}
