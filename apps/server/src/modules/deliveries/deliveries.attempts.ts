import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/transaction';
import { ORDERS_NOTIFY_CHANNEL } from '../../db/channels';

/** What the driver did at the door (decision 051), once per idempotency key. */
export interface DeliveryAttempt {
  id: number;
  order_id: string;
  outcome: 'delivered' | 'not_delivered';
  delivery_date: string;
  reason: string | null;
  note: string | null;
  rescheduled_to: string | null;
  payment_id: number | null;
  fingerprint: string;
}

const ATTEMPT_COLUMNS = `id::int as id, order_id, outcome, to_char(delivery_date, 'YYYY-MM-DD') as delivery_date, reason, note,
  to_char(rescheduled_to, 'YYYY-MM-DD') as rescheduled_to, payment_id::int as payment_id, fingerprint`;

/** The request's fingerprint: the same key with another request is refused, never replayed. */
export const attemptFingerprint = (request: unknown): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

export async function findAttemptByKey(db: Queryable, orderId: string, key: string): Promise<DeliveryAttempt | null> {
  const { rows } = await db.query<DeliveryAttempt>(`select ${ATTEMPT_COLUMNS} from delivery_attempts where order_id = $1 and idempotency_key = $2`, [orderId, key]);
  return rows[0] ?? null;
}

/** The not-delivered attempt that moved the order to `date`: a repeated tap finds it and changes nothing. */
export async function findRescheduleTo(db: Queryable, orderId: string, date: string): Promise<DeliveryAttempt | null> {
  const { rows } = await db.query<DeliveryAttempt>(
    `select ${ATTEMPT_COLUMNS} from delivery_attempts where order_id = $1 and outcome = 'not_delivered' and rescheduled_to = $2::date order by id desc limit 1`,
    [orderId, date],
  );
  return rows[0] ?? null;
}

export async function insertAttempt(
  db: Queryable,
  /** delivery_stop: the stop the admin had set on the order, so the day keeps the route sheet's numbers. */
  attempt: Omit<DeliveryAttempt, 'id'> & { idempotency_key: string; actor_id: string; delivery_stop: number | null },
): Promise<void> {
  await db.query(
    `insert into delivery_attempts (order_id, outcome, delivery_date, reason, note, rescheduled_to, payment_id, idempotency_key, fingerprint, actor_id, delivery_stop)
     values ($1, $2, $3::date, $4, $5, $6::date, $7, $8, $9, $10, $11)`,
    [
      attempt.order_id,
      attempt.outcome,
      attempt.delivery_date,
      attempt.reason,
      attempt.note,
      attempt.rescheduled_to,
      attempt.payment_id,
      attempt.idempotency_key,
      attempt.fingerprint,
      attempt.actor_id,
      attempt.delivery_stop,
    ],
  );
}

/** The repartidor who drives a zone, or null. */
export async function zoneDriverOf(db: Queryable, zoneId: number | null): Promise<string | null> {
  if (zoneId === null) return null;
  const { rows } = await db.query<{ driver_id: string | null }>('select driver_id::text as driver_id from delivery_zones where id = $1', [zoneId]);
  return rows[0]?.driver_id ?? null;
}

/** The zones a driver drives. */
export async function zonesOfDriver(db: Queryable, driverId: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('select id from delivery_zones where driver_id = $1 order by id', [driverId]);
  return rows.map((r) => r.id);
}

/**
 * The admins' live feed hears the driver's result on commit, on the orders channel like a
 * cancellation (`event: 'delivered' | 'not_delivered'`).
 */
export async function notifyDeliveryAttempt(
  db: Queryable,
  order: { id: string; nombre: string; apellido: string; total: number; status: string; created_at: string },
  event: 'delivered' | 'not_delivered',
  extra: { reason?: string | null; delivery_date?: string | null } = {},
): Promise<void> {
  const record = {
    id: order.id,
    user_info: { nombre: order.nombre, apellido: order.apellido },
    total: order.total,
    status: order.status,
    created_at: order.created_at,
    event,
    ...extra,
  };
  await db.query(`select pg_notify($1, $2)`, [ORDERS_NOTIFY_CHANNEL, JSON.stringify(record)]);
}
