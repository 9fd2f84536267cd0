import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date';
import { adminOrdersFilterSchema, adminOrdersListQuerySchema } from './schemas/admin-orders';
import { messages } from './messages';

describe('isCalendarDate', () => {
  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30', '2026-12-31'])('%s exists', (d) =>
    expect(isCalendarDate(d)).toBe(true),
  );

  it.each([
    '2026-02-31', // rolled over by Date.parse (the abuse-limits work, decision 010)
    '2025-02-29', // not a leap year
    '1900-02-29', // century, not a leap year
    '0000-01-01', // PostgreSQL has no year 0
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    '2026-01-01T00:00',
    ' 2026-01-01',
    '２０２６-01-01',
  ])('%s does not', (d) => expect(isCalendarDate(d)).toBe(false));

  it('agrees with the UTC calendar for every day of years 1970–2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const date = new Date(Date.UTC(y, m - 1, d));
        expect(isCalendarDate(text)).toBe(date.getUTCMonth() === m - 1 && date.getUTCDate() === d);
      }),
    );
  });
});

describe('admin order filters reject impossible dates in Spanish', () => {
  it.each(['2026-02-31', '2025-02-29', '0000-01-01'])('from=%s and to=%s', (d) => {
    for (const schema of [adminOrdersFilterSchema, adminOrdersListQuerySchema]) {
      for (const key of ['from', 'to']) {
        const result = schema.safeParse({ [key]: d });
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(messages.adminOrders.invalidDate);
      }
    }
  });
});
