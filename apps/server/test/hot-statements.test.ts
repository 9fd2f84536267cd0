import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';
import { unnamedStatements } from './round-trip-probe';

/**
 * Decision 078: the requests a customer sends all morning — every step of the broadcast (the
 * session, the profile, the catalogue, a search, the cart, the order, its PDF) — send named
 * statements only, so PostgreSQL parses and plans each once per connection instead of on every
 * request. The session lookup alone, unnamed, cost a search at 5,000 products a third of its rate.
 */
const ctx = await setupTestApp({ now: () => new Date('2026-11-25T15:00:00Z') });

describe('named statements on the hot paths (decision 078)', () => {
  it('a customer on a price list: session, profile, catalogue, search, cart, order and its PDF', async () => {
    const user = await createVerifiedUser(ctx);
    const ids = await Promise.all(Array.from({ length: 3 }, () => createProduct(ctx, { price: 20_000 }).then((p) => p.id)));
    const { rows } = await ctx.pool.query<{ id: string }>(`insert into price_lists (name, percentage_bp) values ('Lista', -500) returning id`);
    await ctx.pool.query(`insert into price_list_items (list_id, product_id, price) values ($1, $2, 15000)`, [rows[0]!.id, ids[0]]);
    await ctx.pool.query(`update profiles set price_list_id = $2 where id = $1`, [user.userId, rows[0]!.id]);
    const get = (url: string) => () => ctx.app.inject({ method: 'GET', url, headers: user.headers });
    const cart = { [ids[0]!]: 1, [ids[1]!]: 2 };
    let orderId = '';
    const steps: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ['sesión', () => ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token: user.session.refresh_token } })],
      ['perfil', get(`/api/profiles/${user.userId}`)],
      ['catálogo', get('/api/products?page=1&page_size=48')],
      ['búsqueda', get('/api/products?search=producto&page=1&page_size=48')],
      ['carrito', get('/api/cart')],
      ['guardar carrito', () => ctx.app.inject({ method: 'PUT', url: '/api/cart', headers: user.headers, payload: { cart_data: cart } })],
      [
        'pedido',
        async () => {
          const placed = await ctx.app.inject({
            method: 'POST',
            url: '/api/orders',
            headers: user.headers,
            payload: { items: [{ product_id: ids[0], quantity: 1 }, { product_id: ids[2], quantity: 2 }] },
          });
          orderId = placed.json().order?.id ?? '';
          return placed;
        },
      ],
      ['PDF', () => get(`/api/orders/${orderId}/pdf`)()],
    ];
    const expected = { sesión: 200, perfil: 200, catálogo: 200, búsqueda: 200, carrito: 200, 'guardar carrito': 200, pedido: 201, PDF: 200 };
    const seen: Record<string, { status: number; unnamed: string[] }> = {};
    for (const [name, step] of steps) seen[name] = await unnamedStatements(step);
    expect(seen).toEqual(Object.fromEntries(Object.entries(expected).map(([name, status]) => [name, { status, unnamed: [] }])));
  });
});
