import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPriceList, effectivePriceListId, listPriceOf, percentToBp, scaleCentavos, type PriceListRule } from './price-lists';
import { priceCartOnList, priceLine, type PricedProduct } from './pricing';
import type { DiscountTier } from './schemas/product';

type Item = PricedProduct & { id: string };

const product = (overrides: Partial<Item> = {}): Item => ({
  id: 'p1',
  price: 100_000,
  retail_price: 150_000,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  ...overrides,
});

const list = (percent: number, prices: Record<string, number> = {}): PriceListRule => ({
  id: 'l1',
  percentageBp: percentToBp(percent),
  prices: new Map(Object.entries(prices)),
});

const tiers: DiscountTier[] = [
  { minQuantity: 6, discountType: 'fixed', discountValue: 5_000 },
  { minQuantity: 12, discountType: 'percentage', discountValue: 10 },
  { minQuantity: 24, discountType: 'final_price', discountValue: 70_000 },
];

const unit = (p: Item, q: number, l: PriceListRule | null) => priceLine(applyPriceList(p, l), q, 'wholesale').unitPrice;

describe('scaleCentavos — half up, at least 1 centavo, exact for large amounts', () => {
  it.each([
    [100_000, 9_500, 10_000, 95_000],
    [999, 9_500, 10_000, 949], // 949,05 → 949
    [1_001, 9_500, 10_000, 951], // 950,95 → 951
    [10, 9_250, 10_000, 9], // 9,25 → 9
    [30, 9_750, 10_000, 29], // 29,25 → 29
    [2, 12_500, 10_000, 3], // 2,5 → 3 (half up)
    [1, 1, 10_000, 1], // never free
    [1_000_000_000_00, 110_000, 10_000, 1_000_000_000_00], // never above the largest amount
    [99_999_999_999, 99_999_999_998, 99_999_999_999, 99_999_999_998], // beyond 2^53 in between: exact
  ])('%i × %i / %i = %i', (amount, num, den, expected) => {
    expect(scaleCentavos(amount, num, den)).toBe(expected);
  });
});

describe('decision 018 — worked examples', () => {
  it('a −5 % list: price, tiers and their ladder all 5 % under the base', () => {
    const p = product({ discounts: tiers });
    const l = list(-5);
    expect(listPriceOf(p, l)).toBe(95_000);
    expect([1, 6, 12, 24].map((q) => unit(p, q, null))).toEqual([100_000, 95_000, 90_000, 70_000]);
    expect([1, 6, 12, 24].map((q) => unit(p, q, l))).toEqual([95_000, 90_250, 85_500, 66_500]);
  });

  it('a sale wins on the list too, scaled by the list (a +10 % list pays 10 % more on the sale)', () => {
    const p = product({ on_sale: true, sale_price: 80_000, discounts: tiers });
    expect(priceLine(applyPriceList(p, list(10)), 24, 'wholesale')).toMatchObject({ basePrice: 110_000, unitPrice: 88_000, applied: 'sale' });
    expect(priceLine(applyPriceList(p, list(-5)), 1, 'wholesale')).toMatchObject({ basePrice: 95_000, unitPrice: 76_000, applied: 'sale' });
  });

  it('an explicit price replaces the percentage and keeps the product’s proportions', () => {
    const p = product({ discounts: tiers });
    const l = list(-5, { p1: 90_000 });
    expect(listPriceOf(p, l)).toBe(90_000);
    // fixed 5.000 → 4.500, 10 % of 90.000, final 70.000 → 63.000
    expect([1, 6, 12, 24].map((q) => unit(p, q, l))).toEqual([90_000, 85_500, 81_000, 63_000]);
    // another product of the same list follows the percentage
    expect(listPriceOf(product({ id: 'p2' }), l)).toBe(95_000);
  });

  it('the table of decision 018: the +10 % column and a sale on an explicit price', () => {
    const p = product({ discounts: tiers });
    expect([1, 6, 12, 24].map((q) => unit(p, q, list(10)))).toEqual([110_000, 104_500, 99_000, 77_000]);
    const onSale = product({ on_sale: true, sale_price: 80_000, discounts: tiers });
    expect([1, 24].map((q) => unit(onSale, q, list(-5, { p1: 90_000 })))).toEqual([72_000, 72_000]);
  });

  it('an explicit price above the base raises every price of that product proportionally', () => {
    const p = product({ on_sale: true, sale_price: 80_000 });
    expect(priceLine(applyPriceList(p, list(0, { p1: 120_000 })), 1, 'wholesale')).toMatchObject({ basePrice: 120_000, unitPrice: 96_000 });
  });

  it('leaves retail prices alone and the base list unchanged', () => {
    const p = product({ on_sale_retail: true, sale_price_retail: 140_000, discounts: tiers });
    const applied = applyPriceList(p, list(-5));
    expect(applied.retail_price).toBe(150_000);
    expect(applied.sale_price_retail).toBe(140_000);
    expect(applyPriceList(p, null)).toBe(p);
    expect(applyPriceList(p, list(0))).toBe(p);
  });

  it('does not send a stored sale price that is switched off', () => {
    expect(applyPriceList(product({ sale_price: 80_000 }), list(-5))).toMatchObject({ on_sale: false, sale_price: null });
  });

  it('prices a cart at the list: the server’s total', () => {
    const cart = priceCartOnList(
      [
        { product: product({ discounts: tiers }), quantity: 12 },
        { product: product({ id: 'p2', price: 1_999 }), quantity: 3 },
      ],
      list(-5),
    );
    // 12 × 85.500 + 3 × round(1.899,05) = 1.026.000 + 3 × 1.899
    expect(cart.total).toBe(12 * 85_500 + 3 * 1_899);
  });
});

describe('which list a profile buys at', () => {
  const customer = { approved: true, is_admin: false, is_super_admin: false };
  it.each([
    ['approved customer', customer, 'l1', 'l1'],
    ['approved customer on the base list', customer, null, null],
    ['unapproved (retail prices)', { ...customer, approved: false }, 'l1', null],
    ['admin (base list, the prices they edit)', { ...customer, is_admin: true }, 'l1', null],
    ['super admin', { ...customer, is_super_admin: true }, 'l1', null],
    ['visitor', null, null, null],
  ] as const)('%s', (_label, profile, assigned, expected) => {
    expect(effectivePriceListId(profile, assigned)).toBe(expected);
  });
});

// ── properties ───────────────────────────────────────────────────────────────────────────────

const tierArb = (price: number): fc.Arbitrary<DiscountTier> =>
  fc.oneof(
    fc.record({ minQuantity: fc.integer({ min: 2, max: 50 }), discountType: fc.constant('fixed' as const), discountValue: fc.integer({ min: 1, max: Math.max(1, price - 1) }) }),
    fc.record({ minQuantity: fc.integer({ min: 2, max: 50 }), discountType: fc.constant('percentage' as const), discountValue: fc.integer({ min: 1, max: 99 }) }),
    fc.record({ minQuantity: fc.integer({ min: 2, max: 50 }), discountType: fc.constant('final_price' as const), discountValue: fc.integer({ min: 1, max: Math.max(1, price - 1) }) }),
  );

const productArb: fc.Arbitrary<Item> = fc.integer({ min: 2, max: 50_000_000 }).chain((price) =>
  fc.record({
    id: fc.constant('p1'),
    price: fc.constant(price),
    retail_price: fc.integer({ min: 1, max: 100_000_000 }),
    on_sale: fc.boolean(),
    sale_price: fc.option(fc.integer({ min: 1, max: price - 1 }), { nil: null }),
    on_sale_retail: fc.constant(false),
    sale_price_retail: fc.constant(null),
    discounts: fc.uniqueArray(tierArb(price), { selector: (t) => t.minQuantity, maxLength: 4 }),
  }),
);

const quantityArb = fc.integer({ min: 1, max: 100 });

describe('price-list invariants (properties)', () => {
  it('a list at or under the base (−99,99 %…0 %) never costs more than the base list, for any quantity', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: -9_999, max: 0 }), quantityArb, (p, bp, q) => {
        const l: PriceListRule = { id: 'l', percentageBp: bp, prices: new Map() };
        expect(unit(p, q, l)).toBeLessThanOrEqual(unit(p, q, null));
      }),
    );
  });

  it('a list over the base never costs less than the base list, for any quantity', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: 0, max: 100_000 }), quantityArb, (p, bp, q) => {
        const l: PriceListRule = { id: 'l', percentageBp: bp, prices: new Map() };
        expect(unit(p, q, l)).toBeGreaterThanOrEqual(unit(p, q, null));
      }),
    );
  });

  it('an explicit price at or under the base never costs more than the base list; the list price is exactly it', () => {
    fc.assert(
      fc.property(productArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: -9_999, max: 100_000 }), quantityArb, (p, share, bp, q) => {
        const explicit = Math.max(1, Math.floor(p.price * share));
        const l: PriceListRule = { id: 'l', percentageBp: bp, prices: new Map([[p.id, explicit]]) };
        expect(listPriceOf(p, l)).toBe(explicit);
        expect(priceLine(applyPriceList(p, l), 1, 'wholesale').unitPrice).toBeLessThanOrEqual(explicit);
        expect(unit(p, q, l)).toBeLessThanOrEqual(unit(p, q, null));
      }),
    );
  });

  it('a deeper list is never dearer than a shallower one (monotone in the percentage)', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: -9_999, max: 100_000 }), fc.integer({ min: -9_999, max: 100_000 }), quantityArb, (p, a, b, q) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const at = (bp: number) => unit(p, q, { id: 'l', percentageBp: bp, prices: new Map() });
        expect(at(low)).toBeLessThanOrEqual(at(high));
      }),
    );
  });

  it('every unit price stays within [0, list price], and a sale on the list is below the list price', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: -9_999, max: 100_000 }), quantityArb, (p, bp, q) => {
        const applied = applyPriceList(p, { id: 'l', percentageBp: bp, prices: new Map() });
        const line = priceLine(applied, q, 'wholesale');
        expect(line.unitPrice).toBeGreaterThanOrEqual(0);
        expect(line.unitPrice).toBeLessThanOrEqual(applied.price);
        // (A sale flag without a price is no sale: the engine ignores it, decision 003.)
        if (applied.on_sale && applied.sale_price !== null) expect(applied.sale_price).toBeLessThan(applied.price);
        expect(applied.discounts.every((t) => t.discountValue > 0)).toBe(true);
      }),
    );
  });
});
