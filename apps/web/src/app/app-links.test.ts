import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { APP_LINKS } from '@mayorista/core/app-links';
import { routes } from './routes';

// The server's e-mails link to these pages (core's APP_LINKS): each must be a page of this app,
// not the "Página no encontrada" fallback. A receipt e-mail once linked to /mi-cuenta-corriente.
describe('the pages e-mails link to', () => {
  it.each(Object.entries(APP_LINKS))('%s (%s) is a route of the app', (_name, link) => {
    const pathname = new URL(link, 'https://mayorista.example').pathname;
    const matched = matchRoutes(routes, pathname)?.at(-1)?.route.path;
    expect(matched).toBeDefined();
    expect(matched).not.toBe('*');
  });

  it('a page that does not exist falls to the "not found" route (the check above can fail)', () => {
    expect(matchRoutes(routes, '/mi-cuenta-corriente')?.at(-1)?.route.path).toBe('*');
  });
});
