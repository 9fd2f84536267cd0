import { deliveryPromiseText, promisedDelivery, totalWeight } from '@mayorista/core/deliveries';
import { businessDay } from '@mayorista/core/receivables';
import type {
  DeliveryDay,
  DeliveryDoneStop,
  DeliveryStop,
  DeliveryZoneDay,
  MyDelivery,
} from '@mayorista/core/schemas/deliveries';
import type pg from 'pg';
import {
  findZone,
  readCustomerDeliveryRule,
  readDayCustomers,
  readDayStops,
  readOrdersWithoutZone,
  renderLoadSheetPdf,
  renderRouteSheetPdf,
  renderSheetXlsx,
  zoneNotFound,
  zonesOfDriver,
  type PlannedStop,
  type StopResult,
} from '../modules/deliveries';
import { readProductWeights } from '../modules/products';
import { readCollectionFigures, type CollectionFigures } from '../modules/receivables';
import { loadSettings } from '../modules/settings';
import type { Queryable } from '../db/transaction';

type ZonedStop = DeliveryStop & { zone_id: number; zone_name: string };
type ZonedDone = DeliveryDoneStop & { zone_id: number; zone_name: string };

/** A day's route: what is still to deliver, what was finished that day, and the zones in route order. */
export interface DeliveryRoute {
  stops: ZonedStop[];
  done: ZonedDone[];
  zones: { zone_id: number; zone_name: string }[];
}

/**
 * Reading a day of deliveries (decision 049): deliveries (the day's customers, then the day's route,
 * one indexed statement each) beside settings (the default terms) and receivables (each customer's
 * terms and overdue balance, one statement) → products (the day's products' weights) → the amount
 * to collect per stop (a Contado order in full, and the customer's overdue balance once, on their
 * first stop of the day) and its weight. Stops finished that day keep their number (decision 066)
 * and come apart, with their result. Reads only: no transaction.
 */
export async function readDeliveryRoute(
  pool: pg.Pool,
  date: string,
  today: string,
  zoneId: number | null = null,
): Promise<DeliveryRoute> {
  // The day's customers first (an index range, no rows to carry), so their account figures are
  // read beside the stops instead of after them; the weights need the stops' products.
  const customers = await readDayCustomers(pool, date, zoneId);
  const [route, settings, figures] = await Promise.all([
    readDayStops(pool, date, zoneId),
    loadSettings(pool),
    readCollectionFigures(pool, customers, today),
  ]);
  const pending = route.filter((s) => s.result === null);
  const weights = await readProductWeights(
    pool,
    pending.flatMap((s) => s.lines.map((l) => l.product_id)),
  );
  const byCustomer = new Map<string, CollectionFigures>(figures.map((f) => [f.profile_id, f]));
  const overdueTaken = new Set<string>();
  const positions = new Map<number, number>();
  const answer: DeliveryRoute = { stops: [], done: [], zones: [] };
  for (const stop of route) {
    const position = (positions.get(stop.zone_id) ?? 0) + 1;
    positions.set(stop.zone_id, position);
    if (position === 1) answer.zones.push({ zone_id: stop.zone_id, zone_name: stop.zone_name });
    if (stop.result) {
      answer.done.push(toDone(stop, stop.result, position));
      continue;
    }
    const figure = byCustomer.get(stop.customer_id);
    const terms = figure?.terms_days ?? settings.default_payment_terms_days;
    const overdue = overdueTaken.has(stop.customer_id) ? 0 : (figure?.overdue ?? 0);
    overdueTaken.add(stop.customer_id);
    answer.stops.push(toStop(stop, position, (terms === 0 ? stop.total : 0) + overdue, weightOf(stop, weights)));
  }
  return answer;
}

/** The stops still to deliver that day, numbered as on the route sheet (the sheets and the driver). */
export async function readDeliveryStops(
  pool: pg.Pool,
  date: string,
  today: string,
  zoneId: number | null = null,
): Promise<DeliveryStop[]> {
  return (await readDeliveryRoute(pool, date, today, zoneId)).stops;
}

function toDone(stop: PlannedStop, result: StopResult, position: number): ZonedDone {
  return {
    order_id: stop.order_id,
    customer_id: stop.customer_id,
    customer_name: stop.customer_name,
    razon_social: stop.razon_social,
    address: stop.address,
    zone_id: stop.zone_id,
    zone_name: stop.zone_name,
    stop: position,
    total: Math.round(stop.total),
    ...result,
  };
}

/** A stop's grams: Σ quantity × weight, or null as soon as one of its products has none (decision 056). */
function weightOf(stop: PlannedStop, weights: ReadonlyMap<string, number>): number | null {
  let grams = 0;
  for (const line of stop.lines) {
    const perUnit = weights.get(line.product_id);
    if (perUnit === undefined) return null;
    grams += perUnit * line.quantity;
  }
  return grams;
}

function toStop(stop: PlannedStop, position: number, toCollect: number, weight: number | null): ZonedStop {
  const { zone_id, zone_name, result: _result, ...rest } = stop;
  return { ...rest, zone_id, zone_name, stop: position, weight_grams: weight, to_collect: Math.round(toCollect) };
}

function groupByZone(route: DeliveryRoute): DeliveryZoneDay[] {
  const zones = new Map<number, DeliveryZoneDay>(
    route.zones.map(({ zone_id, zone_name }) => [
      zone_id,
      { zone_id, zone_name, stops: [], done: [], totals: { orders: 0, bultos: 0, weight_grams: 0, amount: 0, to_collect: 0 } },
    ]),
  );
  for (const stop of route.stops) {
    const { zone_id, zone_name: _name, ...plain } = stop;
    const zone = zones.get(zone_id)!;
    zone.stops.push(plain);
    zone.totals.orders += 1;
    zone.totals.bultos += stop.bultos;
    zone.totals.weight_grams = totalWeight([zone.totals.weight_grams, stop.weight_grams]);
    zone.totals.amount += stop.total;
    zone.totals.to_collect += stop.to_collect;
  }
  for (const { zone_id, zone_name: _name, ...plain } of route.done) zones.get(zone_id)!.done.push(plain);
  return [...zones.values()];
}

/** GET /api/admin/deliveries?date= */
export async function readDeliveryDay(pool: pg.Pool, date: string, now: Date): Promise<DeliveryDay> {
  const [route, withoutZone, settings] = await Promise.all([
    readDeliveryRoute(pool, date, businessDay(now)),
    readOrdersWithoutZone(pool),
    loadSettings(pool),
  ]);
  return {
    date,
    zones: groupByZone(route),
    without_zone: withoutZone,
    notice_whatsapp: settings.delivery_notice_whatsapp_enabled,
  };
}

/**
 * GET /api/me/delivery (and the cart's promise): the customer's zone and next date with its cut-off.
 * One statement: the cart's flow sends it beside its other reads (flows/cart-answer.ts).
 */
export async function readMyDelivery(db: Queryable, profileId: string, now: Date): Promise<MyDelivery> {
  const rule = await readCustomerDeliveryRule(db, profileId, businessDay(now));
  if (!rule) return { zone: null, next_delivery: null };
  const found = promisedDelivery(rule.rule, rule.closed, now);
  return {
    zone: { id: rule.zone_id, name: rule.zone_name, weekdays: [...rule.rule.weekdays], min_order: rule.min_order },
    next_delivery: found.ok ? { ...found.promise, text: deliveryPromiseText(found.promise) } : null,
  };
}

/** GET /api/driver/stops: the day's route of the zones the driver drives (the owner sees every zone), finished stops apart. */
export async function readDriverStops(
  pool: pg.Pool,
  driver: { id: string; role: string | null },
  date: string,
  today: string,
): Promise<{ stops: (DeliveryStop & { zone_name: string })[]; done: (DeliveryDoneStop & { zone_name: string })[] }> {
  if (driver.role === 'owner') {
    const { stops, done } = await readDeliveryRoute(pool, date, today);
    return { stops, done };
  }
  const zones = await zonesOfDriver(pool, driver.id);
  const perZone = await Promise.all(zones.map((zone) => readDeliveryRoute(pool, date, today, zone)));
  return { stops: perZone.flatMap((r) => r.stops), done: perZone.flatMap((r) => r.done) };
}

/**
 * The Hoja de ruta and the Hoja de carga of a zone and day, as PDF or XLSX: deliveries (the zone,
 * 404 if unknown) → the day's stops with what to collect (above) → deliveries (the document).
 */
export async function renderDeliverySheet(
  pool: pg.Pool,
  request: { kind: 'route' | 'load'; format: 'pdf' | 'xlsx'; date: string; zoneId: number; today: string; catalogName: string },
): Promise<Buffer> {
  const zone = await findZone(pool, request.zoneId);
  if (!zone) throw zoneNotFound();
  const stops = await readDeliveryStops(pool, request.date, request.today, request.zoneId);
  const heading = { zoneName: zone.name, date: request.date, catalogName: request.catalogName };
  if (request.format === 'xlsx') return renderSheetXlsx(request.kind, heading, stops);
  return request.kind === 'route' ? renderRouteSheetPdf(heading, stops) : renderLoadSheetPdf(heading, stops);
}
