import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocate,
  grossUnitPrice,
  IVA_RATES,
  ivaBreakdown,
  ivaOnNet,
  ivaRateLabel,
  netOfGross,
  netUnitPrice,
  ivaLineView,
  ivaAmountView,
  savingsView,
  savingsLabel,
  catalogueIvaNote,
  ivaSummaryRows,
  showsIvaItemised,
  type IvaLineInput,
} from './iva';
import { priceCart, type PricedProduct } from './pricing';

describe('ivaBreakdown — examples', () => {
  it('prices include IVA: $ 121,00 at 21 % is $ 100,00 net and $ 21,00 IVA', () => {
    const b = ivaBreakdown([{ lineTotal: 12_100, ivaRate: 21 }], true);
    expect(b).toMatchObject({ net: 10_000, iva: 2_100, total: 12_100, groups: [{ rate: 21, net: 10_000, iva: 2_100 }] });
    expect(b.lines).toEqual([{ rate: 21, net: 10_000, iva: 2_100, gross: 12_100 }]);
  });

  it('prices exclude IVA: $ 100,00 at 10,5 % adds $ 10,50', () => {
    const b = ivaBreakdown([{ lineTotal: 10_000, ivaRate: 10.5 }], false);
    expect(b).toMatchObject({ net: 10_000, iva: 1_050, total: 11_050 });
    expect(b.lines[0]).toEqual({ rate: 10.5, net: 10_000, iva: 1_050, gross: 11_050 });
  });

  it('mixed rates: one group per rate, in the order 21, 10,5, 27, exento', () => {
    const lines: IvaLineInput[] = [
      { lineTotal: 5_000, ivaRate: 0 },
      { lineTotal: 12_700, ivaRate: 27 },
      { lineTotal: 11_050, ivaRate: 10.5 },
      { lineTotal: 24_200, ivaRate: 21 },
    ];
    const b = ivaBreakdown(lines, true);
    expect(b.groups).toEqual([
      { rate: 21, net: 20_000, iva: 4_200 },
      { rate: 10.5, net: 10_000, iva: 1_050 },
      { rate: 27, net: 10_000, iva: 2_700 },
      { rate: 0, net: 5_000, iva: 0 },
    ]);
    expect(b.total).toBe(52_950);
  });

  it('rounds once per rate group, not per line: seven lines of $ 0,10 at 21 %', () => {
    // Per line: round(2,1) = 2 centavos each, 14 in all. Per group: round(70 × 0,21) = round(14,7) = 15.
    const seven = Array.from({ length: 7 }, () => ({ lineTotal: 10, ivaRate: 21 as const }));
    const b = ivaBreakdown(seven, false);
    expect(b.iva).toBe(15);
    expect(b.lines.reduce((s, l) => s + l.iva, 0)).toBe(15);
  });

  it('an empty cart is all zeros', () => {
    expect(ivaBreakdown([], true)).toEqual({ pricesIncludeIva: true, lines: [], groups: [], net: 0, iva: 0, total: 0 });
  });

  it('refuses a negative line or an unknown rate (programming errors)', () => {
    expect(() => ivaBreakdown([{ lineTotal: -1, ivaRate: 21 }], true)).toThrow(RangeError);
    expect(() => ivaBreakdown([{ lineTotal: 1, ivaRate: 19 as never }], true)).toThrow(RangeError);
  });

  it('half centavos round up', () => {
    expect(ivaOnNet(50, 21)).toBe(11); // 10,5 → 11
    expect(ivaOnNet(10, 10.5)).toBe(1); // 1,05 → 1
    expect(netOfGross(121, 21)).toBe(100);
    expect(netOfGross(1, 21)).toBe(1); // 0,826… → 1
  });

  it('labels and who sees IVA itemised', () => {
    expect(IVA_RATES.map(ivaRateLabel)).toEqual(['21 %', '10,5 %', '27 %', 'Exento']);
    expect(showsIvaItemised('responsable_inscripto')).toBe(true);
    for (const other of ['monotributista', 'exento', 'consumidor_final', null, undefined])
      expect(showsIvaItemised(other)).toBe(false);
  });

  it('unit prices for display', () => {
    expect(netUnitPrice(12_100, 21, true)).toBe(10_000);
    expect(netUnitPrice(10_000, 21, false)).toBe(10_000);
    expect(grossUnitPrice(10_000, 27, false)).toBe(12_700);
    expect(grossUnitPrice(12_100, 21, true)).toBe(12_100);
  });
});

describe('allocate', () => {
  it('splits by largest remainder, ties to the earlier weight', () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(0, [5, 0])).toEqual([0, 0]);
    expect(allocate(3, [0, 0])).toEqual([3, 0]);
  });
});

const rate = fc.constantFrom(...IVA_RATES);
// Up to 100 lines of up to $ 10.000.000 each: beyond what a wholesale order carries.
const lines = fc.array(fc.record({ lineTotal: fc.integer({ min: 0, max: 1_000_000_000 }), ivaRate: rate }), { maxLength: 100 });

describe('ivaBreakdown — properties', () => {
  it('Σ lines = groups = total, gross = net + iva, nothing negative', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (input, included) => {
        const b = ivaBreakdown(input, included);
        expect(b.lines.reduce((s, l) => s + l.gross, 0)).toBe(b.total);
        expect(b.lines.reduce((s, l) => s + l.net, 0)).toBe(b.net);
        expect(b.lines.reduce((s, l) => s + l.iva, 0)).toBe(b.iva);
        expect(b.net + b.iva).toBe(b.total);
        for (const l of b.lines) {
          expect(l.net + l.iva).toBe(l.gross);
          expect(l.net).toBeGreaterThanOrEqual(0);
          expect(l.iva).toBeGreaterThanOrEqual(0);
        }
        for (const g of b.groups) {
          const members = b.lines.filter((l) => l.rate === g.rate);
          // Per-rate sums are exact: the lines of a rate add up to its group, centavo for centavo.
          expect(members.reduce((s, l) => s + l.net, 0)).toBe(g.net);
          expect(members.reduce((s, l) => s + l.iva, 0)).toBe(g.iva);
          if (g.rate === 0) expect(g.iva).toBe(0);
        }
      }),
    );
  });

  it('prices include IVA: the total is exactly today’s Σ line totals, and each line keeps its own total', () => {
    fc.assert(
      fc.property(lines, (input) => {
        const b = ivaBreakdown(input, true);
        expect(b.total).toBe(input.reduce((s, l) => s + l.lineTotal, 0));
        b.lines.forEach((l, i) => expect(l.gross).toBe(input[i]!.lineTotal));
      }),
    );
  });

  it('prices exclude IVA: the net is Σ line totals and each group’s IVA is round(net × rate)', () => {
    fc.assert(
      fc.property(lines, (input) => {
        const b = ivaBreakdown(input, false);
        expect(b.net).toBe(input.reduce((s, l) => s + l.lineTotal, 0));
        for (const g of b.groups) expect(g.iva).toBe(Math.round((g.net * g.rate) / 100 + 1e-9 * Math.sign(g.net)));
      }),
    );
  });

  it('prices include IVA: each group’s IVA is within 1 centavo of net × rate (the invoice check)', () => {
    fc.assert(
      fc.property(lines, (input) => {
        for (const g of ivaBreakdown(input, true).groups) expect(Math.abs(g.iva - (g.net * g.rate) / 100)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('works on what the pricing engine produced (tiers and sales included)', () => {
    const product = fc.record({
      price: fc.integer({ min: 1, max: 10_000_000 }),
      on_sale: fc.boolean(),
      discount: fc.integer({ min: 1, max: 99 }),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(product, fc.integer({ min: 1, max: 500 }), rate), { maxLength: 30 }), (rows) => {
        const priced = priceCart(
          rows.map(([p, quantity]) => ({
            product: {
              price: p.price,
              retail_price: p.price,
              on_sale: p.on_sale,
              sale_price: p.on_sale ? Math.max(1, Math.floor(p.price / 2)) : null,
              on_sale_retail: false,
              sale_price_retail: null,
              discounts: [{ minQuantity: 10, discountType: 'percentage', discountValue: p.discount }],
            } satisfies PricedProduct,
            quantity,
          })),
          'wholesale',
        );
        const b = ivaBreakdown(
          priced.lines.map((l, i) => ({ lineTotal: l.lineTotal, ivaRate: rows[i]![2] })),
          true,
        );
        expect(b.total).toBe(priced.total);
      }),
    );
  });
});

describe('how documents show it', () => {
  const b = ivaBreakdown(
    [
      { lineTotal: 24_200, ivaRate: 21 },
      { lineTotal: 11_050, ivaRate: 10.5 },
      { lineTotal: 5_000, ivaRate: 0 },
    ],
    true,
  );

  it('a Responsable Inscripto reads neto gravado, exento and IVA per rate', () => {
    expect(ivaSummaryRows(b, true)).toEqual([
      { label: 'Neto gravado', amount: 30_000 },
      { label: 'Exento', amount: 5_000 },
      { label: 'IVA 21 %', amount: 4_200 },
      { label: 'IVA 10,5 %', amount: 1_050 },
    ]);
  });

  it('everyone else reads the IVA the final prices contain', () => {
    expect(ivaSummaryRows(b, false)).toEqual([{ label: 'IVA contenido', amount: 5_250 }]);
  });

  it('the rows and the total add up', () => {
    const rows = ivaSummaryRows(b, true);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(b.total);
  });

  it('lines: net to a Responsable Inscripto, gross to everyone else', () => {
    expect(ivaLineView(12_100, b.lines[0]!, true, true)).toEqual({ unitPrice: 10_000, total: 20_000 });
    expect(ivaLineView(12_100, b.lines[0]!, true, false)).toEqual({ unitPrice: 12_100, total: 24_200 });
  });
});

describe('every amount of a line in one basis', () => {
  it('a tier price and a saving read net to a Responsable Inscripto when prices include IVA', () => {
    // The QA cart: aceite $ 2.950 with IVA (net $ 2.438,02), next tier $ 2.850 (net $ 2.355,37).
    expect(ivaAmountView(285_000, 21, true, true)).toBe(235_537);
    expect(ivaAmountView(295_000, 21, true, true)).toBe(netUnitPrice(295_000, 21, true));
    // 6 × ($ 3.100 − $ 2.950) = $ 900 with IVA: $ 743,80 net, as the line says.
    expect(ivaAmountView(90_000, 21, true, true)).toBe(74_380);
  });

  it('everyone else reads them with IVA; a list + IVA gets it added', () => {
    expect(ivaAmountView(90_000, 21, true, false)).toBe(90_000);
    expect(ivaAmountView(10_000, 21, false, false)).toBe(12_100);
    expect(ivaAmountView(10_000, 21, false, true)).toBe(10_000);
    expect(ivaAmountView(10_000, 0, true, true)).toBe(10_000);
  });

  it("the summary's saving is the sum of what the lines show", () => {
    const lines = [
      { savings: 90_000, rate: 21 as const },
      { savings: 11_050, rate: 10.5 as const },
      { savings: 0, rate: 27 as const },
    ];
    expect(savingsView(lines, true, true)).toBe(74_380 + 10_000);
    expect(savingsView(lines, true, false)).toBe(101_050);
    fc.assert(
      fc.property(
        fc.array(fc.record({ savings: fc.integer({ min: 0, max: 10_000_000 }), rate: fc.constantFrom(...IVA_RATES) })),
        fc.boolean(),
        fc.boolean(),
        (ls, includes, itemised) => {
          const sum = ls.reduce((s, l) => s + ivaAmountView(l.savings, l.rate, includes, itemised), 0);
          expect(savingsView(ls, includes, itemised)).toBe(sum);
        },
      ),
    );
  });

  it('the label says "sin IVA" when the saving is net', () => {
    expect(savingsLabel(true)).toBe('Ahorro total (sin IVA)');
    expect(savingsLabel(false)).toBe('Ahorro total');
  });

  it('the catalogue says which basis its prices are', () => {
    expect(catalogueIvaNote(true, false)).toBe('Precios finales con IVA incluido.');
    expect(catalogueIvaNote(true, true)).toBe(
      'Precios con IVA incluido. En el carrito los ves sin IVA, con el IVA discriminado al pie.',
    );
    expect(catalogueIvaNote(false, true)).toBe('Precios sin IVA (+ IVA). En el carrito el IVA se discrimina al pie.');
    expect(catalogueIvaNote(false, false)).toBe('Precios sin IVA (+ IVA). En el carrito los ves con el IVA incluido.');
  });
});
