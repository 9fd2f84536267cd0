import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pagePathFor } from './page-loaders';
import { PAGE_MODULES } from './page-modules';
import { routes } from './routes';

// Paths a user, a link in an e-mail or a WhatsApp message may bring, written every awkward way.
const PATHS = [
  '/',
  '//',
  '/catalog',
  '/catalog/',
  '/Catalog',
  '/CATALOG//',
  '/cat%61log',
  '/My-Orders',
  '/verificar%2Dcorreo',
  '/catalog/extra',
  '//catalog',
  '/catalog%2Fextra',
  '/cat%E0%A4%A',
  '/constructor',
  '/__proto__',
  '/esto/no/existe',
];

describe('pagePathFor', () => {
  it('names the route react-router opens for each path, so the preloaded page is the one shown', () => {
    // react-router warns about the malformed escape it is given on purpose.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const pathname of PATHS) {
      const matched = matchRoutes(routes, pathname)?.at(-1)?.route.path;
      expect(pagePathFor(pathname), pathname).toBe(matched);
    }
    warn.mockRestore();
  });

  it('lists exactly the routes the router has, so no page goes without its preload', () => {
    const routePaths = routes.flatMap((route) => route.children ?? []).map((route) => route.path);
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(routePaths.sort());
  });
});
