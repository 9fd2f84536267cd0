import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { messages } from '@mayorista/core/messages';
import { dismissToast } from '../../../components/ui/toast-store';
import { jsonResponse } from '../../../test/auth-fixtures';
import { renderWithAuth } from '../../../test/render-with-auth';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../api/account-api';
import { CompleteProfileBanner } from './complete-profile-banner';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const t = messages.account;
/** Reads the same query as the banner: once it shows "datos leídos", the banner has rendered with the answer too. */
function Loaded() {
  return useQuery(meQueryOptions()).data ? <p>datos leídos</p> : null;
}
const page = (name: string) => (
  <>
    <CompleteProfileBanner />
    <Loaded />
    <p>{name}</p>
  </>
);
const routes: RouteObject[] = [
  { path: '/catalog', element: page('catálogo') },
  { path: '/mi-cuenta', element: page('mi cuenta') },
];
const me = (missing: string[]) => () => jsonResponse(200, { id: 'u1', missing_business_fields: missing });

describe('CompleteProfileBanner', () => {
  it('asks an account with missing business data to complete it, without hiding the page', async () => {
    const user = userEvent.setup();
    renderWithAuth({ routes, path: '/catalog', profile: { approved: true }, routesOverride: { 'GET /api/me': me(['cuit']) } });
    expect(await screen.findByText(t.completeTitle)).toBeInTheDocument();
    expect(screen.getByText('catálogo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.completeLink })).toHaveAttribute('href', '/mi-cuenta');
    await user.click(screen.getByRole('button', { name: t.completeDismiss }));
    expect(screen.queryByText(t.completeTitle)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('mayorista:completar-datos-descartado')).toBe('1');
  });

  it('says nothing to a complete account, nor on Mi cuenta itself', async () => {
    const complete = renderWithAuth({ routes, path: '/catalog', profile: { approved: true }, routesOverride: { 'GET /api/me': me([]) } });
    expect(await screen.findByText('datos leídos')).toBeInTheDocument();
    expect(screen.queryByText(t.completeTitle)).not.toBeInTheDocument();
    complete.unmount();
    renderWithAuth({ routes, path: '/mi-cuenta', profile: { approved: true }, routesOverride: { 'GET /api/me': me(['cuit']) } });
    expect(await screen.findByText('datos leídos')).toBeInTheDocument();
    expect(screen.queryByText(t.completeTitle)).not.toBeInTheDocument();
  });
});
