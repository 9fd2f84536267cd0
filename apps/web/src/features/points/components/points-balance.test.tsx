import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import { dismissToast, getToasts } from '../../../components/ui/toast-store';
import { jsonResponse } from '../../../test/auth-fixtures';
import { renderWithAuth } from '../../../test/render-with-auth';
import { PointsBalance } from '../index';

const routes = [{ path: '/', element: <PointsBalance /> }];

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  localStorage.clear();
});

const USER_ID = '11111111-1111-4111-8111-111111111111';
/** What fetch does without network. */
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('PointsBalance', () => {
  it('shows the balance as an amount of money', async () => {
    renderWithAuth({ routes, path: '/', profile: { approved: true }, routesOverride: { 'GET /api/points': () => jsonResponse(200, { saldo_puntos: 12_345_67 }) } });
    expect(await screen.findByTestId('points-balance')).toHaveTextContent(`Saldo de puntos: ${formatMoney(12_345_67).replace(/\s/g, ' ')}`);
  });

  it('shows "Error de Puntos" when the balance cannot be read', async () => {
    renderWithAuth({ routes, path: '/', profile: { approved: true }, routesOverride: { 'GET /api/points': () => jsonResponse(500, { code: 'internal_error', message: 'x' }) } });
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Error de Puntos', description: 'No se pudo obtener tu saldo de puntos.', variant: 'destructive' }),
    );
    expect(screen.queryByTestId('points-balance')).not.toBeInTheDocument();
  });

  it('without network: the last balance known on this device, with its date, and no "Error de Puntos"', async () => {
    // The balance this device remembered for the signed-in user (test/auth-fixtures' user) before the network went,
    // at 14:32 in Buenos Aires (decision 083: every moment is shown in the business's time).
    localStorage.setItem(`mayorista.points.${USER_ID}`, JSON.stringify({ saldo_puntos: 45_600, at: '2026-11-25T17:32:00.000Z' }));
    const { server } = renderWithAuth({ routes, path: '/', profile: { approved: true }, routesOverride: { 'GET /api/points': offline } });
    expect(await waitForUserId(server.calls)).toBe(USER_ID);
    const balance = await screen.findByTestId('points-balance');
    await waitFor(() => expect(balance).toHaveTextContent(`Saldo de puntos: ${formatMoney(45_600).replace(/\s/g, ' ')} (al 25/11 14:32)`));
    expect(screen.queryByText('Cargando puntos...')).not.toBeInTheDocument();
    expect(getToasts().some((t) => t.title === 'Error de Puntos')).toBe(false);
  });

  it('without network and no balance known on this device: says the points need the network', async () => {
    renderWithAuth({ routes, path: '/', profile: { approved: true }, routesOverride: { 'GET /api/points': offline } });
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('Sin conexión — los puntos necesitan conexión');
    expect(screen.queryByText('Cargando puntos...')).not.toBeInTheDocument();
  });

  it('without network and a remembered balance whose time is no date: as if none were known (the nav does not break)', async () => {
    localStorage.setItem(`mayorista.points.${USER_ID}`, JSON.stringify({ saldo_puntos: 45_600, at: 'not a date' }));
    const { server } = renderWithAuth({ routes, path: '/', profile: { approved: true }, routesOverride: { 'GET /api/points': offline } });
    expect(await waitForUserId(server.calls)).toBe(USER_ID);
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('Sin conexión — los puntos necesitan conexión');
  });

  it('remembers each balance the server gives, with its time', async () => {
    const { server } = renderWithAuth({ routes, path: '/', profile: { approved: true }, routesOverride: { 'GET /api/points': () => jsonResponse(200, { saldo_puntos: 700 }) } });
    await screen.findByTestId('points-balance');
    const known = JSON.parse(localStorage.getItem(`mayorista.points.${await waitForUserId(server.calls)}`) ?? 'null') as { saldo_puntos: number; at: string };
    expect(known.saldo_puntos).toBe(700);
    expect(Date.now() - Date.parse(known.at)).toBeLessThan(60_000);
  });

  it('asks nothing for a customer who is not approved', async () => {
    const { server } = renderWithAuth({ routes, path: '/', profile: { approved: false } });
    await waitFor(() => expect(server.calls.some((c) => c.url.startsWith('/api/profiles/'))).toBe(true));
    expect(server.calls.some((c) => c.url === '/api/points')).toBe(false);
    expect(screen.queryByTestId('points-balance')).not.toBeInTheDocument();
  });
});

/** The signed-in user's id, from the profile request the provider makes. */
async function waitForUserId(calls: { url: string }[]): Promise<string> {
  let id = '';
  await waitFor(() => {
    const call = calls.find((c) => c.url.startsWith('/api/profiles/'));
    expect(call).toBeDefined();
    id = decodeURIComponent(call!.url.slice('/api/profiles/'.length));
  });
  return id;
}
