import { messages } from '@mayorista/core/messages';
import type { OrderItem } from '@mayorista/core/schemas/order';
import type { Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';

const texts = messages.deliveries;

/** The statuses a route carries (decision 049): confirmed or prepared, not yet delivered. */
export const PLANNABLE_STATUSES = ['Confirmado', 'Preparado'] as const;

/** What happened at the door, for a stop finished that day (the last attempt of the day). */
export interface StopResult {
  outcome: 'delivered' | 'not_delivered';
  reason: 'cerrado' | 'rechazado' | 'sin_dinero' | 'otro' | null;
  note: string | null;
  rescheduled_to: string | null;
  collected: { amount: number; method: 'cash' | 'transfer' | 'cheque' | 'mercado_pago' | 'other' } | null;
}

/** One order on a day's route, before the cuenta corriente's figures are added (the flow adds them). */
export interface PlannedStop {
  order_id: string;
  customer_id: string;
  zone_id: number;
  zone_name: string;
  customer_name: string;
  razon_social: string | null;
  address: string | null;
  whatsapp: string | null;
  delivery_notes: string | null;
  status: string;
  total: number;
  bultos: number;
  lines: { product_id: string; name: string; quantity: number }[];
  /** null: still to deliver; otherwise the stop was finished that day. */
  result: StopResult | null;
}

type StopRow = Omit<PlannedStop, 'bultos' | 'lines' | 'result'> & {
  items: OrderItem[];
  outcome: StopResult['outcome'] | null;
  reason: StopResult['reason'];
  note: string | null;
  rescheduled_to: string | null;
  collected_amount: number | null;
  collected_method: NonNullable<StopResult['collected']>['method'] | null;
};

/**
 * A day's route, every zone (or one), in route order: the stops still to deliver (Confirmado or
 * Preparado on that date) and those finished that day (an attempt dated that day: delivered, or
 * not delivered and moved on), so the numbers stay those of the route sheet. Route order: the stop
 * the admin set (kept on the attempt: a moved order loses it), else the customer's stop position,
 * else the business name. Two index reads (orders_delivery_idx, delivery_attempts_day); the
 * payment taken at the door is read beside the attempt that recorded it.
 */
export async function readDayStops(db: Queryable, date: string, zoneId: number | null = null): Promise<PlannedStop[]> {
  const { rows } = await db.query<StopRow>({
    name: 'delivery_day_route',
    text: `with day_attempts as (
             select distinct on (a.order_id) a.id, a.order_id, a.outcome, a.reason, a.note, a.rescheduled_to, a.payment_id, a.delivery_stop
               from delivery_attempts a where a.delivery_date = $1::date
              order by a.order_id, a.id desc
           ), route as (
             select o.id as order_id, null::bigint as attempt_id from orders o
              where o.delivery_date = $1::date and o.status = any($2::text[]) and ($3::int is null or o.delivery_zone_id = $3)
             union all
             select da.order_id, da.id from day_attempts da join orders o on o.id = da.order_id
              where not (o.delivery_date is not distinct from $1::date and o.status = any($2::text[])) and ($3::int is null or o.delivery_zone_id = $3)
           )
           select o.id as order_id, o.user_id as customer_id, o.delivery_zone_id as zone_id, z.name as zone_name,
                  btrim(p.nombre || ' ' || p.apellido) as customer_name, p.razon_social,
                  nullif(concat_ws(', ', p.address_street, p.address_city, p.address_postal_code), '') as address,
                  p.whatsapp, p.delivery_notes, o.status, o.total::float8 as total, o.items,
                  a.outcome, a.reason, a.note, to_char(a.rescheduled_to, 'YYYY-MM-DD') as rescheduled_to,
                  pay.amount::float8 as collected_amount, pay.method as collected_method
             from route r
             join orders o on o.id = r.order_id
             join delivery_zones z on z.id = o.delivery_zone_id
             join profiles p on p.id = o.user_id
             left join customer_zones cz on cz.profile_id = o.user_id
             left join day_attempts a on a.id = r.attempt_id
             left join payments pay on pay.id = a.payment_id
            order by lower(z.name), z.id, coalesce(a.delivery_stop, o.delivery_stop) nulls last, cz.stop_position nulls last,
                     lower(coalesce(p.razon_social, p.apellido)), o.created_at, o.id`,
    values: [date, PLANNABLE_STATUSES, zoneId],
  });
  return rows.map(toPlannedStop);
}

function toPlannedStop({
  items,
  outcome,
  reason,
  note,
  rescheduled_to,
  collected_amount,
  collected_method,
  ...row
}: StopRow): PlannedStop {
  const collected =
    collected_amount !== null && collected_method !== null
      ? { amount: Math.round(collected_amount), method: collected_method }
      : null;
  return {
    ...row,
    bultos: items.reduce((sum, item) => sum + item.quantity, 0),
    lines: items.map((item) => ({ product_id: item.product_id, name: item.name, quantity: item.quantity })),
    result: outcome === null ? null : { outcome, reason, note, rescheduled_to, collected },
  };
}

/**
 * The customers with a stop that day (every zone, or one): the same filter as readDayStops on
 * orders_delivery_idx, without the rows, so the flow can ask for their account figures at once.
 */
export async function readDayCustomers(db: Queryable, date: string, zoneId: number | null = null): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>({
    name: 'delivery_day_customers',
    text: `select distinct o.user_id as id from orders o
            where o.delivery_date = $1::date and o.status = any($2::text[]) and ($3::int is null or o.delivery_zone_id = $3)`,
    values: [date, PLANNABLE_STATUSES, zoneId],
  });
  return rows.map((r) => r.id);
}

/** Confirmado/Preparado orders of customers without a zone: the admin sees them as "sin zona". */
export async function readOrdersWithoutZone(
  db: Queryable,
): Promise<{ order_id: string; customer_id: string; customer_name: string; status: string; total: number }[]> {
  const { rows } = await db.query<{
    order_id: string;
    customer_id: string;
    customer_name: string;
    status: string;
    total: number;
  }>({
    name: 'delivery_without_zone',
    text: `select o.id as order_id, o.user_id as customer_id, btrim(p.nombre || ' ' || p.apellido) as customer_name, o.status, o.total::float8 as total
             from orders o join profiles p on p.id = o.user_id
            where o.status = any($1::text[]) and o.delivery_zone_id is null
              and not exists (select 1 from customer_zones cz where cz.profile_id = o.user_id)
            order by o.created_at limit 500`,
    values: [PLANNABLE_STATUSES],
  });
  return rows;
}

/** The delivery date (and zone) of an order, in the caller's transaction, the order already locked. */
/** Answers the order's new updated_at (the caller's answer carries it: a later edit's check compares it). */
export async function setOrderDelivery(db: Queryable, orderId: string, date: string, zoneId: number): Promise<Date> {
  const { rows } = await db.query<{ updated_at: Date }>(
    `update orders set delivery_date = $2::date, delivery_zone_id = $3, delivery_stop = null, updated_at = now() where id = $1 returning updated_at`,
    [orderId, date, zoneId],
  );
  return rows[0]!.updated_at;
}

/** The customer's zone now (an order placed before it had one takes it when moved). */
export async function customerZoneOf(db: Queryable, profileId: string): Promise<number | null> {
  const { rows } = await db.query<{ zone_id: number }>('select zone_id from customer_zones where profile_id = $1', [profileId]);
  return rows[0]?.zone_id ?? null;
}

/**
 * PUT …/stops: the zone's orders of the day in the order given. The list must be exactly those
 * orders, each once; they are locked (in id order, like every other writer) before the check.
 */
export async function reorderStops(db: Queryable, date: string, zoneId: number, orderIds: readonly string[]): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `select id from orders where delivery_date = $1::date and delivery_zone_id = $2 and status = any($3::text[]) order by id for update`,
    [date, zoneId, PLANNABLE_STATUSES],
  );
  const current = new Set(rows.map((r) => r.id));
  const given = new Set(orderIds.map((id) => id.toLowerCase()));
  if (given.size !== orderIds.length || given.size !== current.size || [...given].some((id) => !current.has(id))) {
    throw new AppError('stops_mismatch', texts.stopsMismatch);
  }
  await db.query(
    `update orders o set delivery_stop = s.position from unnest($1::uuid[]) with ordinality as s(id, position) where o.id = s.id`,
    [[...given]],
  );
}
