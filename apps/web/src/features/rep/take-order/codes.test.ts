import { describe, expect, it } from 'vitest';
import { quantitiesFromCodes } from './codes';

const products = [
  { id: 'a', sku: 'YM-1', barcode: '7790070411716' },
  { id: 'b', sku: 'AZ-2', barcode: null },
];

describe('pasted codes into "Tomar pedido" lines', () => {
  it('finds SKUs in any case and barcodes, adding a repeated code up', () => {
    expect(quantitiesFromCodes('ym-1 12\n7790070411716 x 6\nAZ-2;3', products)).toEqual({ quantities: { a: 18, b: 3 }, unknown: [], unreadable: [] });
  });

  it('names the codes this customer has not, the quantities that are no whole number, and the lines it cannot read', () => {
    const result = quantitiesFromCodes('XX-9 2\nAZ-2 2,5\nhola', products);
    expect(result.quantities).toEqual({});
    expect(result.unknown).toEqual(['XX-9', 'AZ-2 (2.5)']);
    expect(result.unreadable).toEqual(['Línea 3: «hola»']);
  });
});
