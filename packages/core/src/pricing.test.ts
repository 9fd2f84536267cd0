import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceCart, priceLine, tierLadder, type PricedProduct } from './pricing';
import type { DiscountTier } from './schemas/product';

const product = (overrides: Partial<PricedProduct> = {}): PricedProduct => ({
  price: 10_000,
  retail_price: 15_000,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  ...overrides,
});

const threeTiers: DiscountTier[] = [
  { minQuantity: 12, discountType: 'percentage', discountValue: 10 },
  { minQuantity: 6, discountType: 'fixed', discountValue: 500 },
  { minQuantity: 24, discountType: 'final_price', discountValue: 7_000 },
];

describe('priceLine — base and sale prices', () => {
  it.each([
    ['wholesale without sale', product(), 'wholesale', 10_000, 10_000, 'none'],
    ['retail without sale', product(), 'retail', 15_000, 15_000, 'none'],
    ['wholesale sale', product({ on_sale: true, sale_price: 8_000 }), 'wholesale', 10_000, 8_000, 'sale'],
    ['retail sale', product({ on_sale_retail: true, sale_price_retail: 12_000 }), 'retail', 15_000, 12_000, 'sale'],
    ['retail ignores the wholesale sale', product({ on_sale: true, sale_price: 8_000 }), 'retail', 15_000, 15_000, 'none'],
    [
      'wholesale ignores the retail sale',
      product({ on_sale_retail: true, sale_price_retail: 12_000 }),
      'wholesale',
      10_000,
      10_000,
      'none',
    ],
    ['a stored sale price is ignored while on_sale is off', product({ sale_price: 8_000 }), 'wholesale', 10_000, 10_000, 'none'],
  ] as const)('%s', (_label, p, kind, base, unit, applied) => {
    const line = priceLine(p, 3, kind);
    expect(line).toMatchObject({ quantity: 3, basePrice: base, unitPrice: unit, applied });
    expect(line.lineTotal).toBe(unit * 3);
    expect(line.savings).toBe((base - unit) * 3);
  });
});

describe('priceLine — discount tiers (wholesale)', () => {
  it.each([
    [1, 10_000, 'none', null],
    [5, 10_000, 'none', null],
    [6, 9_500, 'tier', 6], // fixed: 500 off each unit
    [11, 9_500, 'tier', 6],
    [12, 9_000, 'tier', 12], // percentage: 10 % off
    [23, 9_000, 'tier', 12],
    [24, 7_000, 'tier', 24], // final price
    [1_000, 7_000, 'tier', 24],
  ] as const)('quantity %i → unit %i (%s)', (quantity, unit, applied, tierMin) => {
    const line = priceLine(product({ discounts: threeTiers }), quantity, 'wholesale');
    expect(line.unitPrice).toBe(unit);
    expect(line.applied).toBe(applied);
    expect(line.tier?.minQuantity ?? null).toBe(tierMin);
    expect(line.lineTotal).toBe(unit * quantity);
    expect(line.savings).toBe((10_000 - unit) * quantity);
  });

  it('does not apply tiers to retail customers', () => {
    const line = priceLine(product({ discounts: threeTiers }), 30, 'retail');
    expect(line).toMatchObject({ unitPrice: 15_000, applied: 'none', tier: null, nextTier: null });
  });

  it('lets a sale price beat every tier, even a cheaper one', () => {
    const line = priceLine(product({ discounts: threeTiers, on_sale: true, sale_price: 9_900 }), 30, 'wholesale');
    expect(line).toMatchObject({ unitPrice: 9_900, applied: 'sale', tier: null, nextTier: null });
  });

  it('rounds a percentage to the nearest centavo', () => {
    const p = product({ price: 999, discounts: [{ minQuantity: 2, discountType: 'percentage', discountValue: 12.5 }] });
    // 12.5 % of 999 = 124.875 → 125 off.
    expect(priceLine(p, 2, 'wholesale').unitPrice).toBe(874);
    const half = product({ price: 101, discounts: [{ minQuantity: 2, discountType: 'percentage', discountValue: 50 }] });
    // 50.5 rounds to 51 off.
    expect(priceLine(half, 2, 'wholesale').unitPrice).toBe(50);
  });

  it.each([
    ['fixed above the price', { discountType: 'fixed', discountValue: 20_000 }, 0],
    ['final price above the price', { discountType: 'final_price', discountValue: 20_000 }, 10_000],
    ['percentage above 100', { discountType: 'percentage', discountValue: 150 }, 0],
  ] as const)('clamps an out-of-range tier (%s) to [0, base]', (_label, tier, unit) => {
    const line = priceLine(product({ discounts: [{ minQuantity: 2, ...tier }] }), 2, 'wholesale');
    expect(line.unitPrice).toBe(unit);
  });

  it('reports the next reachable tier and how many units are missing', () => {
    const p = product({ discounts: threeTiers });
    expect(priceLine(p, 1, 'wholesale').nextTier).toEqual({ minQuantity: 6, unitPrice: 9_500, missing: 5 });
    expect(priceLine(p, 10, 'wholesale').nextTier).toEqual({ minQuantity: 12, unitPrice: 9_000, missing: 2 });
    expect(priceLine(p, 24, 'wholesale').nextTier).toBeNull();
  });

  it('prices zero units as an empty line', () => {
    expect(priceLine(product({ discounts: threeTiers }), 0, 'wholesale')).toMatchObject({ lineTotal: 0, savings: 0 });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the quantity %s', (quantity) => {
    expect(() => priceLine(product(), quantity, 'wholesale')).toThrow(RangeError);
  });
});

describe('priceCart', () => {
  it('adds line totals and savings', () => {
    const cart = priceCart(
      [
        { product: product({ discounts: threeTiers }), quantity: 12 }, // 12 × 9 000
        { product: product({ price: 2_500, on_sale: true, sale_price: 2_000 }), quantity: 3 }, // 3 × 2 000
      ],
      'wholesale',
    );
    expect(cart.total).toBe(108_000 + 6_000);
    expect(cart.totalSavings).toBe(12_000 + 1_500);
    expect(cart.lines).toHaveLength(2);
  });

  it('is zero for an empty cart', () => {
    expect(priceCart([], 'retail')).toEqual({ lines: [], total: 0, totalSavings: 0 });
  });
});

describe('tierLadder', () => {
  it('lists tiers ascending with their wholesale unit price', () => {
    expect(tierLadder(product({ discounts: threeTiers }))).toEqual([
      { minQuantity: 6, unitPrice: 9_500 },
      { minQuantity: 12, unitPrice: 9_000 },
      { minQuantity: 24, unitPrice: 7_000 },
    ]);
  });
  it('is empty while on a wholesale sale, because the sale beats the tiers', () => {
    expect(tierLadder(product({ discounts: threeTiers, on_sale: true, sale_price: 9_000 }))).toEqual([]);
  });
});

// ---- properties ------------------------------------------------------------------------------

const tierArb: fc.Arbitrary<DiscountTier> = fc.oneof(
  fc.record({
    minQuantity: fc.integer({ min: 2, max: 200 }),
    discountType: fc.constant('fixed' as const),
    discountValue: fc.integer({ min: 1, max: 2_000_000 }),
  }),
  fc.record({
    minQuantity: fc.integer({ min: 2, max: 200 }),
    discountType: fc.constant('percentage' as const),
    discountValue: fc.double({ min: 0.01, max: 99.99, noNaN: true }),
  }),
  fc.record({
    minQuantity: fc.integer({ min: 2, max: 200 }),
    discountType: fc.constant('final_price' as const),
    discountValue: fc.integer({ min: 1, max: 2_000_000 }),
  }),
);

const productArb: fc.Arbitrary<PricedProduct> = fc
  .record({
    price: fc.integer({ min: 1, max: 1_000_000 }),
    retail_price: fc.integer({ min: 1, max: 1_000_000 }),
    on_sale: fc.boolean(),
    saleFraction: fc.double({ min: 0, max: 0.99, noNaN: true }),
    on_sale_retail: fc.boolean(),
    retailSaleFraction: fc.double({ min: 0, max: 0.99, noNaN: true }),
    discounts: fc.uniqueArray(tierArb, { maxLength: 6, selector: (t) => t.minQuantity }),
  })
  .map(({ saleFraction, retailSaleFraction, ...p }) => ({
    ...p,
    sale_price: Math.max(1, Math.floor(p.price * saleFraction)),
    sale_price_retail: Math.max(1, Math.floor(p.retail_price * retailSaleFraction)),
  }));

const kindArb = fc.constantFrom('wholesale' as const, 'retail' as const);
const quantityArb = fc.integer({ min: 0, max: 500 });

describe('pricing properties', () => {
  it('never prices a unit below zero or above its base price, and stays in whole centavos', () => {
    fc.assert(
      fc.property(productArb, quantityArb, kindArb, (p, q, kind) => {
        const line = priceLine(p, q, kind);
        return (
          line.unitPrice >= 0 &&
          line.unitPrice <= line.basePrice &&
          Number.isInteger(line.unitPrice) &&
          line.basePrice === (kind === 'wholesale' ? p.price : p.retail_price)
        );
      }),
    );
  });

  it('computes totals and savings from the unit price', () => {
    fc.assert(
      fc.property(productArb, quantityArb, kindArb, (p, q, kind) => {
        const line = priceLine(p, q, kind);
        return line.lineTotal === line.unitPrice * q && line.savings === (line.basePrice - line.unitPrice) * q;
      }),
    );
  });

  it('lets a sale beat tiers: on sale, the unit price is the sale price whatever the quantity', () => {
    fc.assert(
      fc.property(productArb, quantityArb, (p, q) => {
        const onSale = { ...p, on_sale: true };
        const line = priceLine(onSale, q, 'wholesale');
        return line.applied === 'sale' && line.unitPrice === onSale.sale_price && line.tier === null;
      }),
    );
  });

  it('chooses the matching tier with the highest minQuantity', () => {
    fc.assert(
      fc.property(productArb, quantityArb, (p, q) => {
        const notOnSale = { ...p, on_sale: false };
        const line = priceLine(notOnSale, q, 'wholesale');
        const matching = p.discounts.filter((t) => t.minQuantity <= q);
        if (matching.length === 0) return line.applied === 'none' && line.tier === null && line.unitPrice === p.price;
        const highest = Math.max(...matching.map((t) => t.minQuantity));
        return line.applied === 'tier' && line.tier?.minQuantity === highest;
      }),
    );
  });

  it('points to the smallest tier above the quantity as the next one', () => {
    fc.assert(
      fc.property(productArb, quantityArb, (p, q) => {
        const line = priceLine({ ...p, on_sale: false }, q, 'wholesale');
        const above = p.discounts.filter((t) => t.minQuantity > q).map((t) => t.minQuantity);
        if (above.length === 0) return line.nextTier === null;
        const min = Math.min(...above);
        return line.nextTier?.minQuantity === min && line.nextTier.missing === min - q;
      }),
    );
  });

  it('adds up a cart as the sum of its lines', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ product: productArb, quantity: quantityArb }), { maxLength: 8 }), kindArb, (lines, kind) => {
        const cart = priceCart(lines, kind);
        const expectedTotal = lines.reduce((s, l) => s + priceLine(l.product, l.quantity, kind).lineTotal, 0);
        const expectedSavings = lines.reduce((s, l) => s + priceLine(l.product, l.quantity, kind).savings, 0);
        return cart.total === expectedTotal && cart.totalSavings === expectedSavings && cart.lines.length === lines.length;
      }),
    );
  });

  it('gives the ladder the same unit prices as priceLine at each threshold', () => {
    fc.assert(
      fc.property(productArb, (p) => {
        const notOnSale = { ...p, on_sale: false };
        return tierLadder(notOnSale).every(
          (step) => priceLine(notOnSale, step.minQuantity, 'wholesale').unitPrice === step.unitPrice,
        );
      }),
    );
  });
});
