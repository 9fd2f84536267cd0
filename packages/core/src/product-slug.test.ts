import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseProductRef, productPath, productSlug, shortIdRange, slugifyName, whatsAppShareUrl } from './product-slug';

const id = '3f2a9c1b-7d4e-4a53-9d0f-2a4c8b7e9a10';

describe('product slugs', () => {
  it('builds a readable address from the name and the short id', () => {
    expect(productSlug({ id, name: 'Azúcar Ledesma 1 kg' })).toBe('azucar-ledesma-1-kg-3f2a9c1b7d4e');
    expect(productPath({ id, name: 'Yerba "Playadito" x 500 g!!' })).toBe('/catalogo/yerba-playadito-x-500-g-3f2a9c1b7d4e');
    expect(productSlug({ id, name: '¡¡¡' })).toBe('3f2a9c1b7d4e');
    expect(slugifyName('Ñandú  Té — Café')).toBe('nandu-te-cafe');
  });

  it('finds the product by its short id whatever the name part says (a renamed product keeps its links)', () => {
    expect(parseProductRef('azucar-ledesma-1-kg-3f2a9c1b7d4e')).toEqual({
      kind: 'short',
      shortId: '3f2a9c1b7d4e',
      slug: 'azucar-ledesma-1-kg-3f2a9c1b7d4e',
    });
    expect(parseProductRef('nombre-viejo-3F2A9C1B7D4E')).toMatchObject({ kind: 'short', shortId: '3f2a9c1b7d4e' });
    expect(parseProductRef(id.toUpperCase())).toEqual({ kind: 'id', id });
  });

  it.each([
    '',
    'azucar',
    'azucar-3f2a9c1b7d4',
    'azucar-3f2a9c1b7d4g',
    '../3f2a9c1b7d4e',
    'a--3f2a9c1b7d4e',
    `${'a'.repeat(80)}-3f2a9c1b7d4e`,
  ])('refuses %j as an address', (ref) => expect(parseProductRef(ref)).toBeNull());

  it('every product slug parses back to its own short id, and the id falls inside its range', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ maxLength: 120 }), (uuid, name) => {
        const ref = parseProductRef(productSlug({ id: uuid, name }));
        expect(ref?.kind).toBe('short');
        const { lower, upper } = shortIdRange((ref as { shortId: string }).shortId);
        expect(lower <= uuid.toLowerCase() && uuid.toLowerCase() <= upper).toBe(true);
      }),
    );
  });

  it('shares the name and the address through wa.me', () => {
    expect(whatsAppShareUrl('Té & Café', 'https://x.test/catalogo/te-cafe-3f2a9c1b7d4e')).toBe(
      'https://wa.me/?text=T%C3%A9%20%26%20Caf%C3%A9%20https%3A%2F%2Fx.test%2Fcatalogo%2Fte-cafe-3f2a9c1b7d4e',
    );
  });
});
