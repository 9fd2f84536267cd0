import type pg from 'pg';
import { addDays, businessDay } from '@mayorista/core/receivables';
import { readDeliveryDay, renderDeliverySheet } from '../../apps/server/src/flows/read-deliveries';
import { timeRuns } from './processes';
import { settleDatabase } from './seed';

/**
 * Repartos' bench phase (decision 049), on the seeded dataset: ten zones, every customer in one,
 * 2,000 of the past orders Confirmado for tomorrow (200 in each zone), then
 * - the Repartos view of that day (`GET /api/admin/deliveries`'s flow, every zone; target p95 ≤ 100 ms);
 * - the Hoja de ruta PDF of one zone of 200 stops (target ≤ 1 s).
 * Written in bulk SQL: the phase measures the reads and the document, not 2,000 status changes.
 */



async function seedDeliveries(pool: pg.Pool, date: string): Promise<number> {
  await pool.query(
    `insert into delivery_zones (name, weekdays, cutoff_days_before, cutoff_minutes)
     select 'Zona bench ' || z, '{0,1,2,3,4,5,6}', 1, 1080 from generate_series(1, 10) z`,
  );
  await pool.query(
    `insert into customer_zones (profile_id, zone_id, stop_position)
     select p.id, (select min(id) from delivery_zones) + (row_number() over (order by p.id) - 1) % 10, row_number() over (order by p.id)
       from profiles p where not p.is_admin and not p.is_super_admin`,
  );
  // Decision 056: most products weigh something (one in ten has no weight, so some stops are unknown).
  await pool.query(`update products set weight_grams = 100 + abs(hashtext(id::text)) % 5000 where abs(hashtext(id::text)) % 10 <> 0`);
  const { rowCount } = await pool.query(
    `update orders o set status = 'Confirmado', delivery_date = $1::date, delivery_zone_id = cz.zone_id
       from (select distinct on (o2.user_id) o2.id, o2.user_id from orders o2 order by o2.user_id, o2.created_at desc) pick
       join customer_zones cz on cz.profile_id = pick.user_id
      where o.id = pick.id`,
    [date],
  );
  return rowCount ?? 0;
}

export async function runDeliveriesPhase(o: { pool: pg.Pool; say: (s: string) => void }) {
  const now = new Date();
  const date = addDays(businessDay(now), 1);
  o.say('▶ Repartos: 2.000 pedidos para mañana en 10 zonas...');
  const orders = await seedDeliveries(o.pool, date);
  await settleDatabase(o.pool);
  const { rows } = await o.pool.query<{ zone: number; stops: number }>(
    `select delivery_zone_id as zone, count(*)::int as stops from orders where delivery_date = $1::date group by 1 order by 2 desc limit 1`,
    [date],
  );
  const zone = rows[0]!;
  o.say('▶ Vista de Repartos y Hoja de ruta de 200 paradas...');
  const view = await timeRuns(50, () => readDeliveryDay(o.pool, date, now));
  const sheet = () => renderDeliverySheet(o.pool, { kind: 'route', format: 'pdf', date, zoneId: zone.zone, today: businessDay(now), catalogName: 'Bench' });
  const routePdf = await timeRuns(5, sheet);
  return {
    orders,
    view: { orders, ...view, target: { p95MsAtMost: 100 } },
    routePdf: { stops: zone.stops, ...routePdf, pdfBytes: (await sheet()).length, target: { msAtMost: 1000 } },
  };
}
