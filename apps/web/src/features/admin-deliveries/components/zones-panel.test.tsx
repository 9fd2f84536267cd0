import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { Zone, ZonesAnswer } from '@mayorista/core/schemas/deliveries';
import { jsonResponse } from '../../../test/auth-fixtures';
import { profileFor, renderWithAuth } from '../../../test/render-with-auth';
import { ZonesPanel } from './zones-panel';

afterEach(() => vi.unstubAllGlobals());

const zone: Zone = { id: 7, name: 'Zona Norte', weekdays: [2, 5], cutoff_days_before: 1, cutoff_time: '18:00', min_order: 5_000_000, driver_id: null, customers: 3 };
const answer: ZonesAnswer = {
  items: [zone],
  customers_without_zone: [{ id: 'c-1', name: 'Ana Gómez', razon_social: 'Almacén Ana' }],
  drivers: [{ id: 'd-1', name: 'Rita Repartidora' }],
};
const routes: RouteObject[] = [{ path: '/admin', element: <ZonesPanel /> }];

describe('Zonas (decision 056)', () => {
  it('edits a zone with the same form (days, cut-off, driver, minimum in pesos) and sends what the server takes', async () => {
    const view = renderWithAuth({
      routes,
      path: '/admin',
      profile: profileFor('admin'),
      routesOverride: {
        'GET /api/admin/zones': () => jsonResponse(200, answer),
        'PATCH /api/admin/zones/7': (call) => jsonResponse(200, { ...zone, ...(call.body as object) }),
      },
    });
    const item = (await screen.findByText('Zona Norte')).closest('li')!;
    expect(item).toHaveTextContent('martes, viernes · día anterior 18:00 · Pedido mínimo $ 50.000,00 · 3 clientes');
    await userEvent.click(within(item).getByRole('button', { name: 'Editar la zona Zona Norte' }));
    const form = within(item).getByRole('form', { name: 'Editar la zona Zona Norte' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'lunes' }));
    await userEvent.selectOptions(within(form).getByLabelText(/^Repartidor/), 'd-1');
    const minimum = within(form).getByLabelText(/^Pedido mínimo/);
    expect(minimum).toHaveValue('50000,00');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '60.000');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar zona' }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      name: 'Zona Norte',
      weekdays: [1, 2, 5],
      cutoff_days_before: 1,
      cutoff_time: '18:00',
      min_order: 6_000_000,
      driver_id: 'd-1',
    });
  });

  it('deletes only when asked twice, and shows why the server refused', async () => {
    const view = renderWithAuth({
      routes,
      path: '/admin',
      profile: profileFor('admin'),
      routesOverride: {
        'GET /api/admin/zones': () => jsonResponse(200, answer),
        'DELETE /api/admin/zones/7': () => jsonResponse(409, { code: 'zone_in_use', message: 'La zona tiene clientes o pedidos por entregar: pasalos a otra zona antes de borrarla.' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Borrar la zona Zona Norte' }));
    expect(view.server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Sí, borrar Zona Norte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La zona tiene clientes o pedidos por entregar');
    expect(view.server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('lists the customers in no zone, each a link to their page', async () => {
    renderWithAuth({ routes, path: '/admin', profile: profileFor('admin'), routesOverride: { 'GET /api/admin/zones': () => jsonResponse(200, answer) } });
    const link = await screen.findByRole('link', { name: 'Almacén Ana' });
    expect(link).toHaveAttribute('href', '/admin?tab=usuarios&cliente=c-1');
    expect(screen.getByText('Clientes sin zona (1)')).toBeInTheDocument();
  });
});
