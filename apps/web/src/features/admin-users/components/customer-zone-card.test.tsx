import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { AdminCustomer } from '@mayorista/core/schemas/auth';
import type { ZonesAnswer } from '@mayorista/core/schemas/deliveries';
import { jsonResponse } from '../../../test/auth-fixtures';
import { profileFor, renderWithAuth } from '../../../test/render-with-auth';
import { CustomerZoneCard } from './customer-zone-card';

afterEach(() => vi.unstubAllGlobals());

const customer = { id: 'c-1', nombre: 'Ana', apellido: 'Gómez', is_admin: false, is_super_admin: false } as AdminCustomer;
const zones: ZonesAnswer = {
  items: [
    { id: 7, name: 'Zona Norte', weekdays: [2, 5], cutoff_days_before: 1, cutoff_time: '18:00', min_order: null, driver_id: null, customers: 3 },
    { id: 8, name: 'Zona Sur', weekdays: [1], cutoff_days_before: 0, cutoff_time: '08:00', min_order: null, driver_id: null, customers: 0 },
  ],
  customers_without_zone: [],
  drivers: [],
};

function mount(profile: ReturnType<typeof profileFor>) {
  return renderWithAuth({
    routes: [{ path: '/admin', element: <CustomerZoneCard customer={customer} /> }] as RouteObject[],
    path: '/admin',
    profile,
    routesOverride: {
      'GET /api/admin/zones': () => jsonResponse(200, zones),
      'GET /api/admin/users/c-1/zone': () => jsonResponse(200, { zone_id: 7, stop_position: 4 }),
      'PATCH /api/admin/users/c-1/zone': () => jsonResponse(204),
    },
  });
}

describe('Zona de reparto on the customer page (decision 056)', () => {
  it('shows the zone and stop, and saves another zone; "Sin zona" sends nulls', async () => {
    const view = mount(profileFor('admin'));
    const select = await screen.findByLabelText('Zona');
    await waitFor(() => expect(select).toHaveValue('7'));
    expect(screen.getByLabelText('Posición en el recorrido (opcional)')).toHaveValue('4');
    expect(screen.getByRole('option', { name: 'Zona Norte (martes, viernes)' })).toBeInTheDocument();
    await userEvent.selectOptions(select, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar zona' }));
    await waitFor(() => expect(view.server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(view.server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ zone_id: 8, stop_position: 4 });
    await userEvent.selectOptions(select, '');
    expect(screen.queryByLabelText('Posición en el recorrido (opcional)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar zona' }));
    await waitFor(() => expect(view.server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(view.server.calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ zone_id: null, stop_position: null });
  });

  it('is not there for a role that does not plan routes', async () => {
    const view = mount({ approved: true, staff_role: 'warehouse' });
    await waitFor(() => expect(view.server.calls.some((c) => c.url.startsWith('/api/profiles/'))).toBe(true));
    expect(screen.queryByText('Zona de reparto')).toBeNull();
    expect(view.server.calls.some((c) => c.url.includes('/zone'))).toBe(false);
  });
});
