import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gramsToKilosInput, parseKilos } from './weight';

describe('kilos typed to grams (decision 061)', () => {
  it('reads a decimal comma or point, thousands before a comma, and a trailing kg', () => {
    expect(['1,5', '1.5', '0,250', ' 12 ', '1.234,5', '2 kg', '1,005', ''].map(parseKilos)).toEqual([1_500, 1_500, 250, 12_000, 1_234_500, 2_000, 1_005, null]);
  });

  it('keeps a minus sign for the rule to refuse, and is NaN for text or a fraction of a gram', () => {
    expect(parseKilos('-1,5')).toBe(-1_500);
    for (const text of ['abc', '1,2345', '1,5,5', '1e3', '--1', ',5', '1.5.'] as const) expect(parseKilos(text)).toBeNaN();
  });

  it('any weight written back reads as the same grams', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000_000 }), (grams) => parseKilos(gramsToKilosInput(grams)) === grams));
    expect([gramsToKilosInput(1_500), gramsToKilosInput(250), gramsToKilosInput(1_250_000), gramsToKilosInput(null)]).toEqual(['1,5', '0,25', '1250', '']);
  });
});
