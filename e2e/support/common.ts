import { expect, type APIRequestContext } from '@playwright/test';

// What many specs share: the bearer header for API calls, the two widths every screen is
// photographed at, and the business calendar's day (Buenos Aires, whatever the machine's zone).

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1280, height: 900 };

/** Today in Buenos Aires plus `days`, as yyyy-mm-dd (what the server's calendar uses). */
export function businessDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Orders of one product placed by a customer and taken through Confirmado, Preparado and
 * Entregado by the owner: each a charge on the customer's cuenta corriente. Their ids, in order.
 */
export async function deliveredOrders(
  request: APIRequestContext,
  tokens: { owner: string; customer: string },
  productId: string,
  quantities: number[],
): Promise<string[]> {
  const orders: string[] = [];
  for (const quantity of quantities) {
    const placed = await request.post('/api/orders', {
      headers: auth(tokens.customer),
      data: { items: [{ product_id: productId, quantity }], observaciones: '', canjeado_con_puntos: false },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const id = ((await placed.json()) as { order: { id: string } }).order.id;
    for (const status of ['Confirmado', 'Preparado', 'Entregado']) {
      const moved = await request.post(`/api/admin/orders/${id}/status`, { headers: auth(tokens.owner), data: { status } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    orders.push(id);
  }
  return orders;
}
