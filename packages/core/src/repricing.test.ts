import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustPrice,
  percentChange,
  repricedSnapshot,
  repriceWarnings,
  ROUNDING_RULES,
  undoSnapshot,
  type PriceAdjustment,
  type PriceSnapshot,
  type RepriceRule,
} from './repricing';

const price = fc.integer({ min: 1, max: 10_000_000_00 });
const rounding = fc.constantFrom(...ROUNDING_RULES);
const upPercent = fc.integer({ min: 1, max: 100_000 }).map((bp) => bp / 100);
const downPercent = fc.integer({ min: -9_999, max: -1 }).map((bp) => bp / 100);

describe('adjustPrice', () => {
  it('an increase never lowers a price and a decrease never raises one, whatever the rounding', () => {
    fc.assert(
      fc.property(price, upPercent, rounding, (p, percent, rule) => {
        expect(adjustPrice(p, { kind: 'percent', percent }, rule)).toBeGreaterThanOrEqual(p);
      }),
    );
    fc.assert(
      fc.property(price, downPercent, rounding, (p, percent, rule) => {
        expect(adjustPrice(p, { kind: 'percent', percent }, rule)).toBeLessThanOrEqual(p);
      }),
    );
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 1_000_000 }), rounding, (p, amount, rule) => {
        expect(adjustPrice(p, { kind: 'amount', amount }, rule)).toBeGreaterThan(p);
      }),
    );
  });

  it('lands on the rounding step', () => {
    fc.assert(
      fc.property(price, upPercent, fc.constantFrom('1', '10', '50', '100') as fc.Arbitrary<'1' | '10' | '50' | '100'>, (p, percent, rule) => {
        const step = { '1': 100, '10': 1000, '50': 5000, '100': 10000 }[rule];
        expect(adjustPrice(p, { kind: 'percent', percent }, rule) % step).toBe(0);
      }),
    );
    fc.assert(
      fc.property(price, upPercent, (p, percent) => {
        expect(adjustPrice(p, { kind: 'percent', percent }, '99') % 10000).toBe(9900);
      }),
    );
  });

  it('computes known cases exactly', () => {
    // $1.000 + 12 % = $1.120 → to $10: $1.120; $1.005 + 12 % = $1.125,60 → up to $1.130.
    expect(adjustPrice(100_000, { kind: 'percent', percent: 12 }, '10')).toBe(112_000);
    expect(adjustPrice(100_500, { kind: 'percent', percent: 12 }, '10')).toBe(113_000);
    expect(adjustPrice(100_000, { kind: 'percent', percent: 12 }, '99')).toBe(119_900);
    expect(adjustPrice(100_000, { kind: 'percent', percent: -10 }, '100')).toBe(90_000);
    expect(adjustPrice(100_050, { kind: 'percent', percent: 0.01 }, 'none')).toBe(100_061);
    expect(adjustPrice(50_000, { kind: 'amount', amount: -50_000 }, 'none')).toBe(0);
  });
});

const tier = fc.oneof(
  fc.record({ minQuantity: fc.integer({ min: 2, max: 1000 }), discountType: fc.constant('percentage' as const), discountValue: fc.integer({ min: 1, max: 99 }) }),
  fc.record({ minQuantity: fc.integer({ min: 2, max: 1000 }), discountType: fc.constant('fixed' as const), discountValue: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ minQuantity: fc.integer({ min: 2, max: 1000 }), discountType: fc.constant('final_price' as const), discountValue: fc.integer({ min: 1, max: 10_000 }) }),
);
const snapshot: fc.Arbitrary<PriceSnapshot> = fc.record({
  price,
  retail_price: price,
  sale_price: fc.option(price, { nil: null }),
  sale_price_retail: fc.option(price, { nil: null }),
  discounts: fc.array(tier, { maxLength: 4 }),
});
const adjustment: fc.Arbitrary<PriceAdjustment> = fc.oneof(
  upPercent.map((percent) => ({ kind: 'percent' as const, percent })),
  downPercent.map((percent) => ({ kind: 'percent' as const, percent })),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((a) => a !== 0).map((amount) => ({ kind: 'amount' as const, amount })),
);
const rule: fc.Arbitrary<RepriceRule> = fc.record({
  adjustment,
  rounding,
  fields: fc.subarray(['price', 'retail_price', 'sale_prices', 'tiers'] as const, { minLength: 1 }).map((f) => [...f]),
});

describe('repricedSnapshot and undo', () => {
  it('undo(apply(x)) = x when nobody edited the product since', () => {
    fc.assert(
      fc.property(snapshot, rule, (before, r) => {
        const after = repricedSnapshot(before, r);
        expect(undoSnapshot(after, { before, after })).toEqual(before);
      }),
    );
  });

  it('leaves a product edited since the change alone', () => {
    fc.assert(
      fc.property(snapshot, rule, fc.integer({ min: 1, max: 1000 }), (before, r, bump) => {
        const after = repricedSnapshot(before, r);
        expect(undoSnapshot({ ...after, price: after.price + bump }, { before, after })).toBeNull();
      }),
    );
  });

  it('touches only the chosen fields and never percentage tiers', () => {
    fc.assert(
      fc.property(snapshot, rule, (before, r) => {
        const after = repricedSnapshot(before, r);
        if (!r.fields.includes('price')) expect(after.price).toBe(before.price);
        if (!r.fields.includes('retail_price')) expect(after.retail_price).toBe(before.retail_price);
        if (!r.fields.includes('sale_prices')) expect([after.sale_price, after.sale_price_retail]).toEqual([before.sale_price, before.sale_price_retail]);
        before.discounts.forEach((t, i) => {
          if (t.discountType === 'percentage' || !r.fields.includes('tiers')) expect(after.discounts[i]).toEqual(t);
        });
      }),
    );
  });
});

describe('repriceWarnings', () => {
  it('names a price that becomes 0, a sale above the list price and a tier above the base', () => {
    const base: PriceSnapshot = { price: 1000, retail_price: 2000, sale_price: 1500, sale_price_retail: null, discounts: [{ minQuantity: 5, discountType: 'final_price', discountValue: 1200 }] };
    expect(repriceWarnings(base).map((w) => w.kind).sort()).toEqual(['sale_above_list', 'tier_above_base']);
    expect(repriceWarnings({ ...base, price: 0, sale_price: null, discounts: [] })).toEqual([{ kind: 'not_positive', field: 'price' }]);
  });
});

describe('percentChange', () => {
  it('rounds to a whole percent with its sign', () => {
    expect(percentChange(100_000, 108_000)).toBe(8);
    expect(percentChange(100_000, 95_000)).toBe(-5);
    expect(percentChange(0, 5)).toBe(0);
  });
});
