import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import type { Order } from '@mayorista/core/schemas/order';
import { dismissToast, getToasts } from '../../../components/ui/toast-store';
import { jsonResponse } from '../../../test/auth-fixtures';
import { renderWithAuth } from '../../../test/render-with-auth';
import { CartProvider, useCart } from '../../../lib/cart';
import MyOrdersPage from '../my-orders-page';

const money = (centavos: number) => formatMoney(centavos).replace(/\s/g, ' ');
const YERBA = 'aaaaaaaa-0000-4000-8000-000000000001';
const CAFE = 'aaaaaaaa-0000-4000-8000-000000000002';

const order = (overrides: Partial<Order>): Order => ({
  id: '11111111-2222-4333-8444-555555555555',
  user_id: 'u',
  user_info: { nombre: 'Lucía', apellido: 'Pérez', email: 'cliente@example.com', dni: '30123456' },
  items: [
    {
      product_id: YERBA,
      name: 'Yerba Mate Playadito 1 kg',
      quantity: 6,
      price: 3990_00,
      total: 23940_00,
      discounts: { base_price: 4200_00, savings: 1260_00, applied: 'tier', tier: { minQuantity: 6, discountType: 'percentage', discountValue: 5 } },
    },
    {
      product_id: CAFE,
      name: 'Café Molido La Virginia 500 g',
      quantity: 1,
      price: 5200_00,
      total: 5200_00,
      discounts: { base_price: 5200_00, savings: 0, applied: 'none', tier: null },
    },
  ],
  total: 29140_00,
  total_savings: 1260_00,
  iva: null,
  status: 'Pendiente',
  observaciones: '',
  canjeado_con_puntos: false,
  created_at: '2026-11-20T15:30:00.000Z',
  updated_at: '2026-11-20T15:30:00.000Z',
  ...overrides,
});

const newest = order({ id: 'bbbbbbbb-2222-4333-8444-555555555555', status: 'Pendiente de Canje', canjeado_con_puntos: true });
const older = order({ id: 'aaaaaaaa-2222-4333-8444-555555555555', created_at: '2026-11-01T10:00:00.000Z' });

function CartProbe() {
  const { items } = useCart();
  return <p data-testid="cart-probe">{items.map((l) => `${l.product.name}=${l.quantity}`).join(';')}</p>;
}

const routes: RouteObject[] = [
  {
    element: (
      <CartProvider>
        <Outlet />
      </CartProvider>
    ),
    children: [
      { path: '/my-orders', element: <MyOrdersPage /> },
      { path: '/cart', element: <CartProbe /> },
      { path: '/catalog', element: <h1>Catálogo</h1> },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  // The cart keeps a write-ahead copy of unsaved changes; tests start without one.
  localStorage.clear();
});

const product = (id: string, name: string, price: number, stock: number) => ({
  id,
  name,
  price,
  retail_price: price * 2,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  stock,
  has_unlimited_stock: false,
  is_enabled: true,
});

describe('/my-orders', () => {
  it('lists the orders newest first with number, status, items, savings, total and the points flag', async () => {
    renderWithAuth({ routes, path: '/my-orders', profile: { approved: true }, routesOverride: { 'GET /api/orders': () => jsonResponse(200, { items: [newest, older] }) } });
    const cards = await screen.findAllByTestId('order-card');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual(['Pedido #bbbbbbbb', 'Pedido #aaaaaaaa']);
    const first = within(cards[0]!);
    expect(first.getByText('Pendiente de Canje')).toBeInTheDocument();
    expect(first.getByText('Canjeado con puntos')).toBeInTheDocument();
    expect(first.getByText('6 × Yerba Mate Playadito 1 kg')).toBeInTheDocument();
    expect(first.getByText(money(1260_00))).toBeInTheDocument();
    expect(first.getByText(money(29140_00))).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Canjeado con puntos')).not.toBeInTheDocument();
  });

  it('says when each open order arrives ("Entrega prevista"), and nothing for one without a date or already delivered', async () => {
    const moved = order({ id: 'cccccccc-2222-4333-8444-555555555555', status: 'Confirmado', delivery_date: '2026-11-30' });
    const delivered = order({ id: 'dddddddd-2222-4333-8444-555555555555', status: 'Entregado', delivery_date: '2026-11-24' });
    const withoutZone = order({ id: 'eeeeeeee-2222-4333-8444-555555555555', delivery_date: null });
    renderWithAuth({
      routes,
      path: '/my-orders',
      profile: { approved: true },
      routesOverride: { 'GET /api/orders': () => jsonResponse(200, { items: [moved, delivered, withoutZone] }) },
    });
    const cards = await screen.findAllByTestId('order-card');
    expect(within(cards[0]!).getByTestId('order-delivery-date')).toHaveTextContent(/^Entrega prevista: lunes 30\/11$/);
    expect(within(cards[0]!).getByText('Confirmado')).toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('order-delivery-date')).not.toBeInTheDocument();
    expect(within(cards[2]!).queryByTestId('order-delivery-date')).not.toBeInTheDocument();
  });

  it('shows the empty state with a link to the catalogue', async () => {
    renderWithAuth({ routes, path: '/my-orders', profile: { approved: true }, routesOverride: { 'GET /api/orders': () => jsonResponse(200, { items: [] }) } });
    expect(await screen.findByText('Todavía no hiciste ningún pedido.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al catálogo' })).toHaveAttribute('href', '/catalog');
  });

  it('shows an error with a retry that loads again', async () => {
    let calls = 0;
    const user = userEvent.setup();
    renderWithAuth({
      routes,
      path: '/my-orders',
      profile: { approved: true },
      routesOverride: {
        'GET /api/orders': () => (++calls === 1 ? jsonResponse(503, { code: 'database_unavailable', message: 'Servicio no disponible.' }) : jsonResponse(200, { items: [older] })),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus pedidos.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Pedido #aaaaaaaa')).toBeInTheDocument();
  });

  it('downloads the PDF made by the server', async () => {
    const user = userEvent.setup();
    // jsdom has no object URLs; stand them in for this test only.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => 'blob:pedido');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { server } = renderWithAuth({
      routes,
      path: '/my-orders',
      profile: { approved: true },
      routesOverride: {
        'GET /api/orders': () => jsonResponse(200, { items: [older] }),
        [`GET /api/orders/${older.id}/pdf`]: () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls.some((c) => c.url === `/api/orders/${older.id}/pdf` && c.authorization?.startsWith('Bearer '))).toBe(true);
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('repeats an order through the cart rules, at today’s stock', async () => {
    const user = userEvent.setup();
    renderWithAuth({
      routes,
      path: '/my-orders',
      profile: { approved: true },
      routesOverride: {
        'GET /api/orders': () => jsonResponse(200, { items: [older] }),
        // Yerba has only 4 left today: adding 6 is refused with the usual message; café is added.
        'GET /api/cart/products': () =>
          jsonResponse(200, { items: [product(YERBA, 'Yerba Mate Playadito 1 kg', 4200_00, 4), product(CAFE, 'Café Molido La Virginia 500 g', 5200_00, 10)] }),
        'PUT /api/cart': (call) => jsonResponse(200, { cart_data: (call.body as { cart_data: object }).cart_data, updated_at: null, removed: [], products: [] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Repetir pedido' }));
    expect(await screen.findByTestId('cart-probe')).toHaveTextContent(/^Café Molido La Virginia 500 g=1$/);
    expect(getToasts()[0]?.title).toBe('Producto añadido');
  });
});
