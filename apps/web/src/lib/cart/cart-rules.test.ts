import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/test-products';
import { addToLines, lineProblem, setLineQuantity, type CartLine, type CartProduct } from './cart-rules';

const product = (overrides: Partial<CartProduct> = {}): CartProduct => makeProduct(overrides);

describe('addToLines (the validation rules add to cart)', () => {
  it.each([
    { label: 'within stock', existing: 0, add: 3, stock: 10, unlimited: false, expected: 3 },
    { label: 'exactly the stock', existing: 4, add: 6, stock: 10, unlimited: false, expected: 10 },
    { label: 'unlimited stock beyond the stock number', existing: 5, add: 500, stock: 0, unlimited: true, expected: 505 },
  ])('adds $label and says so', ({ existing, add, stock, unlimited, expected }) => {
    const p = product({ stock, has_unlimited_stock: unlimited });
    const lines: CartLine[] = existing ? [{ product: p, quantity: existing }] : [];
    const change = addToLines(lines, p, add);
    expect(change.lines).toEqual([{ product: p, quantity: expected }]);
    expect(change.notice).toEqual({
      title: 'Producto añadido',
      description: 'Yerba Mate Playadito 1 kg se ha añadido al carrito.',
      variant: 'default',
    });
  });

  it.each([
    { existing: 0, add: 11 },
    { existing: 8, add: 3 },
    { existing: 10, add: 1 },
  ])('refuses $add more when $existing of 10 are in the cart, changing nothing', ({ existing, add }) => {
    const p = product({ stock: 10 });
    const lines: CartLine[] = existing ? [{ product: p, quantity: existing }] : [];
    const change = addToLines(lines, p, add);
    expect(change.lines).toBe(lines);
    expect(change.notice).toEqual({
      title: 'Stock insuficiente',
      description: 'No hay suficiente stock para Yerba Mate Playadito 1 kg',
      variant: 'destructive',
    });
  });

  it('never goes above the order limit of 10.000 units, even with unlimited stock', () => {
    const p = product({ has_unlimited_stock: true });
    const change = addToLines([{ product: p, quantity: 9_999 }], p, 2);
    expect(change.lines).toEqual([{ product: p, quantity: 9_999 }]);
    expect(change.notice?.variant).toBe('destructive');
  });

  it('keeps other lines and their order', () => {
    const a = product({ id: 'a', name: 'A' });
    const b = product({ id: 'b', name: 'B' });
    const change = addToLines([{ product: a, quantity: 1 }, { product: b, quantity: 1 }], a, 2);
    expect(change.lines.map((l) => [l.product.id, l.quantity])).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
  });
});

describe('setLineQuantity (the validation rules update quantity)', () => {
  const p = product({ stock: 7 });
  const lines: CartLine[] = [{ product: p, quantity: 2 }];

  it.each([0, -1, -50, Number.NaN])('removes the line for %s', (quantity) => {
    const change = setLineQuantity(lines, p.id, quantity);
    expect(change.lines).toEqual([]);
    expect(change.notice).toBeNull();
  });

  it('sets a quantity within stock silently', () => {
    expect(setLineQuantity(lines, p.id, 7)).toEqual({ lines: [{ product: p, quantity: 7 }], notice: null });
  });

  it.each([8, 100])('caps %s to the stock with "Solo quedan 7 unidades de …"', (quantity) => {
    const change = setLineQuantity(lines, p.id, quantity);
    expect(change.lines).toEqual([{ product: p, quantity: 7 }]);
    expect(change.notice).toMatchObject({ description: 'Solo quedan 7 unidades de Yerba Mate Playadito 1 kg', variant: 'destructive' });
  });

  it('removes a line whose product has no stock left when raised', () => {
    const gone = product({ stock: 0 });
    const change = setLineQuantity([{ product: gone, quantity: 1 }], gone.id, 2);
    expect(change.lines).toEqual([]);
    expect(change.notice?.description).toBe('Solo quedan 0 unidades de Yerba Mate Playadito 1 kg');
  });

  it('ignores an unknown product id', () => {
    const change = setLineQuantity(lines, 'otro', 3);
    expect(change.lines).toBe(lines);
  });
});

describe('quantity rules in the cart (the wholesale-ordering work, decision 016)', () => {
  const pack = product({ name: 'Aceite x 12', pack_size: 12, stock: 100 });

  it('refuses 13 of a pack of 12 with the reason, and accepts 24', () => {
    const refused = addToLines([], pack, 13);
    expect(refused.lines).toEqual([]);
    expect(refused.notice).toMatchObject({ title: 'Cantidad no válida', variant: 'destructive' });
    expect(refused.notice?.description).toContain('bultos de 12');
    expect(addToLines([], pack, 24).lines).toEqual([{ product: pack, quantity: 24 }]);
  });

  it('refuses a fractional quantity instead of rounding it', () => {
    const change = addToLines([], product(), 2.5);
    expect(change.lines).toEqual([]);
    expect(change.notice?.variant).toBe('destructive');
  });

  it('keeps the line when an edit breaks the pack, and caps above the stock in whole packs', () => {
    const lines: CartLine[] = [{ product: pack, quantity: 24 }];
    const refused = setLineQuantity(lines, pack.id, 30);
    expect(refused.lines).toBe(lines);
    const capped = setLineQuantity(lines, pack.id, 240);
    expect(capped.lines[0]!.quantity).toBe(96);
    expect(capped.notice?.description).toBe('Solo quedan 100 unidades de Aceite x 12');
  });

  it('shows a saved line that a later rule breaks with its fix, without changing it', () => {
    expect(lineProblem({ product: pack, quantity: 13 })).toEqual({ text: expect.stringContaining('bultos de 12'), fix: 24 });
    expect(lineProblem({ product: pack, quantity: 24 })).toBeNull();
  });
});
