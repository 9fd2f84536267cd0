import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '@mayorista/core';
import { checkConsistency } from '../src/db/consistency';
import { loadDashboard } from '../src/flows/read-dashboard';
import { setupTestApp } from './helpers';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { createProduct } from './orders-fixtures';

/** The order-life work (decision 014): the dashboard's figures on a known fixture, at a fixed "now" (Argentina, UTC−3). */
const ctx = await setupTestApp();
const admin = await createAdmin(ctx);

async function orderAt(user: TestUser, productId: string, quantity: number, at: string, points = false): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: { items: [{ product_id: productId, quantity }], canjeado_con_puntos: points, idempotency_key: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ order: Order }>().order;
  await ctx.pool.query('update orders set created_at = $2 where id = $1', [order.id, at]);
  return order;
}

describe('GET /api/admin/dashboard', () => {
  it('adds up the period against the same stretch of the previous one, with tops, statuses, approvals, low stock and the chart', async () => {
    const ana = await createVerifiedUser(ctx, { nombre: 'Ana', apellido: 'Sosa', saldo_puntos: 1_000_000 });
    const beto = await createVerifiedUser(ctx, { nombre: 'Beto', apellido: 'Paz' });
    await createVerifiedUser(ctx, { approved: false });
    const oil = await createProduct(ctx, { name: 'Aceite tablero', price: 10_000, stock: 100 });
    const rice = await createProduct(ctx, { name: 'Arroz tablero', price: 5_000, stock: 100 });
    await createProduct(ctx, { name: 'Yerba escasa', stock: 3 });

    // "now" = Wednesday 2026-11-18 15:00 in Buenos Aires (18:00 UTC).
    const now = new Date('2026-11-18T18:00:00Z');
    await orderAt(ana, oil.id, 3, '2026-11-18T12:00:00Z'); // today 09:00: 30.000
    await orderAt(beto, rice.id, 2, '2026-11-18T13:00:00Z'); // today: 10.000
    const cancelled = await orderAt(beto, oil.id, 1, '2026-11-18T14:00:00Z');
    await ctx.app.inject({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, headers: beto.headers });
    await orderAt(ana, rice.id, 1, '2026-11-18T14:30:00Z', true); // a redemption: not a sale
    await orderAt(ana, oil.id, 1, '2026-11-17T13:00:00Z'); // yesterday 10:00: 10.000
    await orderAt(beto, oil.id, 1, '2026-11-17T20:00:00Z'); // yesterday 17:00, after "this hour": not compared
    await orderAt(ana, rice.id, 4, '2026-11-16T12:00:00Z'); // Monday this week: 20.000
    await orderAt(beto, rice.id, 1, '2026-11-10T12:00:00Z'); // last week's Tuesday: 5.000

    const day = await loadDashboard(ctx.pool, 'day', now);
    expect(day.current).toMatchObject({ sales: 40_000, orders: 2, average_ticket: 20_000, from: '2026-11-18T03:00:00.000Z' });
    expect(day.previous).toMatchObject({ sales: 10_000, orders: 1, from: '2026-11-17T03:00:00.000Z', to: '2026-11-17T18:00:00.000Z' });
    expect(day.top_products.map((p) => [p.name, p.quantity, p.sales])).toEqual([
      ['Aceite tablero', 3, 30_000],
      ['Arroz tablero', 2, 10_000],
    ]);
    expect(day.top_customers.map((c) => [c.name, c.orders, c.sales])).toEqual([
      ['Ana Sosa', 1, 30_000],
      ['Beto Paz', 1, 10_000],
    ]);
    expect(Object.fromEntries(day.orders_by_status.map((s) => [s.status, s.count]))).toEqual({ Pendiente: 2, Cancelado: 1, 'Pendiente de Canje': 1 });
    expect(day.accounts_awaiting_approval).toBe(1);
    expect(day.low_stock).toEqual({ threshold: 5, items: [expect.objectContaining({ name: 'Yerba escasa', stock: 3 })] });
    expect(day.daily_sales).toHaveLength(30);
    expect(day.daily_sales.at(-1)).toEqual({ date: '2026-11-18', sales: 40_000, orders: 2 });
    expect(day.daily_sales.at(-2)).toEqual({ date: '2026-11-17', sales: 20_000, orders: 2 });

    const week = await loadDashboard(ctx.pool, 'week', now);
    expect(week.current).toMatchObject({ sales: 80_000, orders: 5, from: '2026-11-16T03:00:00.000Z' });
    expect(week.previous).toMatchObject({ sales: 5_000, orders: 1 });

    const http = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=month', headers: admin.headers });
    expect(http.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=year', headers: admin.headers })).statusCode).toBe(400);
  });

  it('reads the tops from daily summaries that every order change keeps equal to the orders, and db:check says when they are not', async () => {
    const carla = await createVerifiedUser(ctx, { nombre: 'Carla', apellido: 'Ríos' });
    const tea = await createProduct(ctx, { name: 'Té resumen', price: 2_000, stock: 100 });
    const now = new Date('2026-10-07T18:00:00Z'); // a Wednesday far from the other fixture
    const first = await orderAt(carla, tea.id, 5, '2026-10-07T12:00:00Z');
    await orderAt(carla, tea.id, 2, '2026-10-07T13:00:00Z');
    const top = async () => (await loadDashboard(ctx.pool, 'day', now)).top_products.map((p) => [p.name, p.quantity, p.sales]);
    expect(await top()).toEqual([['Té resumen', 7, 14_000]]);

    // An admin edit (5 → 1) and a status change to Cancelado move the summary in their transactions.
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${first.id}`,
      headers: admin.headers,
      payload: { lines: [{ product_id: tea.id, quantity: 1 }], reason: 'Pidió menos', reprice: false },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await top()).toEqual([['Té resumen', 3, 6_000]]);
    const day = await loadDashboard(ctx.pool, 'day', now);
    expect(day.top_customers.map((c) => [c.name, c.orders, c.sales])).toEqual([['Carla Ríos', 2, 6_000]]);
    const status = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${first.id}/status`, headers: admin.headers, payload: { status: 'Cancelado' } });
    expect(status.statusCode, status.body).toBe(200);
    expect(await top()).toEqual([['Té resumen', 2, 4_000]]);
    expect((await checkConsistency(ctx.pool)).violations).toEqual([]);

    // A summary that drifted from the orders is named by db:check.
    await ctx.pool.query(`update sales_daily_products set quantity = quantity + 1 where product_id = $1 and day = '2026-10-07'`, [tea.id]);
    const report = await checkConsistency(ctx.pool);
    expect(report.violations).toEqual([
      `Resumen diario de ventas (producto ${tea.id}, día 2026-10-07): el resumen dice 3 u. / 4000 pero los pedidos dan 2 u. / 4000.`,
    ]);
    await ctx.pool.query(`update sales_daily_products set quantity = quantity - 1 where product_id = $1 and day = '2026-10-07'`, [tea.id]);
  });
});
