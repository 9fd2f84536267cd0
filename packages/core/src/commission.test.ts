import { describe, expect, it } from 'vitest';
import { COMMISSION_BP_MAX, commissionOf, formatCommissionPercent, parseCommissionPercent } from './commission';

describe('commissionOf', () => {
  it('is the percentage of the sales in whole centavos, rounded half up', () => {
    expect(commissionOf(1_000_000, 250)).toBe(25_000); // $ 10.000 at 2,5 % = $ 250
    expect(commissionOf(1_234_567, 300)).toBe(37_037); // 37.037,01 → 37.037
    expect(commissionOf(150, 100)).toBe(2); // 1,5 centavos → 2 (half up)
    expect(commissionOf(149, 100)).toBe(1); // 1,49 → 1
    expect(commissionOf(50, 100)).toBe(1); // exactly half a centavo → 1
    expect(commissionOf(49, 100)).toBe(0);
    expect(commissionOf(999, COMMISSION_BP_MAX)).toBe(999);
  });

  it('no commission set, 0 %, or no sales: nothing', () => {
    expect(commissionOf(1_000_000, null)).toBe(0);
    expect(commissionOf(1_000_000, 0)).toBe(0);
    expect(commissionOf(0, 500)).toBe(0);
  });

  it('stays exact where a double would not (a huge period of sales)', () => {
    // 9.007.199.254.740.991 centavos × 3,33 %: the product exceeds 2^53.
    expect(commissionOf(Number.MAX_SAFE_INTEGER, 333)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 333n + 5_000n) / 10_000n));
  });

  it('refuses fractions of a centavo or basis point and rates outside 0–100 %', () => {
    expect(() => commissionOf(10.5, 100)).toThrow(RangeError);
    expect(() => commissionOf(1_000, 2.5)).toThrow(RangeError);
    expect(() => commissionOf(1_000, COMMISSION_BP_MAX + 1)).toThrow(RangeError);
  });
});

describe('parseCommissionPercent and formatCommissionPercent', () => {
  it('reads what the owner types, with a comma or a dot, and writes it back the Argentine way', () => {
    expect(parseCommissionPercent('2,5')).toBe(250);
    expect(parseCommissionPercent(' 2.75 % ')).toBe(275);
    expect(parseCommissionPercent('10')).toBe(1_000);
    expect(parseCommissionPercent('100')).toBe(COMMISSION_BP_MAX);
    expect(parseCommissionPercent('')).toBeNull();
    expect(formatCommissionPercent(250)).toBe('2,5 %');
    expect(formatCommissionPercent(275)).toBe('2,75 %');
    expect(formatCommissionPercent(1_000)).toBe('10 %');
    expect(formatCommissionPercent(5)).toBe('0,05 %');
  });

  it('refuses three decimals, more than 100 %, negatives and words', () => {
    for (const text of ['2,555', '100,01', '-1', 'dos', '1e2', '2,5,1']) expect(parseCommissionPercent(text), text).toBeUndefined();
  });
});
