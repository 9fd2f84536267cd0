import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { AuthContext, type AuthContextValue } from '../../../lib/auth/auth-context';
import { OrderPlaced } from './order-placed';
import RepSalesPage from '../rep-sales-page';

/**
 * The promised date on the rep's screens (Repartos, decision 049): "¡Pedido Realizado!" after
 * taking an order and each order in "Mis pedidos" say "Entrega prevista: …" with the cart's and
 * the e-mails' formatter; an order without a date (the customer has no zone) says nothing.
 */
const customer = {
  id: '0b7f4c8e-1d2a-4b3c-8d4e-5f6a7b8c9d0e',
  nombre: 'José',
  apellido: 'Pérez',
  razon_social: 'Almacén Don José',
  whatsapp: '5491122334455',
  address: null,
  visit_days: [],
  visit_today: false,
  price_list_id: null,
  balance: 0,
  overdue: 0,
  last_order_at: null,
} satisfies RepCustomer;

const placed = (delivery_date: string | null): PlaceOrderResult => ({
  order: {
    id: '3f2b9c1e-7a44-4d1b-9e0f-0123456789ab',
    user_id: customer.id,
    user_info: { nombre: 'José', apellido: 'Pérez', email: 'jose@example.com', dni: '30123456' },
    items: [],
    total: 12_345_00,
    total_savings: 0,
    iva: null,
    status: 'Pendiente',
    observaciones: '',
    canjeado_con_puntos: false,
    delivery_date,
    created_at: '2026-11-26T12:00:00.000Z',
    updated_at: '2026-11-26T12:00:00.000Z',
  } satisfies Order,
  whatsapp_url: 'https://wa.me/5491100000000',
  saldo_puntos: 0,
});

const renderPlaced = (result: PlaceOrderResult) =>
  render(
    <MemoryRouter>
      <OrderPlaced result={result} customer={customer} onNewOrder={() => undefined} />
    </MemoryRouter>,
  );

afterEach(() => vi.restoreAllMocks());

describe("the rep's placed order", () => {
  it('keeps "¡Pedido Realizado!" and adds the promised date as a line of its own', () => {
    renderPlaced(placed('2026-11-27'));
    const section = screen.getByTestId('rep-order-placed');
    expect(within(section).getByRole('heading', { name: '¡Pedido Realizado!' })).toBeInTheDocument();
    expect(within(section).getByTestId('order-delivery-date')).toHaveTextContent(/^Entrega prevista: viernes 27\/11$/);
  });

  it('says nothing about a date for a customer without a zone', () => {
    renderPlaced(placed(null));
    expect(screen.getByRole('heading', { name: '¡Pedido Realizado!' })).toBeInTheDocument();
    expect(screen.queryByTestId('order-delivery-date')).not.toBeInTheDocument();
  });
});

describe('"Mis pedidos" on the rep\'s sales page', () => {
  it('shows the promised date of each open order, none for one without a date or delivered', async () => {
    const rows = [
      { id: 'aaaaaaaa-0000-4000-8000-000000000001', created_at: '2026-11-26T12:00:00Z', customer_id: customer.id, customer_name: 'Almacén Don José', total: 100_00, status: 'Confirmado', delivery_date: '2026-11-30' },
      { id: 'bbbbbbbb-0000-4000-8000-000000000002', created_at: '2026-11-25T12:00:00Z', customer_id: customer.id, customer_name: 'Kiosco Sur', total: 200_00, status: 'Pendiente', delivery_date: null },
      { id: 'cccccccc-0000-4000-8000-000000000003', created_at: '2026-11-24T12:00:00Z', customer_id: customer.id, customer_name: 'Despensa Ana', total: 300_00, status: 'Entregado', delivery_date: '2026-11-24' },
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://tienda.test');
      const body = url.pathname === '/api/rep/orders' ? { items: rows } : { from: '2026-11-01', to: '2026-11-26', orders: 3, sales_total: 600_00, collections: 0, collections_total: 0, commission_bp: null, commission: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {/* No one signed in: the queue panel ("Pendientes de envío", IndexedDB) stays out of jsdom. */}
        <AuthContext.Provider value={{ user: null, profile: null } as unknown as AuthContextValue}>
          <MemoryRouter>
            <RepSalesPage />
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    const list = await screen.findByTestId('rep-orders');
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByTestId('order-delivery-date')).toHaveTextContent(/^Entrega prevista: lunes 30\/11$/);
    expect(within(items[1]!).queryByTestId('order-delivery-date')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByTestId('order-delivery-date')).not.toBeInTheDocument();
  });
});
