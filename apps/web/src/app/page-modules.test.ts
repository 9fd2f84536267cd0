import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, pagePathFor } from './page-modules';
import { routes } from './routes';

describe('pagePathFor', () => {
  it('finds each route as react-router matches it: any case, with or without a trailing slash', () => {
    expect(pagePathFor('/')).toBe('/');
    expect(pagePathFor('/catalog')).toBe('/catalog');
    expect(pagePathFor('/catalog/')).toBe('/catalog');
    expect(pagePathFor('/Catalog')).toBe('/catalog');
    expect(pagePathFor('/My-Orders//')).toBe('/my-orders');
  });

  it('sends every other path to the not-found page, including inherited object keys', () => {
    for (const pathname of ['/catalog/extra', '/esto/no/existe', '/constructor', '/__proto__', '']) {
      expect(pagePathFor(pathname), pathname).toBe('*');
    }
  });

  it('lists exactly the routes the router has, so no page goes without its preload', () => {
    const routePaths = routes.flatMap((route) => route.children ?? []).map((route) => route.path);
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(routePaths.sort());
  });
});
