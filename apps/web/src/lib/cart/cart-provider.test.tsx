import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_SAVE_DEBOUNCE_MS } from '@mayorista/core/constants';
import { dismissToast, getToasts } from '../../components/ui/toast-store';
import { jsonResponse } from '../../test/auth-fixtures';
import { renderWithAuth } from '../../test/render-with-auth';
import { AZUCAR_ID, YERBA_ID, azucar, cartRoutes, yerba } from '../../test/cart-fixtures';

// A save that failed on the network after the previous test ended keeps its change on the device
// (decision 043): start each test with an empty device.
beforeEach(() => localStorage.clear());

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  dismissToast();
  localStorage.clear();
});

const savedCart = (cart_data: Record<string, number>, products = [yerba, azucar]) =>
  jsonResponse(200, { cart_data, updated_at: '2026-11-20T10:00:00.000Z', removed: [], products: products.filter((p) => p.id in cart_data) });

function renderHarness(routesOverride: Parameters<typeof renderWithAuth>[0]['routesOverride'] = {}) {
  return renderWithAuth({
    routes: cartRoutes,
    path: '/harness',
    profile: { approved: true },
    routesOverride: { 'PUT /api/cart': (call) => savedCart(((call.body ?? {}) as { cart_data: Record<string, number> }).cart_data), ...routesOverride },
  });
}

const lastToast = () => getToasts()[0];
const puts = (calls: { method: string; url: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT' && c.url === '/api/cart');

describe('CartProvider', () => {
  it('loads the saved cart after sign-in, with today’s product data', async () => {
    renderHarness({ 'GET /api/cart': () => savedCart({ [YERBA_ID]: 6, [AZUCAR_ID]: 1 }) });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
    expect(screen.getByTestId('lines')).toHaveTextContent('Azúcar Ledesma 1 kg=1;Yerba Mate Playadito 1 kg=6');
    expect(screen.getByTestId('count')).toHaveTextContent('7');
    // 6 yerba at the 5 % tier (3990,00) + 1 azúcar (1190,00).
    expect(screen.getByTestId('total')).toHaveTextContent(String(6 * 3990_00 + 1190_00));
  });

  it('tells the customer which products dropped out of the cart', async () => {
    renderHarness({
      'GET /api/cart': () =>
        jsonResponse(200, {
          cart_data: {},
          updated_at: null,
          removed: [{ product_id: AZUCAR_ID, name: 'Azúcar Ledesma 1 kg' }],
          products: [],
        }),
    });
    await waitFor(() => expect(lastToast()?.title).toBe('Productos quitados del carrito'));
    expect(lastToast()?.description).toBe('Azúcar Ledesma 1 kg ya no está disponible y se quitó del carrito.');
  });

  it('shows "Error al cargar el carrito." when loading fails', async () => {
    renderHarness({ 'GET /api/cart': () => jsonResponse(500, { code: 'internal_error', message: 'Ocurrió un error inesperado.' }) });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('error'));
    expect(lastToast()).toMatchObject({ title: 'Error al cargar el carrito.', variant: 'destructive' });
  });

  it('saves once, CART_SAVE_DEBOUNCE_MS after the last change, with the final cart', async () => {
    const { server } = renderHarness();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
    vi.useFakeTimers();

    fireEvent.click(screen.getByText('agregar yerba'));
    expect(lastToast()).toMatchObject({ title: 'Producto añadido', description: 'Yerba Mate Playadito 1 kg se ha añadido al carrito.' });
    await act(() => vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS - 200));
    fireEvent.click(screen.getByText('agregar azúcar x2'));
    await act(() => vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS - 1));
    expect(puts(server.calls)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(puts(server.calls)).toHaveLength(1);
    expect(puts(server.calls)[0]!.body).toEqual({ cart_data: { [YERBA_ID]: 1, [AZUCAR_ID]: 2 } });
  });

  it('saves at once when the cart is cleared', async () => {
    const { server } = renderHarness({ 'GET /api/cart': () => savedCart({ [YERBA_ID]: 2 }) });
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByText('vaciar'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(puts(server.calls).map((c) => c.body)).toEqual([{ cart_data: {} }]);
    expect(screen.getByTestId('count')).toHaveTextContent('0');
  });

  it('shows "No se pudo guardar el carrito." when a save fails', async () => {
    renderHarness({ 'PUT /api/cart': () => jsonResponse(503, { code: 'database_unavailable', message: 'No disponible.' }) });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByText('agregar yerba'));
    await act(() => vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS));
    vi.useRealTimers();
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'No se pudo guardar el carrito.', variant: 'destructive' }));
  });

  it('applies the stock rules with their messages', async () => {
    renderHarness();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));

    fireEvent.click(screen.getByText('agregar azúcar x2'));
    fireEvent.click(screen.getByText('agregar azúcar x2'));
    expect(lastToast()).toMatchObject({ title: 'Stock insuficiente', description: 'No hay suficiente stock para Azúcar Ledesma 1 kg' });
    expect(screen.getByTestId('lines')).toHaveTextContent('Azúcar Ledesma 1 kg=2');

    fireEvent.click(screen.getByText('azúcar a 9'));
    expect(lastToast()?.description).toBe('Solo quedan 3 unidades de Azúcar Ledesma 1 kg');
    expect(screen.getByTestId('lines')).toHaveTextContent('Azúcar Ledesma 1 kg=3');

    fireEvent.click(screen.getByText('agregar yerba'));
    fireEvent.click(screen.getByText('yerba a 0'));
    expect(screen.getByTestId('lines')).toHaveTextContent(/^Azúcar Ledesma 1 kg=3$/);
  });

  it('sends a change that was still waiting for the debounce when the page went away, on the next load', async () => {
    // Requests started while a page unloads are cancelled: this one never answers.
    const first = renderHarness({ 'PUT /api/cart': () => new Promise<Response>(() => undefined) as unknown as Response });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByText('agregar azúcar x2'));
    first.unmount();
    vi.useRealTimers();
    // Let the unmounting page's last save reach its (unanswering) server before the next page starts.
    await new Promise((resolve) => setTimeout(resolve, 0));
    vi.unstubAllGlobals();

    const second = renderHarness({ 'GET /api/cart': () => savedCart({}) });
    await waitFor(() => expect(screen.getByTestId('lines')).toHaveTextContent('Azúcar Ledesma 1 kg=2'));
    expect(puts(second.server.calls).map((c) => c.body)).toEqual([{ cart_data: { [AZUCAR_ID]: 2 } }]);
    expect(second.server.calls.some((c) => c.method === 'GET' && c.url === '/api/cart')).toBe(false);
  });

  it('keeps no cart for a customer who is not approved', async () => {
    const { server } = renderWithAuth({ routes: cartRoutes, path: '/harness', profile: { approved: false } });
    await waitFor(() => expect(server.calls.some((c) => c.url.startsWith('/api/profiles/'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('idle'));
    expect(server.calls.some((c) => c.url === '/api/cart')).toBe(false);
  });
});
