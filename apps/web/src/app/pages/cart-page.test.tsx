import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import { dismissToast, getToasts } from '../../components/ui/toast-store';
import { jsonResponse, type RecordedCall } from '../../test/auth-fixtures';
import { renderWithAuth } from '../../test/render-with-auth';
import { AZUCAR_ID, YERBA_ID, azucar, cartRoutes, yerba } from '../../test/cart-fixtures';

/** DOM text matchers collapse whitespace, the no-break space of es-AR amounts included. */
const money = (centavos: number) => formatMoney(centavos).replace(/\s/g, ' ');

const ORDER_ID = '3f2b9c1e-7a44-4d1b-9e0f-0123456789ab';
const WHATSAPP_URL = 'https://wa.me/5491122334455?text=Nuevo%20pedido';

// A save that failed on the network after the previous test ended keeps its change on the device
// (decision 043): start each test with an empty device.
beforeEach(() => localStorage.clear());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
  // The cart keeps a write-ahead copy of unsaved changes; tests start without one.
  localStorage.clear();
});

const cartWith = (cart_data: Record<string, number>) => () =>
  jsonResponse(200, { cart_data, updated_at: null, removed: [], products: [yerba, azucar].filter((p) => p.id in cart_data) });

const orderAnswer = (canjeado = false, delivery_date?: string) =>
  jsonResponse(201, {
    order: {
      id: ORDER_ID,
      user_id: 'u',
      user_info: { nombre: 'Lucía', apellido: 'Pérez', email: 'cliente@example.com', dni: '30123456' },
      items: [],
      total: 100,
      total_savings: 0,
      status: canjeado ? 'Pendiente de Canje' : 'Pendiente',
      observaciones: '',
      canjeado_con_puntos: canjeado,
      ...(delivery_date ? { delivery_date } : {}),
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
    },
    whatsapp_url: WHATSAPP_URL,
    saldo_puntos: 42_00,
  });

function renderCart(options: { cart?: Record<string, number>; order?: (call: RecordedCall) => Response } = {}) {
  return renderWithAuth({
    routes: cartRoutes,
    path: '/cart',
    profile: { approved: true },
    routesOverride: {
      'GET /api/cart': cartWith(options.cart ?? { [YERBA_ID]: 5, [AZUCAR_ID]: 1 }),
      'PUT /api/cart': (call) =>
        jsonResponse(200, { cart_data: (call.body as { cart_data: object }).cart_data, updated_at: null, removed: [], products: [] }),
      ...(options.order ? { 'POST /api/orders': options.order } : {}),
    },
  });
}

// The summary's button (the phone's bottom bar repeats it; CSS, absent here, shows one of them).
const placeOrderButton = () => screen.getAllByRole('button', { name: 'Realizar pedido' })[0]!;

const orderPosts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/orders');

describe('/cart page', () => {
  it('shows each line with its tier price, savings, next-tier hint and the totals', async () => {
    renderCart({ cart: { [YERBA_ID]: 6, [AZUCAR_ID]: 1 } });
    const lines = await screen.findAllByTestId('cart-line');
    // Lines show by category, then name (decision 033): Azúcar before Yerba.
    const yerbaLine = within(lines[1]!);
    // 6 units reach the 5 % tier: 4200 → 3990.
    expect(yerbaLine.getByTestId('unit-price')).toHaveTextContent(money(3990_00));
    expect(yerbaLine.getByText(`Ahorrás ${money(6 * 210_00)}`)).toBeInTheDocument();
    expect(yerbaLine.getByTestId('next-tier-hint')).toHaveTextContent(`Agregá 6 más para pagar ${money(3780_00)} c/u`);
    expect(yerbaLine.getByTestId('line-total')).toHaveTextContent(money(6 * 3990_00));
    expect(screen.getByTestId('cart-savings')).toHaveTextContent(money(6 * 210_00));
    expect(screen.getByTestId('cart-page-total')).toHaveTextContent(money(6 * 3990_00 + 1190_00));
    expect(screen.getByRole('checkbox', { name: /Pagar con puntos/ })).toHaveAccessibleDescription(`Tu saldo: ${formatMoney(150_000)}`);
  });

  it('changes quantities with the buttons and caps at the stock with the spec message', async () => {
    const user = userEvent.setup();
    renderCart({ cart: { [AZUCAR_ID]: 2 } });
    await user.click(await screen.findByRole('button', { name: 'Agregar una unidad de Azúcar Ledesma 1 kg' }));
    expect(screen.getByRole('spinbutton', { name: 'Cantidad de Azúcar Ledesma 1 kg' })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Agregar una unidad de Azúcar Ledesma 1 kg' }));
    expect(screen.getByRole('spinbutton', { name: 'Cantidad de Azúcar Ledesma 1 kg' })).toHaveValue('3');
    expect(getToasts()[0]?.description).toBe('Solo quedan 3 unidades de Azúcar Ledesma 1 kg');

    const input = screen.getByRole('spinbutton', { name: 'Cantidad de Azúcar Ledesma 1 kg' });
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(await screen.findByText('Tu carrito está vacío.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al catálogo' })).toHaveAttribute('href', '/catalog');
  });

  it('places the order with ids and quantities only, then confirms, clears the cart and opens WhatsApp', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    const { server } = renderCart({ order: () => orderAnswer() });
    await screen.findAllByTestId('cart-line');
    await user.type(screen.getByRole('textbox', { name: 'Observaciones' }), 'Por la tarde');
    await user.click(placeOrderButton());

    await waitFor(() => expect(getToasts()[0]?.title).toBe('¡Pedido Realizado!'));
    expect(getToasts()[0]?.description).toBe('Tu pedido #3f2b9c1e fue registrado y está pendiente de aprobación.');
    const [post] = orderPosts(server.calls);
    expect(post!.body).toEqual({
      // In the order the cart shows them (Azúcar before Yerba), so the order lists them the same way.
      items: [
        { product_id: AZUCAR_ID, quantity: 1 },
        { product_id: YERBA_ID, quantity: 5 },
      ],
      observaciones: 'Por la tarde',
      canjeado_con_puntos: false,
      idempotency_key: expect.any(String),
    });
    expect(open).toHaveBeenCalledWith(WHATSAPP_URL, '_blank');
    expect(screen.getByTestId('order-confirmation')).toHaveTextContent('pendiente de aprobación');
    expect(screen.getByRole('heading', { name: 'Pedido #3f2b9c1e realizado' })).toHaveFocus();
    expect(screen.queryByText(/blocó|bloqueó/)).not.toBeInTheDocument();
    expect(screen.getByText('Tu carrito está vacío.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ cart_data: {} }),
    );
  });

  it('says on the confirmation when the order arrives, as the cart promised; nothing for an order without a date', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    renderCart({ order: () => orderAnswer(false, '2026-11-27') });
    await user.click((await screen.findAllByRole('button', { name: 'Realizar pedido' }))[0]!);
    const confirmation = await screen.findByTestId('order-confirmation');
    // The spec's texts stay as they are; the date is a line of its own.
    expect(within(confirmation).getByTestId('order-delivery-date')).toHaveTextContent(/^Entrega prevista: viernes 27\/11$/);
    expect(confirmation).toHaveTextContent('Tu pedido #3f2b9c1e fue registrado y está pendiente de aprobación.');
    expect(getToasts()[0]?.title).toBe('¡Pedido Realizado!');
  });

  it('shows no delivery line on the confirmation of an order without a date (a customer without a zone)', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    renderCart({ order: () => orderAnswer() });
    await user.click((await screen.findAllByRole('button', { name: 'Realizar pedido' }))[0]!);
    await screen.findByTestId('order-confirmation');
    expect(screen.queryByTestId('order-delivery-date')).not.toBeInTheDocument();
    expect(screen.queryByText(/Entrega prevista/)).not.toBeInTheDocument();
  });

  it('offers a WhatsApp button when the browser blocks the new window', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderCart({ order: () => orderAnswer() });
    await user.click((await screen.findAllByRole('button', { name: 'Realizar pedido' }))[0]!);
    expect(await screen.findByText('Tu navegador bloqueó la ventana de WhatsApp. Usá el botón para enviar el pedido.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar pedido por WhatsApp' })).toHaveAttribute('href', WHATSAPP_URL);
  });

  it('shows the server’s reason under "Error al crear el pedido" and retries with the same idempotency key', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    let attempt = 0;
    const { server } = renderCart({
      order: () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(409, { code: 'insufficient_points', message: 'Puntos Insuficientes: No tienes suficientes puntos para canjear este pedido.' })
          : orderAnswer(true);
      },
    });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('checkbox', { name: /Pagar con puntos/ }));
    await user.click(placeOrderButton());
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Error al crear el pedido',
        description: 'Puntos Insuficientes: No tienes suficientes puntos para canjear este pedido.',
        variant: 'destructive',
      }),
    );
    // The cart stays as it was after a refused order.
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);

    await user.click(placeOrderButton());
    await waitFor(() => expect(getToasts()[0]?.title).toBe('¡Pedido Realizado!'));
    const [first, second] = orderPosts(server.calls);
    expect((first!.body as { canjeado_con_puntos: boolean }).canjeado_con_puntos).toBe(true);
    expect((second!.body as { idempotency_key: string }).idempotency_key).toBe((first!.body as { idempotency_key: string }).idempotency_key);
  });

  it('sends one order for a double click', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    let release: () => void = () => undefined;
    const { server } = renderCart({
      order: () => new Promise<Response>((resolve) => (release = () => resolve(orderAnswer()))) as unknown as Response,
    });
    const button = (await screen.findAllByRole('button', { name: 'Realizar pedido' }))[0]!;
    await user.dblClick(button);
    expect((await screen.findAllByRole('button', { name: 'Enviando pedido...' }))[0]).toBeDisabled();
    release();
    await waitFor(() => expect(getToasts()[0]?.title).toBe('¡Pedido Realizado!'));
    expect(orderPosts(server.calls)).toHaveLength(1);
  });
});
