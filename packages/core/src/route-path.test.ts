import { describe, expect, it } from 'vitest';
import { routeKeyFor } from './route-path';

const ROUTES = new Set(['/', '/catalog', '/my-orders', '/verificar-correo']);
const keyFor = (pathname: string) => routeKeyFor(pathname, (key) => ROUTES.has(key));

describe('routeKeyFor', () => {
  it('finds a route in any case, with trailing slashes, and percent-encoded', () => {
    expect(keyFor('/catalog')).toBe('/catalog');
    expect(keyFor('/CATALOG/')).toBe('/catalog');
    expect(keyFor('/catalog///')).toBe('/catalog');
    expect(keyFor('/cat%61log')).toBe('/catalog');
    expect(keyFor('/My-Orders')).toBe('/my-orders');
    expect(keyFor('/verificar%2Dcorreo')).toBe('/verificar-correo');
  });

  it("treats the root however it is written: '/', '//'", () => {
    expect(keyFor('/')).toBe('/');
    expect(keyFor('//')).toBe('/');
  });

  it('sends everything else to the fallback: deeper paths, encoded slashes, malformed escapes, object keys', () => {
    for (const pathname of ['/catalog/extra', '//catalog', '/catalog%2Fextra', '/cat%E0%A4%A', '/constructor', '/__proto__', '/esto/no/existe']) {
      expect(keyFor(pathname), pathname).toBe('*');
    }
    expect(routeKeyFor('/nada', () => false, 'not-found')).toBe('not-found');
  });

  it('opens a route with a trailing :slug parameter for exactly one segment below its parent', () => {
    const routes = new Set(['/catalog', '/catalogo/:slug']);
    const key = (pathname: string) => routeKeyFor(pathname, (k) => routes.has(k));
    expect(key('/catalogo/yerba-500-g-3f2a9c1b7d4e')).toBe('/catalogo/:slug');
    expect(key('/Catalogo/Yerba%20Mate/')).toBe('/catalogo/:slug');
    expect(key('/catalog')).toBe('/catalog');
    for (const pathname of ['/catalogo', '/catalogo/', '/catalogo/a/b', '/catalog/x', '/catalogo%2Fx', '//catalogo/x']) {
      expect(key(pathname), pathname).toBe('*');
    }
  });
});
