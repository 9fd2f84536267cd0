import { render, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '@mayorista/core/money';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '../../components/ui/toast-store';
import type { StaffRole } from '@mayorista/core/roles';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context';
import type { AdminOrder } from './api/admin-orders-api';
import AdminOrdersTab from './admin-orders-tab';

const order = (overrides: Partial<AdminOrder>): AdminOrder => ({
  id: '11111111-2222-4333-8444-555555555555',
  user_id: 'u-1',
  user_info: { nombre: 'Beatriz', apellido: 'Sosa', email: 'bea@example.com', dni: '30111222' },
  items: [{ product_id: 'p-1', name: 'Yerba Mate 1 kg', quantity: 3, price: 250_000, total: 750_000, discounts: { base_price: 250_000, savings: 0, applied: 'none', tier: null } }],
  total: 750_000,
  total_savings: 0,
  iva: null,
  status: 'Pendiente',
  observaciones: 'Entregar por la tarde',
  canjeado_con_puntos: false,
  created_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

type Handler = (url: URL, init: RequestInit) => { status: number; body: unknown };
let handler: Handler;
const calls: Array<{ url: URL; init: RequestInit }> = [];

beforeEach(() => {
  calls.length = 0;
  dismissToast();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://tienda.test');
    calls.push({ url, init });
    const { status, body } = handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

/** The reads of a dialog test: the list holding this one order, its history (empty), and the order itself. */
const orderReads = (url: URL, current: AdminOrder) => {
  if (url.pathname === '/api/admin/orders') return { status: 200, body: { items: [current], total: 1 } };
  if (url.pathname.endsWith('/edits')) return { status: 200, body: { items: [] } };
  return { status: 200, body: current };
};

// Administración by default: every order action, no activity log (the dialog's buttons follow the role).
const renderTab = (role: StaffRole = 'admin') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={{ profile: { approved: true, is_admin: false, is_super_admin: false, staff_role: role } } as AuthContextValue}>
        <AdminOrdersTab />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );

describe('AdminOrdersTab', () => {
  it('lists the orders newest first as the server sends them', async () => {
    const newest = order({ id: 'aaaaaaaa-0000-4000-8000-000000000001', user_info: { nombre: 'Zoe', apellido: 'Paz', email: 'z@x.com', dni: '1' } });
    const older = order({ id: 'bbbbbbbb-0000-4000-8000-000000000002', status: 'Confirmado' });
    handler = () => ({ status: 200, body: { items: [newest, older], total: 2 } });
    renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando pedidos...');
    const rows = await screen.findAllByRole('button', { name: /Ver detalle del pedido/ });
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Zoe Paz'), expect.stringContaining('Beatriz Sosa')]);
    expect(rows[0]).toHaveAccessibleName(/#aaaaaaaa/);
    expect(screen.getByText('2 pedidos')).toBeInTheDocument();
  });

  it("shows each order's promised delivery date, short, and a dash for an order without one", async () => {
    const dated = order({ id: 'aaaaaaaa-0000-4000-8000-000000000001', delivery_date: '2026-11-27' });
    const undated = order({ id: 'bbbbbbbb-0000-4000-8000-000000000002', delivery_date: null });
    handler = () => ({ status: 200, body: { items: [dated, undated], total: 2 } });
    renderTab();
    const rows = await screen.findAllByRole('button', { name: /Ver detalle del pedido/ });
    expect(within(rows[0]!).getByTestId('order-row-delivery')).toHaveTextContent(/^Entrega vie 27\/11$/);
    // The dash is seen; a screen reader hears "sin fecha" instead.
    expect(within(rows[1]!).getByTestId('order-row-delivery')).toHaveTextContent(/^Entrega —sin fecha$/);
    expect(rows[1]).toHaveAccessibleName(/Entrega\s*sin fecha/);
    expect(rows[1]).not.toHaveAccessibleName(expect.stringContaining('—'));
  });

  it('shows the empty and the error states', async () => {
    handler = () => ({ status: 200, body: { items: [], total: 0 } });
    const { unmount } = renderTab();
    expect(await screen.findByText('No hay pedidos que coincidan con los filtros.')).toBeInTheDocument();
    unmount();

    handler = () => ({ status: 403, body: { code: 'forbidden', message: 'No tenés permiso para realizar esta acción.' } });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los pedidos.');
    expect(alert).toHaveTextContent('No tenés permiso para realizar esta acción.');
  });

  it('sends the filters to the server', async () => {
    handler = () => ({ status: 200, body: { items: [], total: 0 } });
    renderTab();
    await screen.findByText('No hay pedidos que coincidan con los filtros.');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'Pendiente de Canje');
    await userEvent.type(screen.getByLabelText('Cliente'), 'garcía');
    await waitFor(() => {
      const last = calls.at(-1)!.url;
      expect(last.pathname).toBe('/api/admin/orders');
      expect(last.searchParams.get('status')).toBe('Pendiente de Canje');
      expect(last.searchParams.get('customer')).toBe('garcía');
      expect(last.searchParams.get('page')).toBe('1');
    });
  });

  it('opens the detail with only the allowed next statuses and confirms a cancellation', async () => {
    let current = order({});
    handler = (url, init) => {
      if (url.pathname.endsWith('/status') && init.method === 'POST') {
        current = { ...current, status: JSON.parse(String(init.body)).status };
        return { status: 200, body: current };
      }
      return orderReads(url, current);
    };
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido #11111111/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    expect(await within(dialog).findByText('3 × Yerba Mate 1 kg')).toBeInTheDocument();
    expect(within(dialog).getByText('Entregar por la tarde')).toBeInTheDocument();
    expect(within(dialog).getByText('bea@example.com')).toBeInTheDocument();
    const actions = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t?.startsWith('Marcar como'));
    expect(actions).toEqual(['Marcar como Confirmado', 'Marcar como Cancelado']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Cancelado' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Marcar el pedido como Cancelado?' });
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/orders/11111111-2222-4333-8444-555555555555/status');
    expect(JSON.parse(String(post.init.body))).toEqual({ status: 'Cancelado' });
    expect(await within(dialog).findByText('Este pedido está en un estado final.')).toBeInTheDocument();
    expect(getToasts()[0]).toMatchObject({ title: 'Estado actualizado', description: 'El pedido #11111111 ahora está Cancelado.' });
    // The confirmation closed and the button that opened it is gone: the focus is on the new status.
    await waitFor(() => expect(within(dialog).getByTestId('order-detail-status')).toHaveFocus());
  });

  it('an order held for credit offers only "Marcar como Cancelado", and says to release or reject it first', async () => {
    handler = (url) => orderReads(url, order({ credit_hold: 'pending' }));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido #11111111/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    expect(await within(dialog).findByText('El pedido está retenido por crédito: liberalo o rechazalo antes de cambiar su estado.')).toBeInTheDocument();
    const actions = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t?.startsWith('Marcar como'));
    expect(actions).toEqual(['Marcar como Cancelado']);
  });

  it('"Liberar" asks first (whose order, how much, that the customer is e-mailed); Escape cancels and gives the focus back', async () => {
    let current = order({ credit_hold: 'pending' });
    handler = (url, init) => {
      if (url.pathname.endsWith('/release') && init.method === 'POST') {
        current = { ...current, credit_hold: 'released' };
        return { status: 200, body: current };
      }
      return orderReads(url, current);
    };
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido #11111111/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    const release = await within(dialog).findByRole('button', { name: 'Liberar' });
    await userEvent.click(release);

    const confirm = await screen.findByRole('dialog', { name: '¿Liberar el pedido #11111111?' });
    expect(confirm).toHaveAccessibleDescription(
      `El pedido de Beatriz Sosa por ${formatMoney(750_000)} quedó retenido porque supera su límite de crédito o tiene saldo vencido. Si lo liberás, sigue su curso y el cliente recibe un correo que se lo avisa.`,
    );
    // "Cancelar" takes the focus: Enter or a second tap does not release.
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Liberar el pedido #11111111?' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Pedido #11111111' })).toBeInTheDocument();
    await waitFor(() => expect(release).toHaveFocus());
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);

    await userEvent.click(release);
    await userEvent.click(within(await screen.findByRole('dialog', { name: '¿Liberar el pedido #11111111?' })).getByRole('button', { name: 'Liberar pedido' }));
    await waitFor(() => expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.init.method === 'POST')!.url.pathname).toBe('/api/admin/orders/11111111-2222-4333-8444-555555555555/release');
    await waitFor(() => expect(within(dialog).queryByTestId('credit-hold')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: '¿Liberar el pedido #11111111?' })).not.toBeInTheDocument();
    expect(getToasts()[0]).toMatchObject({ title: 'Pedido liberado', description: '#11111111' });
    // The buttons went with the hold: the keyboard stays in the order's dialog.
    await waitFor(() => expect(dialog).toHaveFocus());
  });

  it('the warehouse sees only "Marcar como Preparado", sent to its own route, and no edit or cancel', async () => {
    let current = order({ status: 'Confirmado' });
    handler = (url, init) => {
      if (init.method === 'POST') {
        current = { ...current, status: 'Preparado' };
        return { status: 200, body: current };
      }
      return orderReads(url, current);
    };
    renderTab('warehouse');
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido #11111111/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    expect(await within(dialog).findByText('3 × Yerba Mate 1 kg')).toBeInTheDocument();
    const actions = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t?.startsWith('Marcar como'));
    expect(actions).toEqual(['Marcar como Preparado']);
    expect(within(dialog).queryByRole('button', { name: 'Modificar pedido' })).not.toBeInTheDocument();
    // Telling the customer is the office's: no WhatsApp notice; the order's PDF is there.
    expect(within(dialog).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Modificar pedido' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Preparado' }));
    await waitFor(() => expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.init.method === 'POST')!.url.pathname).toBe('/api/admin/orders/11111111-2222-4333-8444-555555555555/prepared');
    // A prepared order has nothing left for the warehouse: no buttons, no "estado final" line.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /^Marcar como/ })).not.toBeInTheDocument());
    // The pressed button is gone: the focus goes to the line that says the new status, inside the dialog.
    await waitFor(() => expect(within(dialog).getByTestId('order-detail-status')).toHaveFocus());
    expect(within(dialog).getByTestId('order-detail-status')).toHaveTextContent('Preparado');
  });

  it('the warehouse sees no status buttons on a pending order (confirming and cancelling are the office\'s)', async () => {
    const current = order({ status: 'Pendiente' });
    handler = (url) => orderReads(url, current);
    renderTab('warehouse');
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido #11111111/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    expect(await within(dialog).findByText('3 × Yerba Mate 1 kg')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Marcar como/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Modificar pedido' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'PDF del pedido' })).toBeInTheDocument();
  });

  it('shows the server refusal of a transition as a destructive toast', async () => {
    const current = order({ status: 'Pendiente' });
    handler = (url, init) => {
      if (init.method === 'POST') return { status: 409, body: { code: 'invalid_status_transition', message: 'No se puede pasar un pedido de Cancelado a Confirmado.' } };
      return orderReads(url, current);
    };
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar como Confirmado' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'No se pudo cambiar el estado',
        description: 'No se puede pasar un pedido de Cancelado a Confirmado.',
        variant: 'destructive',
      }),
    );
  });

  it('edits an order: quantity and reason go to PATCH with the version seen, the preview follows core (the order-life work, decision 014)', async () => {
    let current = order({});
    handler = (url, init) => {
      if (init.method === 'PATCH') {
        current = { ...current, items: [{ ...current.items[0]!, quantity: 2, total: 500_000 }], total: 500_000 };
        return { status: 200, body: current };
      }
      return orderReads(url, current);
    };
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido #11111111/ }));
    const detail = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    await userEvent.click(await within(detail).findByRole('button', { name: 'Modificar pedido' }));
    const editor = await screen.findByRole('dialog', { name: 'Modificar pedido #11111111' });
    const quantity = within(editor).getByLabelText('Cantidad de Yerba Mate 1 kg');
    await userEvent.tripleClick(quantity);
    await userEvent.keyboard('2');
    expect(quantity).toHaveValue('2'); // a text box with digits only, like the catalogue's
    expect(within(editor).getByText(/Total estimado: \$\s5\.000,00/)).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(editor).findByText('Contá el motivo del cambio (al menos 3 letras).')).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'PATCH')).toBe(false);
    await userEvent.type(within(editor).getByLabelText('Motivo del cambio'), 'Sin stock');
    await userEvent.click(within(editor).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.init.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/admin/orders/11111111-2222-4333-8444-555555555555');
    expect(JSON.parse(String(patch.init.body))).toEqual({
      lines: [{ product_id: 'p-1', quantity: 2 }],
      reason: 'Sin stock',
      reprice: false,
      expected_updated_at: '2026-11-20T15:00:00.000Z',
    });
  });

  it('offers the WhatsApp notice with the order number and status, to the phone typed', async () => {
    const current = order({ status: 'Confirmado' });
    handler = (url) => orderReads(url, current);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido/ }));
    const detail = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    await userEvent.type(await within(detail).findByLabelText(/teléfono para WhatsApp/), '11 2233-4455');
    const link = within(detail).getByRole('link', { name: 'Avisar por WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/5491122334455');
    expect(href.searchParams.get('text')).toContain('tu pedido #11111111 está Confirmado');
  });

  it('the detail says when the order arrives ("Entrega prevista"), and nothing for an order without a date', async () => {
    let current = order({ status: 'Confirmado', delivery_date: '2026-11-27' });
    handler = (url) => orderReads(url, current);
    const { unmount } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido/ }));
    const detail = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    expect(await within(detail).findByTestId('order-delivery-date')).toHaveTextContent(/^Entrega prevista: viernes 27\/11$/);
    unmount();

    current = order({ status: 'Confirmado', delivery_date: null });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido/ }));
    const without = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    await within(without).findByText('Entregar por la tarde');
    expect(within(without).queryByTestId('order-delivery-date')).not.toBeInTheDocument();
  });
});

describe('the order view with the business snapshot (the business-identity work and the order-life work, decisions 017–019; decision 014)', () => {
  it('shows razón social, CUIT and address, and "Avisar por WhatsApp" goes to the customer\'s phone without typing', async () => {
    const current = order({
      status: 'Confirmado',
      user_info: {
        nombre: 'Beatriz',
        apellido: 'Sosa',
        email: 'bea@example.com',
        dni: '30111222',
        razon_social: 'Almacén Bea',
        cuit: '30712345671',
        iva_condition: 'monotributista',
        whatsapp: '5493511234567',
        address_street: 'Av. Colón 1234',
        address_city: 'Córdoba',
        address_province: 'AR-X',
        address_postal_code: 'X5000ABC',
      },
    });
    handler = (url) => orderReads(url, current);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido/ }));
    const detail = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    expect(await within(detail).findByText('30-71234567-1')).toBeInTheDocument();
    expect(within(detail).getByText('Almacén Bea')).toBeInTheDocument();
    expect(within(detail).getByText('Monotributista')).toBeInTheDocument();
    expect(within(detail).getByText('Av. Colón 1234, Córdoba, Córdoba (CP X5000ABC)')).toBeInTheDocument();
    expect(within(detail).getByLabelText(/teléfono para WhatsApp/)).toHaveValue('+54 9 351123-4567');
    const href = new URL(within(detail).getByRole('link', { name: 'Avisar por WhatsApp' }).getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/5493511234567');
  });
});

describe('the order view with IVA (the business-identity work, decisions 017–019)', () => {
  it('always shows the breakdown itemised, each line’s rate, and what the customer sees', async () => {
    const current = order({
      user_info: { nombre: 'Beatriz', apellido: 'Sosa', email: 'bea@example.com', dni: '30111222', iva_condition: 'consumidor_final' },
      items: [
        {
          product_id: 'p-1',
          name: 'Yerba Mate 1 kg',
          quantity: 2,
          price: 121_00,
          total: 242_00,
          discounts: { base_price: 121_00, savings: 0, applied: 'none', tier: null },
          iva_rate: 21,
        },
      ],
      total: 242_00,
      iva: { prices_include_iva: true, net: 200_00, iva: 42_00, total: 242_00, groups: [{ rate: 21, net: 200_00, iva: 42_00 }] },
    });
    handler = (url) => orderReads(url, current);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido/ }));
    const detail = await screen.findByRole('dialog', { name: 'Pedido #11111111' });
    const rows = await within(detail).findAllByTestId('order-iva-row');
    expect(rows.map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      `Neto gravado${formatMoney(200_00).replace(/\s/g, ' ')}`,
      `IVA 21 %${formatMoney(42_00).replace(/\s/g, ' ')}`,
    ]);
    expect(within(detail).getByText(/· IVA 21 %/)).toBeInTheDocument();
    expect(within(detail).getByText('Precios cargados con IVA incluido. El cliente ve precios finales.')).toBeInTheDocument();
  });

  it('the order dialog has one Historial (decision 061): the edits with their lines are in it, not in a second list', async () => {
    const current = order({});
    const edit = { id: 1, actor_name: 'Carla Gómez', reason: 'Una caja menos', reprice: false, before_total: 750_000, after_total: 500_000, before_items: [], after_items: [{ product_id: 'p-1', name: 'Yerba Mate 1 kg', quantity: 2, total: 500_000 }], created_at: '2026-11-21T10:00:00.000Z' };
    handler = (url) => {
      if (url.pathname === '/api/admin/orders') return { status: 200, body: { items: [current], total: 1 } };
      if (url.pathname.endsWith('/edits')) return { status: 200, body: { items: [edit] } };
      return { status: 200, body: current };
    };
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Ver detalle del pedido/ }));
    const dialog = await screen.findByRole('dialog');
    const history = await within(dialog).findByRole('region', { name: 'Historial' });
    expect(within(dialog).queryByRole('heading', { name: 'Historial de cambios' })).toBeNull();
    expect(within(dialog).getAllByRole('heading', { name: /^Historial/ })).toHaveLength(1);
    // Its edits in sight at once, as "Historial de cambios" had them.
    const item = await within(history).findByRole('listitem');
    expect(item).toHaveTextContent('Una caja menos');
    expect(item).toHaveTextContent('2 × Yerba Mate 1 kg');
    expect(item).toHaveTextContent('Carla Gómez');
  });
});
