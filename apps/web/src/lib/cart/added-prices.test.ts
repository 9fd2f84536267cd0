import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { changeSinceAdded, unitPriceOf } from './added-prices';
import type { CartProduct } from './cart-rules';

const product = (id: string, price: number, extra: Partial<CartProduct> = {}): CartProduct => ({
  id,
  name: id,
  price,
  retail_price: price * 2,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  stock: 10,
  has_unlimited_stock: false,
  min_quantity: 1,
  pack_size: 1,
  max_quantity: null,
  ...extra,
});

describe('added prices (the repricing work, kept by the server: decision 022)', () => {
  it('tells the change of a line since the price the server remembered when it was added', () => {
    const added = { a: unitPriceOf(product('a', 100_000)) };
    // Today the price rose 8 %: the line says so.
    expect(changeSinceAdded(added, product('a', 108_000))).toBe(8);
    expect(messages.pricing.changedSinceAdded(8)).toBe('Subió 8 % desde que lo agregaste');
    // A sale counts as the unit price: 25 % down.
    expect(changeSinceAdded(added, product('a', 108_000, { on_sale: true, sale_price: 75_000 }))).toBe(-25);
    expect(messages.pricing.changedSinceAdded(-25)).toBe('Bajó 25 % desde que lo agregaste');
    // A line the server has no price for (just added, not saved yet): no notice.
    expect(changeSinceAdded({}, product('a', 108_000))).toBe(0);
    expect(changeSinceAdded(added, product('a', 100_000))).toBe(0);
  });
});
