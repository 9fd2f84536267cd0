import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDocumentDateTime, formatMoney, parsePesos, pesosToCentavos, percentOf } from './money';

// Intl inserts a non-breaking space between the sign and the amount.
const normalise = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it.each([
    [0, '$ 0,00'],
    [5, '$ 0,05'],
    [123450, '$ 1.234,50'],
    [100000000, '$ 1.000.000,00'],
  ])('formats %i centavos as %s', (centavos, expected) => {
    expect(normalise(formatMoney(centavos))).toBe(expected);
  });
});

describe('pesosToCentavos', () => {
  it('rounds to the nearest centavo', () => {
    expect(pesosToCentavos(12.345)).toBe(1235);
    expect(pesosToCentavos(0.1 + 0.2)).toBe(30);
    expect(pesosToCentavos(-1.005)).toBe(-101);
  });
  it('round-trips any integer centavo amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (c) => pesosToCentavos(c / 100) === c));
  });
});

describe('percentOf', () => {
  it('rounds to whole centavos', () => {
    expect(percentOf(999, 10)).toBe(100);
    expect(percentOf(1000, 12.5)).toBe(125);
  });
});

describe('parsePesos (money as typed in Argentina)', () => {
  it.each([
    ['1234,5', 123_450],
    ['1.234,50', 123_450],
    ['$ 1.234', 123_400],
    ['1234.50', 123_450],
    ['  25000 ', 2_500_000],
  ])('%s → %i centavos', (text, centavos) => {
    expect(parsePesos(text)).toBe(centavos);
  });

  it('answers null for an empty text and NaN for what is not an amount', () => {
    expect(parsePesos('  ')).toBeNull();
    expect(parsePesos('12,5O')).toBeNaN();
    expect(parsePesos('-3')).toBeNaN();
  });
});

describe('formatDocumentDateTime', () => {
  it('prints a moment as documents do: four-digit year, 24 hours, Buenos Aires whatever the clock zone', () => {
    expect(formatDocumentDateTime('2026-11-26T20:05:00.000Z')).toBe('26/11/2026, 17:05');
    expect(formatDocumentDateTime(new Date('2027-01-01T02:30:00.000Z'))).toBe('31/12/2026, 23:30');
    // Five past midnight is 00:05 of that day, not "24:05" (the previous day's 24th hour).
    expect(formatDocumentDateTime('2026-12-02T03:05:00.000Z')).toBe('02/12/2026, 00:05');
  });
});
