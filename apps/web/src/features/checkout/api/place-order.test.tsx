import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { ordersQueryKey } from '../../../lib/queries/order-keys';
import { usePointsBalance } from '../../../lib/queries/points';
import { jsonResponse } from '../../../test/auth-fixtures';
import { renderWithAuth } from '../../../test/render-with-auth';
import { usePlaceOrder } from './place-order';

const ORDER_ID = '3f2b9c1e-7a44-4d1b-9e0f-0123456789ab';
const PRODUCT_ID = '11111111-2222-4333-8444-555555555555';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** What a customer's screens read next to checkout: the balance in the nav and Mis Pedidos. */
function Harness() {
  const { user } = useAuth();
  const { saldoPuntos } = usePointsBalance();
  const orders = useQuery({
    queryKey: ordersQueryKey(user?.id),
    queryFn: () => apiRequest<{ items: unknown[] }>('/api/orders'),
    enabled: !!user,
  });
  const placeOrder = usePlaceOrder();
  return (
    <div>
      <p data-testid="balance">{saldoPuntos ?? 'cargando'}</p>
      <p data-testid="orders">{orders.data?.items.length ?? 'cargando'}</p>
      <button
        onClick={() =>
          placeOrder.mutate({
            items: [{ product_id: PRODUCT_ID, quantity: 2 }],
            observaciones: '',
            canjeado_con_puntos: true,
            idempotency_key: 'clave-1',
          })
        }
      >
        pedir
      </button>
    </div>
  );
}

describe('usePlaceOrder', () => {
  it('posts the order, shows the balance the server answered at once and refetches Mis Pedidos', async () => {
    let ordersStored = 0;
    // The balance endpoint keeps answering the old figure: what shows after the order is the answer's.
    let pointsAnswers = 0;
    const { server } = renderWithAuth({
      routes: [{ path: '/harness', element: <Harness /> }],
      path: '/harness',
      profile: { approved: true },
      routesOverride: {
        'GET /api/points': () => {
          pointsAnswers += 1;
          return pointsAnswers === 1 ? jsonResponse(200, { saldo_puntos: 150_000 }) : new Promise<Response>(() => undefined);
        },
        'GET /api/orders': () => jsonResponse(200, { items: Array.from({ length: ordersStored }, () => ({})) }),
        'POST /api/orders': () => {
          ordersStored += 1;
          return jsonResponse(201, { order: { id: ORDER_ID }, whatsapp_url: 'https://wa.me/1', saldo_puntos: 42_00 });
        },
      },
    });
    expect(await screen.findByText('150000')).toBeInTheDocument();
    expect(screen.getByTestId('orders')).toHaveTextContent('0');

    await userEvent.click(screen.getByRole('button', { name: 'pedir' }));

    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('4200'));
    await waitFor(() => expect(screen.getByTestId('orders')).toHaveTextContent('1'));
    const posts = server.calls.filter((c) => c.method === 'POST' && c.url === '/api/orders');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      items: [{ product_id: PRODUCT_ID, quantity: 2 }],
      observaciones: '',
      canjeado_con_puntos: true,
      idempotency_key: 'clave-1',
    });
  });
});
