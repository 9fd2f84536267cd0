import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { OrderEditEntry } from '@mayorista/core/schemas/order-life';
import type { AuditEntry } from '@mayorista/core/schemas/staff';
import { jsonResponse } from '../../../test/auth-fixtures';
import { profileFor, renderWithAuth } from '../../../test/render-with-auth';
import { OrderHistory } from './order-history';

// The order dialog's one "Historial" (decision 061): the edits with their lines and the activity
// log's rows in one list, where there used to be "Historial de cambios" and "Historial".

afterEach(() => vi.unstubAllGlobals());

const EDITED_AT = '2026-11-26T15:30:00.000Z';
const edit: OrderEditEntry = {
  id: 3,
  actor_name: 'Carla Gómez',
  reason: 'Sacamos 2 cajas de aceite',
  reprice: true,
  before_total: 300_000,
  after_total: 200_000,
  before_items: [{ product_id: 'p-1', name: 'Aceite', quantity: 4, total: 200_000 }],
  after_items: [{ product_id: 'p-1', name: 'Aceite', quantity: 2, total: 100_000 }, { product_id: 'p-2', name: 'Yerba', quantity: 1, total: 100_000 }],
  created_at: EDITED_AT,
};
const logRow = (id: number, at: string, action: string, summary: AuditEntry['summary'], role = 'owner'): AuditEntry => ({
  id,
  at,
  actor_id: 'u-1',
  actor_name: 'Carla Gómez',
  actor_role: role,
  action,
  entity: 'order',
  entity_id: 'o-1',
  summary,
  ip: null,
});
const log = [
  logRow(12, EDITED_AT, 'order.edit', { after: { total: 200_000, lines: 2 } }),
  logRow(11, '2026-11-26T14:00:00.000Z', 'order.status', { before: { status: 'Pendiente' }, after: { status: 'Confirmado' } }, 'admin'),
];

const routes: RouteObject[] = [{ path: '/admin', element: <OrderHistory orderId="o-1" /> }];
const handlers = {
  'GET /api/admin/orders/o-1/edits': () => jsonResponse(200, { items: [edit] }),
  'GET /api/admin/audit': () => jsonResponse(200, { items: log, total: 2 }),
};

/** An order with edits opens its history at once (its edits were always in sight). */
async function historyItems() {
  const region = await screen.findByRole('region', { name: 'Historial' });
  const list = await within(region).findByRole('list', { name: 'Historial' });
  expect(within(region).getByRole('button', { name: 'Ocultar historial' })).toBeInTheDocument();
  return within(list).getAllByRole('listitem');
}

describe('the order’s Historial', () => {
  it('the owner reads one list: the edit with its reason, totals and lines once (with role), and the state change', async () => {
    renderWithAuth({ routes, path: '/admin', profile: profileFor('superAdmin'), routesOverride: handlers });
    const items = await historyItems();
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Editó un pedido');
    expect(items[0]).toHaveTextContent('Sacamos 2 cajas de aceite');
    expect(items[0]).toHaveTextContent(/Total: \$\s3\.000,00 → \$\s2\.000,00 · Con precios de hoy/);
    expect(items[0]).toHaveTextContent('2 × Aceite, 1 × Yerba');
    expect(items[0]).toHaveTextContent('Carla Gómez (Dueño)');
    expect(items[1]).toHaveTextContent('Cambió el estado de un pedido');
    expect(items[1]).toHaveTextContent('Estado: Pendiente → Confirmado');
    expect(items[1]).toHaveTextContent('Carla Gómez (Administración)');
    // One heading, one list: the old "Historial de cambios" is gone.
    expect(screen.queryByRole('heading', { name: 'Historial de cambios' })).toBeNull();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('whoever may not read the activity log sees the edits alone, and the log is never asked for', async () => {
    const view = renderWithAuth({ routes, path: '/admin', profile: profileFor('admin'), routesOverride: handlers });
    const items = await historyItems();
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Sacamos 2 cajas de aceite');
    expect(items[0]).toHaveTextContent('2 × Aceite, 1 × Yerba');
    expect(items[0]).toHaveTextContent('Carla Gómez');
    expect(view.server.calls.some((c) => c.url.startsWith('/api/admin/audit'))).toBe(false);
  });

  it('an order without edits starts closed: the log is read only when opened; without changes it says so', async () => {
    renderWithAuth({
      routes,
      path: '/admin',
      profile: profileFor('admin'),
      routesOverride: { 'GET /api/admin/orders/o-1/edits': () => jsonResponse(200, { items: [] }) },
    });
    const region = await screen.findByRole('region', { name: 'Historial' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Ver historial' }));
    expect(await within(region).findByText('Este pedido no tuvo cambios.')).toBeInTheDocument();
  });
});
