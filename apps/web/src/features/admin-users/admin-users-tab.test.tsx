import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { messages } from '@mayorista/core/messages';
import { dismissToast } from '../../components/ui/toast-store';
import { jsonResponse, type RecordedCall } from '../../test/auth-fixtures';
import { profileFor, renderWithAuth } from '../../test/render-with-auth';
import type { AdminUser } from './api/admin-users-api';
import AdminUsersTab from './admin-users-tab';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const text = messages.adminUsers;
const routes: RouteObject[] = [{ path: '/admin', element: <AdminUsersTab /> }];

function adminUser(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: crypto.randomUUID(),
    nombre: 'Juan',
    apellido: 'Gómez',
    email: 'juan@example.com',
    dni: '30111222',
    approved: false,
    is_admin: false,
    is_super_admin: false,
    saldo_puntos: 0,
    price_list_id: null,
    email_verified: true,
    created_at: '2026-11-20T10:00:00.000Z',
    razon_social: null,
    cuit: null,
    ...overrides,
  };
}

const pending = adminUser({ nombre: 'Ana', apellido: 'Pendiente', email: 'ana@example.com' });
const approved = adminUser({ nombre: 'Beto', apellido: 'Aprobado', email: 'beto@example.com', approved: true, saldo_puntos: 250_000 });

const lista2 = {
  id: crypto.randomUUID(),
  name: 'Lista 2',
  percentage: -5,
  customer_count: 0,
  item_count: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

function mountTab(role: 'admin' | 'superAdmin', extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return renderWithAuth({
    routes,
    path: '/admin',
    profile: profileFor(role),
    routesOverride: {
      'GET /api/admin/users': () => jsonResponse(200, { items: [pending, approved], total: 2 }),
      'GET /api/admin/price-lists': () => jsonResponse(200, { items: [lista2] }),
      ...extra,
    },
  });
}

describe('Usuarios tab', () => {
  it('lists accounts in the server order (pending first) with their state', async () => {
    mountTab('admin');
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Ana Pendiente')).toBeInTheDocument();
    expect(within(items[0]!).getByText(text.pendingBadge)).toBeInTheDocument();
    expect(within(items[1]!).getByText(text.approvedBadge)).toBeInTheDocument();
    expect(within(items[1]!).getByText(/\$\s?2\.500,00/)).toBeInTheDocument();
  });

  it('shows a staff member by role, pointing to Personal, with no approval, points or price list', async () => {
    const deposito = adminUser({ nombre: 'Dora', apellido: 'Depósito', email: 'dora@example.com', approved: true, staff_role: 'warehouse' });
    mountTab('superAdmin', { 'GET /api/admin/users': () => jsonResponse(200, { items: [deposito], total: 1 }) });
    const row = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(row).getByText('Depósito', { selector: 'span' })).toBeInTheDocument();
    expect(within(row).getByText(text.staffMember)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: text.openStaff })).toHaveAttribute('href', '/admin?tab=personal');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).queryByRole('combobox')).toBeNull();
  });

  it('approves with one click and refreshes the list', async () => {
    const user = userEvent.setup();
    const { server } = mountTab('admin', { [`PATCH /api/admin/users/${pending.id}/approval`]: () => jsonResponse(200, { ...pending, approved: true }) });
    const row = (await screen.findAllByRole('listitem'))[0]!;
    await user.click(within(row).getByRole('button', { name: text.approve }));
    expect(await screen.findByText(text.approvedTitle)).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ approved: true });
    await waitFor(() => expect(server.calls.filter((c) => c.url.startsWith('/api/admin/users?')).length).toBeGreaterThan(1));
  });

  it('puts one customer on a price list from their row (the business-identity work, decisions 017–019)', async () => {
    const user = userEvent.setup();
    const { server } = mountTab('admin', {
      [`PATCH /api/admin/users/${approved.id}/price-list`]: () => jsonResponse(200, { ...approved, price_list_id: lista2.id }),
    });
    const row = (await screen.findAllByRole('listitem'))[1]!;
    const select = within(row).getByRole('combobox', { name: 'Lista asignada a Beto Aprobado' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Lista 2 (−5 %)' })).toBeInTheDocument());
    await user.selectOptions(select, lista2.id);
    expect(await screen.findByText('Beto Aprobado compra ahora con «Lista 2».')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ price_list_id: lista2.id });
  });

  it('searches by what the admin types', async () => {
    const user = userEvent.setup();
    const { server } = mountTab('admin');
    await screen.findAllByRole('listitem');
    await user.type(screen.getByLabelText(text.searchLabel), '30111');
    await waitFor(() => expect(server.calls.some((c) => c.url.includes('search=30111'))).toBe(true));
  });

  it('requires a reason to adjust points and sends the new balance in centavos', async () => {
    const user = userEvent.setup();
    const { server } = mountTab('admin', { [`POST /api/admin/users/${approved.id}/points`]: () => jsonResponse(200, { ...approved, saldo_puntos: 123_450 }) });
    const row = (await screen.findAllByRole('listitem'))[1]!;
    await user.click(within(row).getByRole('button', { name: text.adjustPoints }));
    const dialog = await screen.findByRole('dialog', { name: text.adjustPointsFor('Beto Aprobado') });
    const balance = within(dialog).getByLabelText(text.newBalanceLabel);
    await user.clear(balance);
    await user.type(balance, '1.234,50');
    await user.click(within(dialog).getByRole('button', { name: text.save }));
    expect(await within(dialog).findByText(text.reasonRequired)).toBeInTheDocument();
    expect(server.calls.some((c) => c.url.endsWith('/points'))).toBe(false);
    await user.type(within(dialog).getByLabelText(text.reasonLabel), 'Bonificación por volumen');
    await user.click(within(dialog).getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.pointsAdjustedTitle)).toBeInTheDocument();
    expect(server.calls.find((c) => c.url.endsWith('/points'))?.body).toEqual({ saldo_puntos: 123_450, reason: 'Bonificación por volumen' });
  });

  it('shows admin grant only to super admins', async () => {
    mountTab('admin');
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: text.grantAdmin })).not.toBeInTheDocument();
  });

  it('shows a pending sign-up with only "Aprobar" and "Rechazar"; "Rechazar" asks first, then deletes', async () => {
    const user = userEvent.setup();
    const { server } = mountTab('superAdmin', { [`DELETE /api/admin/users/${pending.id}`]: () => new Response(null, { status: 204 }) });
    const row = (await screen.findAllByRole('listitem'))[0]!;
    const actions = within(within(row).getByRole('group'));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual([text.approve, text.reject]);
    expect(within(row).queryByRole('button', { name: text.grantAdmin })).toBeNull();
    await user.click(actions.getByRole('button', { name: text.reject }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(row).getByText(text.rejectConfirm('Ana Pendiente'))).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: text.rejectYes }));
    expect(await screen.findByText(text.rejectedText('Ana Pendiente'))).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('shows an empty state and an error state with retry', async () => {
    let fail = true;
    const user = userEvent.setup();
    mountTab('admin', { 'GET /api/admin/users': () => (fail ? jsonResponse(503, { code: 'db', message: 'Sin base.' }) : jsonResponse(200, { items: [], total: 0 })) });
    expect(await screen.findByText(text.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByText(text.empty)).toBeInTheDocument();
  });

  it('opens the customer\'s points movements, newest first, pages them, and shows a failed load with retry', async () => {
    const user = userEvent.setup();
    const ledger = messages.ledgers;
    const movement = (id: number, kind: 'opening' | 'order' | 'admin_adjustment', amount: number, balance: number) => ({
      id,
      kind,
      amount,
      balance,
      order_id: kind === 'order' ? 'a1b2c3d4-0000-4000-8000-000000000000' : null,
      actor_id: null,
      actor_name: kind === 'admin_adjustment' ? 'Ana Admin' : null,
      reason: kind === 'admin_adjustment' ? 'Bonificación' : null,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    let fail = true;
    const { server } = mountTab('admin', {
      [`GET /api/admin/users/${approved.id}/points-movements`]: (call) => {
        if (fail) return jsonResponse(503, { code: 'db', message: 'Sin base.' });
        const page = new URL(call.url, 'http://x').searchParams.get('page');
        const items = page === '2' ? [movement(1, 'opening', 100_000, 100_000)] : [movement(3, 'admin_adjustment', 200_000, 250_000), movement(2, 'order', -50_000, 50_000)];
        return jsonResponse(200, { items, total: 21, page: Number(page), page_size: 20 });
      },
    });
    const row = (await screen.findAllByRole('listitem'))[1]!;
    await user.click(within(row).getByRole('button', { name: ledger.showPointsHistory }));
    const dialog = await screen.findByRole('dialog', { name: ledger.pointsHistoryFor('Beto Aprobado') });
    expect(await within(dialog).findByText(ledger.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: ledger.retry }));
    const list = await within(dialog).findByRole('list', { name: ledger.pointsHistoryTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(ledger.pointsKinds.admin_adjustment);
    expect(items[0]).toHaveTextContent('Bonificación');
    expect(items[1]).toHaveTextContent(`${ledger.pointsKinds.order} · ${ledger.orderRef('a1b2c3d4')}`);
    await user.click(within(dialog).getByRole('button', { name: ledger.nextPage }));
    await waitFor(() => expect(within(dialog).getByText(ledger.pointsKinds.opening)).toBeInTheDocument());
    expect(server.calls.some((c) => c.url.includes('points-movements?page=2&page_size=20'))).toBe(true);
  });
});

describe('the customer page (the business-identity work, decisions 017–019)', () => {
  const customer = {
    ...adminUser({ nombre: 'Rosa', apellido: 'Ibáñez', approved: true, razon_social: 'Almacén Rosa SRL', cuit: '30712345671' }),
    iva_condition: 'responsable_inscripto' as const,
    whatsapp: '5491112345678',
    address_street: 'Av. Corrientes 1234',
    address_city: 'Buenos Aires',
    address_province: 'AR-C',
    address_postal_code: 'C1043AAZ',
    delivery_notes: null,
    admin_notes: 'Paga a 30 días.',
    missing_business_fields: [],
    orders_count: 1,
    recent_orders: [{ id: 'abcdef12-0000-4000-8000-000000000000', status: 'Pendiente', total: 123_450, created_at: '2026-11-20T10:00:00.000Z' }],
  };

  it('the list links each account to its page and shows razón social and CUIT', async () => {
    renderWithAuth({
      routes,
      path: '/admin',
      profile: profileFor('admin'),
      routesOverride: { 'GET /api/admin/users': () => jsonResponse(200, { items: [customer], total: 1 }) },
    });
    expect(await screen.findByText('Almacén Rosa SRL')).toBeInTheDocument();
    expect(screen.getByText(/CUIT: 30-71234567-1/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.openCustomerFor('Rosa Ibáñez') })).toHaveAttribute('href', `/admin?tab=usuarios&cliente=${customer.id}`);
  });

  it('shows the data, orders and private notes, and saves the notes', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({
      routes,
      path: '/admin',
      initialEntries: [`/admin?tab=usuarios&cliente=${customer.id}`],
      profile: profileFor('admin'),
      routesOverride: {
        [`GET /api/admin/users/${customer.id}`]: () => jsonResponse(200, customer),
        [`PATCH /api/admin/users/${customer.id}/notes`]: (call) => jsonResponse(200, { ...customer, ...(call.body as object) }),
        [`GET /api/admin/users/${customer.id}/points-movements?page=1&page_size=20`]: () => jsonResponse(200, { items: [], total: 0, page: 1, page_size: 20 }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Almacén Rosa SRL' })).toBeInTheDocument();
    expect(screen.getByText('30-71234567-1')).toBeInTheDocument();
    expect(screen.getByText('Responsable Inscripto')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+54 9 11 1234-5678' })).toHaveAttribute('href', 'https://wa.me/5491112345678');
    expect(screen.getByText('#abcdef12')).toBeInTheDocument();
    const notes = screen.getByLabelText(text.notesHint);
    expect(notes).toHaveValue('Paga a 30 días.');
    await user.clear(notes);
    await user.type(notes, 'No entregar los lunes.');
    await user.click(screen.getByRole('button', { name: text.notesSave }));
    expect(await screen.findByText(text.notesSavedTitle)).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ admin_notes: 'No entregar los lunes.' });
  });

  it('shows and changes the customer’s price list (the business-identity work, decisions 017–019)', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({
      routes,
      path: '/admin',
      initialEntries: [`/admin?tab=usuarios&cliente=${customer.id}`],
      profile: profileFor('admin'),
      routesOverride: {
        [`GET /api/admin/users/${customer.id}`]: () => jsonResponse(200, customer),
        'GET /api/admin/price-lists': () => jsonResponse(200, { items: [lista2] }),
        [`PATCH /api/admin/users/${customer.id}/price-list`]: () => jsonResponse(200, { ...customer, price_list_id: lista2.id }),
        [`GET /api/admin/users/${customer.id}/points-movements?page=1&page_size=20`]: () => jsonResponse(200, { items: [], total: 0, page: 1, page_size: 20 }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Lista de precios' });
    const select = within(section).getByRole('combobox', { name: 'Lista asignada a Rosa Ibáñez' });
    expect(select).toHaveValue('');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Lista 2 (−5 %)' })).toBeInTheDocument());
    await user.selectOptions(select, lista2.id);
    expect(await screen.findByText('Rosa Ibáñez compra ahora con «Lista 2».')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ price_list_id: lista2.id });
  });
  it('lets a super admin grant admin on the customer page, only after confirming', async () => {
    const user = userEvent.setup();
    const { server } = renderWithAuth({
      routes,
      path: '/admin',
      initialEntries: [`/admin?tab=usuarios&cliente=${customer.id}`],
      profile: profileFor('superAdmin'),
      routesOverride: {
        [`GET /api/admin/users/${customer.id}`]: () => jsonResponse(200, customer),
        [`PATCH /api/admin/users/${customer.id}/role`]: () => jsonResponse(200, { ...customer, is_admin: true }),
        [`GET /api/admin/users/${customer.id}/points-movements?page=1&page_size=20`]: () => jsonResponse(200, { items: [], total: 0, page: 1, page_size: 20 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: text.grantAdmin }));
    expect(server.calls.some((c) => c.url.endsWith('/role'))).toBe(false);
    await user.click(screen.getByRole('button', { name: text.roleYes }));
    expect(await screen.findByText(text.adminGrantedText('Rosa Ibáñez'))).toBeInTheDocument();
    expect(server.calls.find((c) => c.url.endsWith('/role'))?.body).toEqual({ is_admin: true });
  });
});
