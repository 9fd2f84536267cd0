import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { Zone, ZonesAnswer } from '@mayorista/core/schemas/deliveries';
import { jsonResponse } from '../../../test/auth-fixtures';
import { profileFor, renderWithAuth } from '../../../test/render-with-auth';
import { ZonesPanel } from './zones-panel';

// The zone form with only what is required, and with what a person gets wrong (decision 061).

afterEach(() => vi.unstubAllGlobals());

const zone: Zone = { id: 9, name: 'Zona Oeste', weekdays: [3], cutoff_days_before: 5, cutoff_time: '12:00', min_order: 5_000_000, driver_id: null, customers: 0 };
const answer: ZonesAnswer = { items: [zone], customers_without_zone: [], drivers: [] };
const routes: RouteObject[] = [{ path: '/admin', element: <ZonesPanel /> }];

function renderZones(overrides: Record<string, (call: { body: unknown }) => Response> = {}) {
  return renderWithAuth({
    routes,
    path: '/admin',
    profile: profileFor('admin'),
    routesOverride: { 'GET /api/admin/zones': () => jsonResponse(200, answer), ...overrides },
  });
}

const newZoneForm = async () => within(await screen.findByRole('form', { name: 'Nueva zona' }));

describe('the zone form', () => {
  it('marks what is required and what is not', async () => {
    renderZones();
    const form = await newZoneForm();
    expect(form.getByLabelText('Nombre')).toBeRequired();
    expect(form.getByRole('group', { name: 'Días de entrega Al menos uno.' })).toBeInTheDocument();
    expect(form.getByLabelText('Repartidor (opcional)')).not.toBeRequired();
    expect(form.getByLabelText('Pedido mínimo (opcional)')).not.toBeRequired();
  });

  it('sent empty, names every missing field at once next to it and sends nothing', async () => {
    const view = renderZones();
    const form = await newZoneForm();
    await userEvent.click(form.getByRole('button', { name: 'Crear zona' }));
    expect(await form.findByText('Ingresá el nombre de la zona.')).toBeInTheDocument();
    expect(form.getByText('Elegí al menos un día de entrega para la zona.')).toBeInTheDocument();
    expect(form.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Nombre')).toHaveAccessibleDescription('Ingresá el nombre de la zona.');
    expect(view.server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('with only the name and a day creates the zone: no minimum, no driver, the default cut-off', async () => {
    const view = renderZones({ 'POST /api/admin/zones': (call) => jsonResponse(201, { ...zone, id: 10, ...(call.body as object) }) });
    const form = await newZoneForm();
    await userEvent.type(form.getByLabelText('Nombre'), 'Zona Sur');
    await userEvent.click(form.getByRole('checkbox', { name: 'jueves' }));
    await userEvent.click(form.getByRole('button', { name: 'Crear zona' }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Zona Sur',
      weekdays: [4],
      cutoff_days_before: 1,
      cutoff_time: '18:00',
      min_order: null,
      driver_id: null,
    });
  });

  it('a minimum that is not an amount in pesos is refused on its field, never sent as "no minimum"', async () => {
    const view = renderZones();
    const form = await newZoneForm();
    await userEvent.type(form.getByLabelText('Nombre'), 'Zona Sur');
    await userEvent.click(form.getByRole('checkbox', { name: 'jueves' }));
    for (const typed of ['abc', '-5']) {
      await userEvent.clear(form.getByLabelText('Pedido mínimo (opcional)'));
      await userEvent.type(form.getByLabelText('Pedido mínimo (opcional)'), typed);
      await userEvent.click(form.getByRole('button', { name: 'Crear zona' }));
      expect(await form.findByText(/^Escribí el pedido mínimo en pesos/)).toBeInTheDocument();
      expect(form.getByLabelText('Pedido mínimo (opcional)')).toHaveAttribute('aria-invalid', 'true');
    }
    await userEvent.clear(form.getByLabelText('Pedido mínimo (opcional)'));
    await userEvent.type(form.getByLabelText('Pedido mínimo (opcional)'), '20.000.000');
    await userEvent.click(form.getByRole('button', { name: 'Crear zona' }));
    expect(await form.findByText('El pedido mínimo puede ser de hasta $ 10.000.000.')).toBeInTheDocument();
    expect(view.server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a name another zone has: the server’s message under the name', async () => {
    renderZones({ 'POST /api/admin/zones': () => jsonResponse(409, { code: 'zone_name_taken', message: 'Ya hay una zona con ese nombre.' }) });
    const form = await newZoneForm();
    await userEvent.type(form.getByLabelText('Nombre'), 'Zona Oeste');
    await userEvent.click(form.getByRole('checkbox', { name: 'lunes' }));
    await userEvent.click(form.getByRole('button', { name: 'Crear zona' }));
    await waitFor(() => expect(form.getByLabelText('Nombre')).toHaveAccessibleDescription('Ya hay una zona con ese nombre.'));
  });

  it('edits a zone whose cut-off is 5 days before without changing it, and clears its minimum', async () => {
    const view = renderZones({ 'PATCH /api/admin/zones/9': (call) => jsonResponse(200, { ...zone, ...(call.body as object) }) });
    const item = (await screen.findByText('Zona Oeste')).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Editar la zona Zona Oeste' }));
    const form = within(within(item).getByRole('form', { name: 'Editar la zona Zona Oeste' }));
    expect(form.getByLabelText('Cierre de pedidos')).toHaveDisplayValue('5 días antes');
    await userEvent.clear(form.getByLabelText('Pedido mínimo (opcional)'));
    await userEvent.click(form.getByRole('button', { name: 'Guardar zona' }));
    await waitFor(() => expect(view.server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(view.server.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ cutoff_days_before: 5, min_order: null });
  });
});
