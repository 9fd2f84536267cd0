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
});

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

  it('asks nothing for a customer who is not approved', async () => {
    const { server } = renderWithAuth({ routes, path: '/', profile: { approved: false } });
    await waitFor(() => expect(server.calls.some((c) => c.url.startsWith('/api/profiles/'))).toBe(true));
    expect(server.calls.some((c) => c.url === '/api/points')).toBe(false);
    expect(screen.queryByTestId('points-balance')).not.toBeInTheDocument();
  });
});
