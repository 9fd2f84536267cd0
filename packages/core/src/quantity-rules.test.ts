import { describe, expect, it } from 'vitest';
import { cart } from './messages/cart';
import {
  checkQuantity,
  largestQuantity,
  missingForMinimumOrder,
  quantityFix,
  quantityProblemText,
  quantityRuleHints,
  smallestQuantity,
  type QuantityRuleProduct,
} from './quantity-rules';

const product = (rules: Partial<QuantityRuleProduct> = {}): QuantityRuleProduct => ({
  name: 'Yerba 500 g',
  min_quantity: 1,
  pack_size: 1,
  max_quantity: null,
  stock: 1000,
  has_unlimited_stock: false,
  ...rules,
});

describe('checkQuantity', () => {
  it('accepts any whole quantity without rules, up to the stock', () => {
    expect(checkQuantity(product(), 1)).toBeNull();
    expect(checkQuantity(product({ stock: 5 }), 5)).toBeNull();
    expect(checkQuantity(product({ stock: 5 }), 15)).toEqual({ kind: 'above_stock', stock: 5 });
    expect(checkQuantity(product({ stock: 0, has_unlimited_stock: true }), 15)).toBeNull();
  });

  it.each([0, -3, 2.5, Number.NaN])('refuses %s as not a whole quantity', (q) => {
    expect(checkQuantity(product(), q)?.kind).toBe('not_whole');
  });

  it('moves by packs: refuses 13 of a pack of 12 and suggests 24, accepts 24', () => {
    const p = product({ pack_size: 12 });
    expect(checkQuantity(p, 13)).toEqual({ kind: 'not_pack_multiple', pack: 12, suggestion: 24 });
    expect(checkQuantity(p, 24)).toBeNull();
  });

  it('applies the minimum rounded up to whole packs, and the maximum', () => {
    const p = product({ pack_size: 12, min_quantity: 20, max_quantity: 120 });
    expect(smallestQuantity(p)).toBe(24);
    expect(checkQuantity(p, 12)).toEqual({ kind: 'below_minimum', minimum: 24 });
    expect(checkQuantity(p, 132)).toEqual({ kind: 'above_maximum', maximum: 120 });
    expect(quantityRuleHints(p)).toEqual(['Bulto x 12', 'Mínimo 24 u.', 'Máximo 120 u.']);
  });

  it('offers the fix the cart shows, within stock and whole packs', () => {
    const p = product({ pack_size: 12, stock: 30 });
    expect(largestQuantity(p)).toBe(24);
    expect(quantityFix(p, checkQuantity(p, 13)!)).toBe(24);
    expect(quantityFix(p, checkQuantity(p, 36)!)).toBe(24);
    expect(quantityFix(product({ pack_size: 12, stock: 5 }), { kind: 'above_stock', stock: 5 })).toBeNull();
  });

  it('words the stock refusal with the spec text', () => {
    expect(quantityProblemText({ kind: 'above_stock', stock: 5 }, 'Yerba')).toBe(cart.insufficientStockText('Yerba'));
    expect(quantityProblemText({ kind: 'above_stock', stock: 5 }, 'Yerba')).toBe('No hay suficiente stock para Yerba');
  });
});

describe('missingForMinimumOrder', () => {
  it('is what is missing, or 0 without a minimum or once reached', () => {
    expect(missingForMinimumOrder(20_000, 25_000)).toBe(5_000);
    expect(missingForMinimumOrder(25_000, 25_000)).toBe(0);
    expect(missingForMinimumOrder(1, 0)).toBe(0);
  });
});

describe('steppers', () => {
  it('move by whole packs from the smallest quantity, and to 0 below it', async () => {
    const { stepUp, stepDown } = await import('./quantity-rules');
    const p = product({ pack_size: 12, min_quantity: 24 });
    expect(stepUp(p, 0)).toBe(24);
    expect(stepUp(p, 24)).toBe(36);
    expect(stepUp(p, 13)).toBe(24);
    expect(stepDown(p, 36)).toBe(24);
    expect(stepDown(p, 25)).toBe(24);
    expect(stepDown(p, 24)).toBe(0);
  });
});
