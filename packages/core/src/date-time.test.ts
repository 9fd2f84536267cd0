import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDateTime, formatTime } from './date-time';

// 20:05 UTC is 17:05 in Buenos Aires (UTC−3, no daylight saving), whatever zone runs the test.
const afternoon = '2026-11-26T20:05:00.000Z';
const newYearsEve = new Date('2027-01-01T02:30:00.000Z');
const pastMidnight = '2026-12-02T03:05:00.000Z';

describe('one way to show a moment', () => {
  it('a moment: day, month, four-digit year, 24 hours, Buenos Aires', () => {
    expect(formatDateTime(afternoon)).toBe('26/11/2026, 17:05');
    expect(formatDateTime(newYearsEve)).toBe('31/12/2026, 23:30');
    // Five past midnight is 00:05 of that day, not "24:05" nor "12:05 a. m.".
    expect(formatDateTime(pastMidnight)).toBe('02/12/2026, 00:05');
  });

  it("a moment's day, a recent moment without its year, and a time, in the same style", () => {
    expect(formatDate(newYearsEve)).toBe('31/12/2026');
    expect(formatShortDateTime(afternoon)).toBe('26/11 17:05');
    expect(formatShortDateTime(pastMidnight)).toBe('02/12 00:05');
    expect(formatTime(afternoon)).toBe('17:05');
    expect(formatTime(pastMidnight)).toBe('00:05');
  });

  it('never prints es-AR\'s default 12-hour clock or two-digit year', () => {
    for (const text of [formatDateTime(afternoon), formatShortDateTime(afternoon), formatTime(afternoon)]) {
      expect(text).not.toMatch(/[ap]\.\s?m\./);
    }
    expect(formatDateTime(afternoon)).not.toContain('/26,');
  });
});
