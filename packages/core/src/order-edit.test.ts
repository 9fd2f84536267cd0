import { describe, expect, it } from 'vitest';
import { priceOrderEdit, quantityChanges, type EditableProduct } from './order-edit';
import type { OrderItem } from './schemas/order';

const product = (id: string, price: number, extra: Partial<EditableProduct> = {}): EditableProduct => ({
  id,
  name: `P${id}`,
  price,
  retail_price: price * 2,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  ...extra,
});

const item = (id: string, quantity: number, price: number, applied: OrderItem['discounts']['applied'] = 'none', base = price): OrderItem => ({
  product_id: id,
  name: `P${id}`,
  quantity,
  price,
  total: price * quantity,
  discounts: { base_price: base, savings: (base - price) * quantity, applied, tier: null },
});

describe('priceOrderEdit', () => {
  const tiers = [{ minQuantity: 10, discountType: 'percentage' as const, discountValue: 10 }];

  it('keeps an unchanged line exactly, even when the product is gone or its price moved', () => {
    const before = [item('a', 2, 1_000)];
    const edit = priceOrderEdit(before, [{ product_id: 'a', quantity: 2 }], new Map(), false);
    expect(edit).toEqual({ items: before, total: 2_000, totalSavings: 0, missing: [] });
  });

  it('prices a changed line at its ordered base price with today’s tiers, and a new line at today’s price', () => {
    const products = new Map([
      ['a', product('a', 5_000, { discounts: tiers })],
      ['b', product('b', 300)],
    ]);
    const edit = priceOrderEdit([item('a', 2, 1_000)], [
      { product_id: 'a', quantity: 10 },
      { product_id: 'b', quantity: 1 },
    ], products, false);
    expect(edit.items.map((i) => [i.product_id, i.price, i.total, i.discounts.applied])).toEqual([
      ['a', 900, 9_000, 'tier'],
      ['b', 300, 300, 'none'],
    ]);
    expect(edit).toMatchObject({ total: 9_300, totalSavings: 1_000, missing: [] });
  });

  it('keeps an ordered sale price; reprice uses today’s prices for every line', () => {
    const products = new Map([['a', product('a', 2_000)]]);
    const sale = [item('a', 1, 700, 'sale', 1_000)];
    expect(priceOrderEdit(sale, [{ product_id: 'a', quantity: 3 }], products, false).items[0]).toMatchObject({ price: 700, total: 2_100 });
    expect(priceOrderEdit(sale, [{ product_id: 'a', quantity: 3 }], products, true).items[0]).toMatchObject({ price: 2_000, total: 6_000 });
  });

  it('reports the lines it cannot price', () => {
    expect(priceOrderEdit([], [{ product_id: 'x', quantity: 1 }], new Map(), false).missing).toEqual(['x']);
    expect(priceOrderEdit([item('a', 1, 100)], [{ product_id: 'a', quantity: 1 }], new Map(), true).missing).toEqual(['a']);
  });
});

describe('quantityChanges', () => {
  it('is new minus old per product, leaving out the unchanged', () => {
    expect(
      quantityChanges(
        [
          { product_id: 'a', quantity: 4 },
          { product_id: 'b', quantity: 2 },
          { product_id: 'c', quantity: 1 },
        ],
        [
          { product_id: 'a', quantity: 6 },
          { product_id: 'c', quantity: 1 },
          { product_id: 'd', quantity: 3 },
        ],
      ),
    ).toEqual([
      { productId: 'a', change: 2 },
      { productId: 'b', change: -2 },
      { productId: 'd', change: 3 },
    ]);
  });
});
