import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  dayResult,
  finishedStopText,
  businessClock,
  businessInstant,
  deliveryDateProblem,
  deliveryPromiseText,
  deliveryTodayText,
  formatDeliveryDayShort,
  formatWeight,
  totalWeight,
  nextDeliveryDateAfter,
  promisedDelivery,
  weekdayOf,
  zoneRuleProblem,
  DELIVERY_SEARCH_DAYS,
  type DeliveryZoneRule,
  promisedDeliveryText,
} from './deliveries';
import { ARGENTINA_NATIONAL_HOLIDAYS } from './delivery-holidays';
import { deliveries as texts } from './messages/deliveries';
import { holidaysPutSchema, zoneCreateSchema, deliveredSchema } from './schemas/deliveries';

/**
 * The oracle: the same rule written the slow, obvious way with Argentina's fixed −03:00 (no DST
 * since 2009), walking hour by hour through plain UTC arithmetic — no Intl, no shared helpers.
 */
const AR_OFFSET_MS = -3 * 3_600_000;
function oraclePromise(zone: DeliveryZoneRule, closed: ReadonlySet<string>, now: Date): string | null {
  const local = new Date(now.getTime() + AR_OFFSET_MS);
  const today = local.toISOString().slice(0, 10);
  for (let i = 0; i <= DELIVERY_SEARCH_DAYS; i++) {
    const d = new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000);
    const date = d.toISOString().slice(0, 10);
    if (!zone.weekdays.includes(d.getUTCDay()) || closed.has(date)) continue;
    const cutoffLocal = Date.parse(`${date}T00:00:00Z`) - zone.cutoff_days_before * 86_400_000 + zone.cutoff_minutes * 60_000;
    if (now.getTime() < cutoffLocal - AR_OFFSET_MS) return date;
  }
  return null;
}

const zoneArb = fc.record({
  weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
  cutoff_days_before: fc.integer({ min: 0, max: 14 }),
  cutoff_minutes: fc.integer({ min: 0, max: 1439 }),
});
const instantArb = fc.integer({ min: Date.parse('2025-12-01T00:00:00Z'), max: Date.parse('2028-01-31T00:00:00Z') }).map((ms) => new Date(ms));
const NATIONAL = new Set(ARGENTINA_NATIONAL_HOLIDAYS.map((h) => h.date));
const holidaysArb = fc.uniqueArray(
  fc.integer({ min: 0, max: 800 }).map((n) => addCalendarDays('2025-12-01', n)),
  { maxLength: 120 },
).map((list) => new Set([...list, ...NATIONAL]));

const northZone: DeliveryZoneRule = { weekdays: [2, 5], cutoff_days_before: 1, cutoff_minutes: 18 * 60 };

describe('the promised date', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  it('agrees with the fixed −03:00 oracle for any zone, instant and feriados', () => {
    fc.assert(
      fc.property(zoneArb, instantArb, holidaysArb, (zone, now, closed) => {
        const found = promisedDelivery(zone, closed, now);
        const expected = oraclePromise(zone, closed, now);
        expect(found.ok ? found.promise.date : null).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('for every weekday and every quarter hour of a week, every cut-off day and hour', () => {
    const closed = new Set<string>();
    const weekStart = Date.parse('2026-11-23T03:00:00Z'); // Monday 00:00 in Buenos Aires
    for (let days = 0; days <= 2; days++) {
      for (const hour of [0, 8, 18, 23]) {
        for (let weekday = 0; weekday < 7; weekday++) {
          const zone = { weekdays: [weekday], cutoff_days_before: days, cutoff_minutes: hour * 60 };
          for (let q = 0; q < 7 * 24 * 4; q++) {
            const now = new Date(weekStart + q * 15 * 60_000);
            const found = promisedDelivery(zone, closed, now);
            expect(found.ok && found.promise.date, `${weekday} ${days} ${hour} ${now.toISOString()}`).toBe(oraclePromise(zone, closed, now));
          }
        }
      }
    }
  });

  it('the promise is a delivery weekday, not a feriado, and its cut-off is still ahead', () => {
    fc.assert(
      fc.property(zoneArb, instantArb, holidaysArb, (zone, now, closed) => {
        const found = promisedDelivery(zone, closed, now);
        if (!found.ok) return;
        const { date, cutoff_at, cutoff_date } = found.promise;
        expect(zone.weekdays).toContain(weekdayOf(date));
        expect(closed.has(date)).toBe(false);
        expect(Date.parse(cutoff_at)).toBeGreaterThan(now.getTime());
        expect(cutoff_date).toBe(addCalendarDays(date, -zone.cutoff_days_before));
        expect(date >= businessClock(now).date).toBe(true);
      }),
    );
  });

  it('is the same whatever the server’s time zone', () => {
    const now = new Date('2026-11-25T20:59:00Z'); // 17:59 Wednesday in Buenos Aires
    const answers = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/Madrid'].map((tz) => {
      process.env.TZ = tz;
      const found = promisedDelivery({ weekdays: [4], cutoff_days_before: 1, cutoff_minutes: 1080 }, new Set(), now);
      return found.ok ? deliveryPromiseText(found.promise) : null;
    });
    expect(new Set(answers)).toEqual(new Set(['Llega el jueves 26/11 — pedí antes del miércoles 25/11 a las 18:00']));
  });

  it('the cut-off minute itself is too late: the next delivery date', () => {
    const zone = { weekdays: [4], cutoff_days_before: 1, cutoff_minutes: 1080 };
    const before = promisedDelivery(zone, new Set(), new Date('2026-11-25T20:59:59.999Z'));
    const at = promisedDelivery(zone, new Set(), new Date('2026-11-25T21:00:00Z'));
    expect(before.ok && before.promise.date).toBe('2026-11-26');
    expect(at.ok && at.promise.date).toBe('2026-12-03');
    expect(at.ok && deliveryPromiseText(at.promise)).toBe('Llega el jueves 03/12 — pedí antes del miércoles 02/12 a las 18:00');
  });

  it('a UTC midnight that is still yesterday in Buenos Aires counts as yesterday', () => {
    // 01:00 UTC Friday = 22:00 Thursday in Buenos Aires; a same-day 23:00 cut-off is still open.
    const found = promisedDelivery({ weekdays: [4], cutoff_days_before: 0, cutoff_minutes: 23 * 60 }, new Set(), new Date('2026-11-27T01:00:00Z'));
    expect(found.ok && found.promise.date).toBe('2026-11-26');
  });

  it('skips a run of feriados on the delivery days', () => {
    const closed = new Set(['2026-12-01', '2026-12-04', '2026-12-08', '2026-12-11']);
    const found = promisedDelivery(northZone, closed, new Date('2026-11-27T12:00:00Z'));
    expect(found.ok && found.promise.date).toBe('2026-12-15');
  });

  it('crosses the year end: 31/12 after the cut-off, 1/1 closed', () => {
    const zone = { weekdays: [5], cutoff_days_before: 1, cutoff_minutes: 1080 }; // Fridays; 1/1/2027 is a Friday
    const found = promisedDelivery(zone, NATIONAL, new Date('2026-12-31T22:00:00Z'));
    expect(found.ok && found.promise).toMatchObject({ date: '2027-01-08', cutoff_date: '2027-01-07', cutoff_time: '18:00' });
  });

  it('ends and says so when every delivery day is a feriado for a year', () => {
    const closed = new Set(Array.from({ length: DELIVERY_SEARCH_DAYS + 30 }, (_, i) => addCalendarDays('2026-11-26', i)));
    expect(promisedDelivery(northZone, closed, new Date('2026-11-26T12:00:00Z'))).toEqual({ ok: false, reason: 'no_date' });
    expect(nextDeliveryDateAfter(northZone, closed, '2026-11-27', '2026-11-26')).toBeNull();
    expect(promisedDelivery({ ...northZone, weekdays: [] }, new Set(), new Date())).toEqual({ ok: false, reason: 'no_weekdays' });
  });
});

describe('Buenos Aires wall clock', () => {
  it('round-trips every minute of a day in any month, −03:00 from UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 1439 }), (n, minutes) => {
        const date = addCalendarDays('2025-12-01', n);
        const instant = businessInstant(date, minutes);
        expect(instant.getTime() - Date.parse(`${date}T00:00:00Z`)).toBe(minutes * 60_000 + 3 * 3_600_000);
        expect(businessClock(instant)).toEqual({ date, minutes });
      }),
    );
  });
});

describe('rescheduling and moving', () => {
  it('the next delivery date is strictly after the failed one, never before today', () => {
    fc.assert(
      fc.property(zoneArb, fc.integer({ min: 0, max: 400 }), fc.integer({ min: -10, max: 10 }), holidaysArb, (zone, n, lag, closed) => {
        const after = addCalendarDays('2026-01-01', n);
        const today = addCalendarDays(after, lag);
        const next = nextDeliveryDateAfter(zone, closed, after, today);
        if (next === null) return;
        expect(next > after && next >= today).toBe(true);
        expect(deliveryDateProblem(zone, closed, next, today)).toBeNull();
        for (let d = addCalendarDays(next, -1); d > after && d >= today; d = addCalendarDays(d, -1)) {
          expect(deliveryDateProblem(zone, closed, d, today)).not.toBeNull();
        }
      }),
    );
  });

  it('refuses a past date, a weekday the zone does not deliver and a feriado, in Spanish', () => {
    expect(deliveryDateProblem(northZone, new Set(), '2026-11-24', '2026-11-26')).toBe(texts.pastDate);
    expect(deliveryDateProblem(northZone, new Set(), '2026-11-26', '2026-11-26')).toBe('La zona no entrega los jueves.');
    expect(deliveryDateProblem(northZone, NATIONAL, '2026-12-08', '2026-11-26')).toBe(texts.holidayDate);
    expect(deliveryDateProblem(northZone, NATIONAL, '2026-12-04', '2026-11-26')).toBeNull();
  });
});

describe('zone rules and requests', () => {
  it('a zone without weekdays or with a cut-off after the delivery is refused', () => {
    expect(zoneRuleProblem({ weekdays: [], cutoff_days_before: 1, cutoff_minutes: 0 })).toBe(texts.noWeekdays);
    expect(zoneRuleProblem({ weekdays: [1], cutoff_days_before: -1, cutoff_minutes: 0 })).toBe(texts.cutoffAfterDelivery);
    expect(zoneRuleProblem({ weekdays: [1], cutoff_days_before: 0, cutoff_minutes: 1440 })).toBe(texts.invalidCutoffHour);
    const base = { name: 'Zona Norte', weekdays: [2, 5], cutoff_days_before: 1, cutoff_time: '18:00' };
    expect(zoneCreateSchema.parse(base)).toEqual({ ...base, min_order: null, driver_id: null });
    expect(zoneCreateSchema.safeParse({ ...base, weekdays: [] }).error?.issues[0]?.message).toBe(texts.noWeekdays);
    expect(zoneCreateSchema.safeParse({ ...base, cutoff_days_before: -1 }).error?.issues[0]?.message).toBe(texts.cutoffAfterDelivery);
    expect(zoneCreateSchema.safeParse({ ...base, cutoff_time: '24:00' }).error?.issues[0]?.message).toBe(texts.invalidCutoffHour);
  });

  it('delivered quantities cannot be negative; a repeated feriado is refused', () => {
    const line = { product_id: '00000000-0000-4000-8000-000000000001', quantity: -1 };
    expect(deliveredSchema.safeParse({ lines: [line], idempotency_key: 'abcdefgh' }).error?.issues[0]?.message).toBe(texts.quantityNegative);
    const twice = { holidays: [{ date: '2026-12-25' }, { date: '2026-12-25', name: 'Navidad' }] };
    expect(holidaysPutSchema.safeParse(twice).error?.issues[0]?.message).toBe(texts.duplicateHoliday);
  });
});

describe('the preloaded national holidays', () => {
  it('are real dates of 2026 and 2027, sorted, once each; the movable ones fall on a Monday or stay put', () => {
    const dates = ARGENTINA_NATIONAL_HOLIDAYS.map((h) => h.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    for (const h of ARGENTINA_NATIONAL_HOLIDAYS) {
      expect(h.date.startsWith('2026') || h.date.startsWith('2027')).toBe(true);
      if (h.kind === 'trasladable' && h.date !== '2027-11-20') expect(weekdayOf(h.date)).toBe(1);
      if (h.kind === 'no_laborable') expect([1, 5]).toContain(weekdayOf(h.date));
    }
  });
});

describe('weights and the day-of notice (decisions 055–056)', () => {
  it('a route weighs the sum of its stops, and nothing known as soon as one stop is unknown', () => {
    expect(totalWeight([4_500, 500])).toBe(5_000);
    expect(totalWeight([4_500, null, 500])).toBeNull();
    expect(totalWeight([])).toBe(0);
    expect([formatWeight(4_500), formatWeight(250), formatWeight(1_234_567), formatWeight(null)]).toEqual(['4,5 kg', '0,25 kg', '1.234,57 kg', '—']);
  });

  it('"Tu pedido llega hoy" names the customer, the order and the day', () => {
    expect(deliveryTodayText('Lucía', 'ab12cd34', '2026-11-26', 'Distribuidora Sur')).toBe(
      'Hola, Lucía. Tu pedido #ab12cd34 llega hoy, jueves 26/11. ¡Gracias! — Distribuidora Sur',
    );
  });

  it('the short day of a list: three letters of the weekday, accents kept, the day and month', () => {
    expect(['2026-11-26', '2026-11-25', '2026-11-28', '2026-11-29', '2026-12-01'].map(formatDeliveryDayShort)).toEqual([
      'jue 26/11',
      'mié 25/11',
      'sáb 28/11',
      'dom 29/11',
      'mar 01/12',
    ]);
  });
});

describe('dayResult', () => {
  it('counts delivered and not delivered, and adds up cash and cheques to hand in apart from transfers', () => {
    const cash = (amount: number) => ({ outcome: 'delivered' as const, collected: { amount, method: 'cash' } });
    expect(
      dayResult([
        cash(200_000),
        { outcome: 'not_delivered', collected: null },
        { outcome: 'delivered', collected: { amount: 50_000, method: 'cheque' } },
        { outcome: 'delivered', collected: { amount: 30_000, method: 'cheque' } },
        { outcome: 'delivered', collected: { amount: 10_000, method: 'transfer' } },
        { outcome: 'delivered', collected: null },
        cash(1_50),
      ]),
    ).toEqual({ delivered: 6, notDelivered: 1, cash: 200_150, cheques: { count: 2, amount: 80_000 }, other: 10_000 });
  });

  it('an empty day is all zeros', () => {
    expect(dayResult([])).toEqual({ delivered: 0, notDelivered: 0, cash: 0, cheques: { count: 0, amount: 0 }, other: 0 });
  });
});

describe('finishedStopText', () => {
  const money = (c: number) => `$ ${c / 100}`;
  it('says what happened at the door and what was collected', () => {
    expect(
      finishedStopText(
        { outcome: 'delivered', collected: { amount: 200_000, method: 'cash' }, reason: null, rescheduled_to: null },
        money,
      ),
    ).toBe('Entregado · Cobrado $ 2000 (efectivo)');
    expect(finishedStopText({ outcome: 'delivered', collected: null, reason: null, rescheduled_to: null }, money)).toBe(
      'Entregado · Sin cobro',
    );
    expect(
      finishedStopText({ outcome: 'not_delivered', collected: null, reason: 'rechazado', rescheduled_to: '2026-11-30' }, money),
    ).toBe('No entregado · Rechazado · Pasa al lunes 30/11');
  });
});

describe('promisedDeliveryText', () => {
  it('promises the day of an order on its way; none when closed, held for credit or without a date', () => {
    expect(promisedDeliveryText({ status: 'Confirmado', delivery_date: '2026-11-27' })).toBe('Entrega prevista: viernes 27/11');
    expect(promisedDeliveryText({ status: 'Pendiente', delivery_date: '2026-11-27', credit_hold: 'released' })).toBe('Entrega prevista: viernes 27/11');
    expect(promisedDeliveryText({ status: 'Pendiente', delivery_date: '2026-11-27', credit_hold: 'pending' })).toBeNull();
    expect(promisedDeliveryText({ status: 'Cancelado', delivery_date: '2026-11-27', credit_hold: 'rejected' })).toBeNull();
    expect(promisedDeliveryText({ status: 'Entregado', delivery_date: '2026-11-27' })).toBeNull();
    expect(promisedDeliveryText({ status: 'Pendiente', delivery_date: null })).toBeNull();
  });
});
