import { describe, expect, it } from 'vitest';
import { noCart } from './no-cart';
import { DEFAULT_TERMS, summarizeCart } from './cart-summary';

describe('noCart', () => {
  it('is what the cart rules give for no lines (the nav shows the same before the cart code loads)', () => {
    const empty = noCart('idle');
    const ruled = summarizeCart([], DEFAULT_TERMS);
    const summaryKeys = Object.keys(ruled) as (keyof typeof ruled)[];
    expect(Object.fromEntries(summaryKeys.map((key) => [key, empty[key]]))).toEqual(ruled);
  });

  it('changes nothing: adding is refused, the lines stay empty', async () => {
    const empty = noCart('loading');
    expect(empty.status).toBe('loading');
    expect(empty.addItem({ id: 'p1' } as never, 2)).toBe(false);
    expect(empty.currentLines()).toEqual([]);
    await expect(empty.flushSave()).resolves.toBeUndefined();
  });
});
