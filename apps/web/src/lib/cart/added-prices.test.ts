import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { changeSinceAdded, syncAddedPrices } from './added-prices';
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

describe('added prices (issue 17 §6)', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the price a line was added at and tells the change until the line leaves the cart', () => {
    syncAddedPrices('u1', [{ product: product('a', 100_000), quantity: 1 }]);
    // Today the price rose 8 %: the line says so.
    let added = syncAddedPrices('u1', [{ product: product('a', 108_000), quantity: 1 }]);
    expect(changeSinceAdded(added, product('a', 108_000))).toBe(8);
    expect(messages.pricing.changedSinceAdded(8)).toBe('Subió 8 % desde que lo agregaste');
    // A sale counts as the unit price: 25 % down.
    expect(changeSinceAdded(added, product('a', 108_000, { on_sale: true, sale_price: 75_000 }))).toBe(-25);
    expect(messages.pricing.changedSinceAdded(-25)).toBe('Bajó 25 % desde que lo agregaste');
    // Removed (or the order placed and the cart emptied): forgotten; added again, no notice.
    syncAddedPrices('u1', []);
    added = syncAddedPrices('u1', [{ product: product('a', 108_000), quantity: 1 }]);
    expect(changeSinceAdded(added, product('a', 108_000))).toBe(0);
  });

  it('keeps one map per user', () => {
    syncAddedPrices('u1', [{ product: product('a', 100_000), quantity: 1 }]);
    const other = syncAddedPrices('u2', [{ product: product('a', 200_000), quantity: 1 }]);
    expect(changeSinceAdded(other, product('a', 200_000))).toBe(0);
  });
});
