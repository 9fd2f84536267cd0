import { deliveries as texts } from './messages/deliveries';
import { isFinalOrderStatus, isOrderStatus } from './order-status';

/**
 * Repartos (decision 049): a zone delivers on fixed weekdays; an order is taken for a delivery date
 * until its cut-off, "N days before at HH:MM"; feriados are never delivery dates. Every date is a
 * calendar day `AAAA-MM-DD` in America/Argentina/Buenos_Aires and every instant is compared there,
 * whatever the server's own time zone. The clock is always a parameter.
 */

export const DELIVERY_TIME_ZONE = 'America/Argentina/Buenos_Aires';
/** Weekdays as JavaScript numbers them: 0 = domingo … 6 = sábado. */
export const WEEKDAY_NUMBERS = [0, 1, 2, 3, 4, 5, 6] as const;
/** The cut-off is at most two weeks before the delivery. */
export const MAX_CUTOFF_DAYS_BEFORE = 14;
/** How far the next-date search looks before it gives up and says so. */
export const DELIVERY_SEARCH_DAYS = 366;

export interface DeliveryZoneRule {
  /** 0 = domingo … 6 = sábado; at least one. */
  weekdays: readonly number[];
  /** 0: the same day; 1: "día anterior"… */
  cutoff_days_before: number;
  /** Minutes after midnight of the cut-off day: 18:00 is 1080. */
  cutoff_minutes: number;
}

/** Which dates are not delivered (feriados, días no laborables). */
export type NonDeliveryDates = ReadonlySet<string>;

export interface DeliveryPromise {
  /** The promised delivery date. */
  date: string;
  /** The last calendar day to order for it… */
  cutoff_date: string;
  /** …and the time that day, `HH:MM`, Buenos Aires. */
  cutoff_time: string;
  /** The same cut-off as an instant (ISO, UTC). */
  cutoff_at: string;
}

export type DeliverySearch = { ok: true; promise: DeliveryPromise } | { ok: false; reason: 'no_weekdays' | 'no_date' };

const DAY_MS = 86_400_000;
const dateTimeFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: DELIVERY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOfDayNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addCalendarDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** 0 = domingo … 6 = sábado, for a calendar date (no time zone involved). */
export function weekdayOf(date: string): number {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay();
}

/** The wall clock in Buenos Aires at `instant`: its date and the minutes since that midnight. */
export function businessClock(instant: Date): { date: string; minutes: number } {
  const parts = Object.fromEntries(dateTimeFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant the Buenos Aires wall clock reads `minutes` past midnight of `date`. */
export function businessInstant(date: string, minutes: number): Date {
  const guess = dayNumber(date) * DAY_MS + minutes * 60_000;
  // The zone's offset at the guess (Argentina has kept −03:00 since 2009; Intl knows if it changes).
  const seen = businessClock(new Date(guess));
  const offset = (dayNumber(seen.date) * 1440 + seen.minutes) * 60_000 - guess;
  return new Date(guess - offset);
}

export const formatClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Why a zone's rule cannot work, or null. The schema catches these first; this is the last word. */
export function zoneRuleProblem(zone: DeliveryZoneRule): string | null {
  if (zone.weekdays.length === 0) return texts.noWeekdays;
  if (zone.weekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return texts.invalidWeekday;
  const before = zone.cutoff_days_before;
  if (!Number.isInteger(before) || before < 0 || before > MAX_CUTOFF_DAYS_BEFORE) return texts.cutoffAfterDelivery;
  if (!Number.isInteger(zone.cutoff_minutes) || zone.cutoff_minutes < 0 || zone.cutoff_minutes >= 1440) return texts.invalidCutoffHour;
  return null;
}

/** A date the zone delivers on: one of its weekdays and not a feriado. */
export function isDeliveryDate(zone: DeliveryZoneRule, closed: NonDeliveryDates, date: string): boolean {
  return zone.weekdays.includes(weekdayOf(date)) && !closed.has(date);
}

export function promiseFor(zone: DeliveryZoneRule, date: string): DeliveryPromise {
  const cutoffDate = addCalendarDays(date, -zone.cutoff_days_before);
  return {
    date,
    cutoff_date: cutoffDate,
    cutoff_time: formatClock(zone.cutoff_minutes),
    cutoff_at: businessInstant(cutoffDate, zone.cutoff_minutes).toISOString(),
  };
}

/**
 * The promised date for an order placed at `now`: the first delivery date, from today on, whose
 * cut-off has not passed (ordering exactly at the cut-off is too late). The search ends after
 * `DELIVERY_SEARCH_DAYS` and says so rather than loop over a year of feriados.
 */
export function promisedDelivery(zone: DeliveryZoneRule, closed: NonDeliveryDates, now: Date): DeliverySearch {
  if (zone.weekdays.length === 0) return { ok: false, reason: 'no_weekdays' };
  const today = businessClock(now).date;
  for (let i = 0; i <= DELIVERY_SEARCH_DAYS; i++) {
    const date = addCalendarDays(today, i);
    if (!isDeliveryDate(zone, closed, date)) continue;
    const promise = promiseFor(zone, date);
    if (now.getTime() < Date.parse(promise.cutoff_at)) return { ok: true, promise };
  }
  return { ok: false, reason: 'no_date' };
}

/**
 * The next delivery date strictly after `after` (and not before `today`): where an order the driver
 * could not deliver goes. Its cut-off does not apply — the order is already taken.
 */
export function nextDeliveryDateAfter(zone: DeliveryZoneRule, closed: NonDeliveryDates, after: string, today: string): string | null {
  const start = dayNumber(after) + 1 > dayNumber(today) ? addCalendarDays(after, 1) : today;
  for (let i = 0; i <= DELIVERY_SEARCH_DAYS; i++) {
    const date = addCalendarDays(start, i);
    if (isDeliveryDate(zone, closed, date)) return date;
  }
  return null;
}

/** Why an order cannot be moved to `date`, or null (an admin moving it is not held to the cut-off). */
export function deliveryDateProblem(zone: DeliveryZoneRule, closed: NonDeliveryDates, date: string, today: string): string | null {
  if (dayNumber(date) < dayNumber(today)) return texts.pastDate;
  if (!zone.weekdays.includes(weekdayOf(date))) return texts.notDeliveryWeekday(`${texts.weekdays[weekdayOf(date)]}`);
  if (closed.has(date)) return texts.holidayDate;
  return null;
}

/** "jueves 27/11" */
export function formatDeliveryDay(date: string): string {
  return `${texts.weekdays[weekdayOf(date)]} ${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** "jue 27/11": the day's first three letters (es-AR's short weekday, without the dot), for a list's column. */
export function formatDeliveryDayShort(date: string): string {
  return `${texts.weekdays[weekdayOf(date)]!.slice(0, 3)} ${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** "Llega el jueves 27/11 — pedí antes del miércoles 26/11 a las 18:00" */
export function deliveryPromiseText(promise: DeliveryPromise): string {
  return texts.promise(formatDeliveryDay(promise.date), formatDeliveryDay(promise.cutoff_date), promise.cutoff_time);
}

/**
 * "Entrega prevista: …" for an order, while its day is a promise: it has a date, is still to be
 * delivered (not delivered, cancelled, rejected or redeemed) and the credit check does not hold it
 * (a held order has no day until it is released). Null otherwise. The e-mails and every screen ask this.
 */
export function promisedDeliveryText(order: { status: string; delivery_date?: string | null; credit_hold?: string | null }): string | null {
  const closed = isOrderStatus(order.status) && isFinalOrderStatus(order.status);
  return closed || order.credit_hold === 'pending' ? null : orderDeliveryText(order.delivery_date);
}

/** "Entrega prevista: jueves 27/11", or null for an order without a date. */
export function orderDeliveryText(date: string | null | undefined): string | null {
  return date ? texts.orderArrives(formatDeliveryDay(date)) : null;
}

/** A maps search for the address (the driver's "Mapa" link). */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** "Tu pedido llega hoy" as the admin sends it by WhatsApp (the same notice the e-mail gives). */
export function deliveryTodayText(customerName: string, number: string, date: string, catalogName: string): string {
  return texts.todayWhatsapp(customerName, number, formatDeliveryDay(date), catalogName);
}

const kilos = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/** "12,5 kg" for a known weight in grams; "—" when unknown (some product has no weight). */
export function formatWeight(grams: number | null): string {
  return grams === null ? '—' : `${kilos.format(grams / 1000)} kg`;
}

/** A route's weight: the sum when every stop's is known, else null (shown "—"). */
export function totalWeight(weights: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const w of weights) {
    if (w === null) return null;
    sum += w;
  }
  return sum;
}

/** What a finished stop says about the day's result (a subset of the API's finished stop). */
export interface FinishedStop {
  outcome: 'delivered' | 'not_delivered';
  collected: { amount: number; method: string } | null;
}

/** The day's result for the driver to hand in (decision 066): counts, and what was collected by how. */
export interface DayResult {
  delivered: number;
  notDelivered: number;
  /** Centavos in cash to hand in. */
  cash: number;
  /** Cheques to hand in: how many and their total. */
  cheques: { count: number; amount: number };
  /** Transfers and anything else: collected, but nothing to hand in. */
  other: number;
}

export function dayResult(done: readonly FinishedStop[]): DayResult {
  const result: DayResult = { delivered: 0, notDelivered: 0, cash: 0, cheques: { count: 0, amount: 0 }, other: 0 };
  for (const stop of done) {
    if (stop.outcome === 'delivered') result.delivered += 1;
    else result.notDelivered += 1;
    const collected = stop.collected;
    if (!collected) continue;
    if (collected.method === 'cash') result.cash += collected.amount;
    else if (collected.method === 'cheque')
      result.cheques = { count: result.cheques.count + 1, amount: result.cheques.amount + collected.amount };
    else result.other += collected.amount;
  }
  return result;
}

/**
 * One line for a finished stop: "Entregado · Cobrado $ 2.000,00 (efectivo)", "Entregado · Sin cobro",
 * "No entregado · Rechazado · Pasa al lunes 30/11".
 */
export function finishedStopText(
  stop: FinishedStop & { reason: keyof typeof texts.reasons | null; rescheduled_to: string | null },
  money: (centavos: number) => string,
): string {
  if (stop.outcome === 'delivered') {
    const { collected } = stop;
    const method = collected
      ? (texts.collectMethods[collected.method as keyof typeof texts.collectMethods] ?? collected.method)
      : '';
    return `${texts.delivered} · ${collected ? texts.collectedWith(money(collected.amount), method) : texts.nothingCollected}`;
  }
  const parts = [
    texts.notDelivered,
    ...(stop.reason ? [texts.reasons[stop.reason]] : []),
    ...(stop.rescheduled_to ? [texts.movedTo(formatDeliveryDay(stop.rescheduled_to))] : []),
  ];
  return parts.join(' · ');
}
