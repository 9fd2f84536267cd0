import { messages } from '@mayorista/core/messages';
import { formatClock, type DeliveryZoneRule } from '@mayorista/core/deliveries';
import type { HolidaysPut, Zone, ZoneCreate, ZoneUpdate } from '@mayorista/core/schemas/deliveries';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';

const texts = messages.deliveries;

/** Zones, the customers' zone and stop, and the non-delivery dates (decision 049). */

export const zoneNotFound = (): AppError => new AppError('zone_not_found', texts.zoneNotFound);

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const ZONE_COLUMNS = `z.id, z.name, z.weekdays::int[] as weekdays, z.cutoff_days_before as "cutoff_days_before",
  z.cutoff_minutes as "cutoff_minutes", z.min_order::float8 as "min_order", z.driver_id::text as "driver_id",
  (select count(*)::int from customer_zones c where c.zone_id = z.id) as customers`;

interface ZoneRow extends DeliveryZoneRule {
  id: number;
  name: string;
  min_order: number | null;
  driver_id: string | null;
  customers: number;
}

const toZone = (row: ZoneRow): Zone => ({
  id: row.id,
  name: row.name,
  weekdays: row.weekdays as number[],
  cutoff_days_before: row.cutoff_days_before,
  cutoff_time: formatClock(row.cutoff_minutes),
  min_order: row.min_order,
  driver_id: row.driver_id,
  customers: row.customers,
});

export async function listZones(db: Queryable): Promise<Zone[]> {
  const { rows } = await db.query<ZoneRow>(`select ${ZONE_COLUMNS} from delivery_zones z order by lower(z.name), z.id`);
  return rows.map(toZone);
}

export async function findZone(db: Queryable, id: number): Promise<Zone | null> {
  const { rows } = await db.query<ZoneRow>(`select ${ZONE_COLUMNS} from delivery_zones z where z.id = $1`, [id]);
  return rows[0] ? toZone(rows[0]) : null;
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'delivery_zones_name_unique')) throw new AppError('zone_name_taken', texts.zoneNameTaken);
  if (isForeignKeyViolation(error, 'delivery_zones_driver_id_fkey')) throw new AppError('zone_invalid', texts.driverNotFound);
  throw error;
}

export async function createZone(db: Queryable, input: ZoneCreate): Promise<Zone> {
  const { rows } = await db
    .query<{ id: number }>(
      `insert into delivery_zones (name, weekdays, cutoff_days_before, cutoff_minutes, min_order, driver_id)
       values ($1, $2::smallint[], $3, $4, $5, $6) returning id`,
      [input.name, input.weekdays, input.cutoff_days_before, minutesOf(input.cutoff_time), input.min_order, input.driver_id],
    )
    .catch(nameTaken);
  return (await findZone(db, rows[0]!.id))!;
}

export async function updateZone(db: Queryable, id: number, input: ZoneUpdate): Promise<Zone> {
  const { rowCount } = await db
    .query(
      `update delivery_zones set name = coalesce($2, name), weekdays = coalesce($3::smallint[], weekdays),
              cutoff_days_before = coalesce($4, cutoff_days_before), cutoff_minutes = coalesce($5, cutoff_minutes),
              min_order = case when $6::boolean then $7::bigint else min_order end,
              driver_id = case when $8::boolean then $9::uuid else driver_id end, updated_at = now()
        where id = $1`,
      [
        id,
        input.name ?? null,
        input.weekdays ?? null,
        input.cutoff_days_before ?? null,
        input.cutoff_time === undefined ? null : minutesOf(input.cutoff_time),
        input.min_order !== undefined,
        input.min_order ?? null,
        input.driver_id !== undefined,
        input.driver_id ?? null,
      ],
    )
    .catch(nameTaken);
  if (!rowCount) throw zoneNotFound();
  return (await findZone(db, id))!;
}

/** A zone with customers, or with orders that name it, stays (409): nothing is orphaned. */
export async function deleteZone(db: Queryable, id: number): Promise<void> {
  const { rowCount } = await db.query('delete from delivery_zones where id = $1', [id]).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) throw new AppError('zone_in_use', texts.zoneInUse);
    throw error;
  });
  if (!rowCount) throw zoneNotFound();
}

/** The customers of a zone, in id order. */
export async function zoneCustomerIds(db: Queryable, zoneId: number): Promise<string[]> {
  const { rows } = await db.query<{ profile_id: string }>('select profile_id from customer_zones where zone_id = $1 order by profile_id', [zoneId]);
  return rows.map((r) => r.profile_id);
}

/** PATCH /api/admin/users/:id/zone: the customer's zone and stop (null zone: none). */
export async function setCustomerZone(db: Queryable, profileId: string, zoneId: number | null, stop: number | null): Promise<void> {
  if (zoneId === null) {
    await db.query('delete from customer_zones where profile_id = $1', [profileId]);
    return;
  }
  await db
    .query(
      `insert into customer_zones (profile_id, zone_id, stop_position) values ($1, $2, $3)
       on conflict (profile_id) do update set zone_id = excluded.zone_id, stop_position = excluded.stop_position`,
      [profileId, zoneId, stop],
    )
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error, 'customer_zones_zone_id_fkey')) throw zoneNotFound();
      if (isForeignKeyViolation(error, 'customer_zones_profile_id_fkey')) throw new AppError('not_found', messages.accountRules.accountNotFound);
      throw error;
    });
}

/** The customer's zone and stop position (both null: "sin zona"). */
export async function readCustomerZone(db: Queryable, profileId: string): Promise<{ zone_id: number | null; stop_position: number | null }> {
  const { rows } = await db.query<{ zone_id: number; stop_position: number | null }>('select zone_id, stop_position from customer_zones where profile_id = $1', [
    profileId,
  ]);
  return rows[0] ?? { zone_id: null, stop_position: null };
}

/** The staff who may drive a route (the repartidor role), for the zone form's select. */
export async function listDrivers(db: Queryable): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select p.id, btrim(p.nombre || ' ' || p.apellido) as name from profiles p where p.staff_role = 'driver' order by lower(p.apellido), lower(p.nombre), p.id limit 200`,
  );
  return rows;
}

/** Approved customers (not staff) in no zone: the zones screen lists them as "sin zona" (at most 500). */
export async function listCustomersWithoutZone(db: Queryable): Promise<{ id: string; name: string; razon_social: string | null }[]> {
  const { rows } = await db.query<{ id: string; name: string; razon_social: string | null }>(
    `select p.id, btrim(p.nombre || ' ' || p.apellido) as name, p.razon_social from profiles p
      where p.approved and p.staff_role is null and not exists (select 1 from customer_zones cz where cz.profile_id = p.id)
      order by lower(coalesce(p.razon_social, p.apellido)), p.id limit 500`,
  );
  return rows;
}

export interface Holiday {
  date: string;
  name: string | null;
}

export async function listHolidays(db: Queryable): Promise<Holiday[]> {
  const { rows } = await db.query<Holiday>(`select to_char(date, 'YYYY-MM-DD') as date, name from delivery_holidays order by date`);
  return rows;
}

/** PUT /api/admin/holidays: the list replaced whole, in the caller's transaction. */
export async function replaceHolidays(db: Queryable, input: HolidaysPut): Promise<Holiday[]> {
  await db.query('delete from delivery_holidays');
  await db.query(
    `insert into delivery_holidays (date, name) select d::date, n from unnest($1::text[], $2::text[]) as h(d, n)`,
    [input.holidays.map((h) => h.date), input.holidays.map((h) => h.name)],
  );
  return listHolidays(db);
}

/** A customer's zone and rule, with the non-delivery dates from `from` on; null: no zone. */
export interface CustomerDeliveryRule {
  zone_id: number;
  zone_name: string;
  rule: DeliveryZoneRule;
  min_order: number | null;
  closed: ReadonlySet<string>;
}

export async function readCustomerDeliveryRule(db: Queryable, profileId: string, from: string): Promise<CustomerDeliveryRule | null> {
  const { rows } = await db.query<ZoneRow & { closed: string[] }>({
    name: 'delivery_customer_rule',
    text: `select ${ZONE_COLUMNS},
                  coalesce((select array_agg(to_char(h.date, 'YYYY-MM-DD')) from delivery_holidays h where h.date >= $2::date), '{}') as closed
             from customer_zones cz join delivery_zones z on z.id = cz.zone_id
            where cz.profile_id = $1`,
    values: [profileId, from],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    zone_id: row.id,
    zone_name: row.name,
    rule: { weekdays: row.weekdays, cutoff_days_before: row.cutoff_days_before, cutoff_minutes: row.cutoff_minutes },
    min_order: row.min_order,
    closed: new Set(row.closed),
  };
}

/** A zone's rule and the non-delivery dates from `from` on (moving an order, rescheduling). */
export async function readZoneRule(db: Queryable, zoneId: number, from: string): Promise<Omit<CustomerDeliveryRule, 'min_order'> | null> {
  const { rows } = await db.query<ZoneRow & { closed: string[] }>(
    `select ${ZONE_COLUMNS},
            coalesce((select array_agg(to_char(h.date, 'YYYY-MM-DD')) from delivery_holidays h where h.date >= $2::date), '{}') as closed
       from delivery_zones z where z.id = $1`,
    [zoneId, from],
  );
  const row = rows[0];
  if (!row) return null;
  const rule = { weekdays: row.weekdays, cutoff_days_before: row.cutoff_days_before, cutoff_minutes: row.cutoff_minutes };
  return { zone_id: row.id, zone_name: row.name, rule, closed: new Set(row.closed) };
}
