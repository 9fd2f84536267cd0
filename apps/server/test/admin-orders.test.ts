import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@mayorista/core';
import { setupTestApp } from './helpers';
import { createAdmin, createSuperAdmin, createVerifiedUser } from './factories';
import { insertOrder, insertProduct, pointsOf, productStock } from './admin-orders-fixtures';

const ctx = await setupTestApp();
const admin = await createAdmin(ctx);
const superAdmin = await createSuperAdmin(ctx);
const customer = await createVerifiedUser(ctx, { nombre: 'Cliente', saldo_puntos: 0 });

interface OrderBody {
  id: string;
  status: OrderStatus;
  user_info: { nombre: string };
  total: number;
}

const changeStatus = (orderId: string, status: string, headers = admin.headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers, payload: { status } });

const currentStatus = async (orderId: string) =>
  (await ctx.pool.query<{ status: OrderStatus }>('select status from orders where id = $1', [orderId])).rows[0]!.status;

// Written out from the admin-orders work; the core table test pins the same matrix.
const ALLOWED: Array<[OrderStatus, OrderStatus]> = [
  ['Pendiente', 'Confirmado'],
  ['Confirmado', 'Preparado'],
  ['Preparado', 'Entregado'],
  ['Pendiente de Canje', 'Canjeado'],
  ['Pendiente', 'Cancelado'],
  ['Confirmado', 'Cancelado'],
  ['Preparado', 'Cancelado'],
  ['Pendiente de Canje', 'Cancelado'],
  ['Pendiente de Canje', 'Rechazado'],
];
const FORBIDDEN = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus])).filter(
  ([from, to]) => !ALLOWED.some(([f, t]) => f === from && t === to),
);

const someOrder = await insertOrder(ctx.pool, { userId: customer.userId });
const unapprovedAdmin = await createVerifiedUser(ctx, { approved: false, is_admin: true });

describe('admin orders: who may use them', () => {
  const requests = [
    { method: 'GET' as const, url: '/api/admin/orders' },
    { method: 'GET' as const, url: `/api/admin/orders/${someOrder.id}` },
    { method: 'GET' as const, url: '/api/admin/orders/export.csv' },
    { method: 'POST' as const, url: `/api/admin/orders/${someOrder.id}/status`, payload: { status: 'Confirmado' } },
  ];

  it.each(requests)('$method $url: anonymous 401, customer and unapproved admin 403', async (request) => {
    const anonymous = await ctx.app.inject(request);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'not_authenticated', message: expect.stringMatching(/sesión/) });

    const asCustomer = await ctx.app.inject({ ...request, headers: customer.headers });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('forbidden');

    const asUnapproved = await ctx.app.inject({ ...request, headers: unapprovedAdmin.headers });
    expect(asUnapproved.statusCode).toBe(403);
    expect(await currentStatus(someOrder.id)).toBe('Pendiente');
  });

  it('a super admin manages orders too', async () => {
    const order = await insertOrder(ctx.pool, { userId: customer.userId });
    const response = await changeStatus(order.id, 'Confirmado', superAdmin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json<OrderBody>().status).toBe('Confirmado');
  });
});

const buyer = await createVerifiedUser(ctx, { nombre: 'Lucía', apellido: 'García' });
const base = Date.parse('2026-03-10T15:00:00Z');
const day = 24 * 3600 * 1000;
// Distinct names so these tests see only their own orders.
const older = await insertOrder(ctx.pool, {
  userId: buyer.userId,
  userInfo: { nombre: 'Lucía', apellido: 'García', email: 'lucia.garcia@example.com', dni: '27111222' },
  createdAt: new Date(base),
});
const middle = await insertOrder(ctx.pool, {
  userId: buyer.userId,
  userInfo: { nombre: 'Lucía', apellido: 'García', email: 'lucia.garcia@example.com', dni: '27111222' },
  status: 'Confirmado',
  createdAt: new Date(base + day),
});
const newest = await insertOrder(ctx.pool, {
  userId: buyer.userId,
  userInfo: { nombre: 'Lucía', apellido: 'García', email: 'lucia.garcia@example.com', dni: '27111222' },
  createdAt: new Date(base + 2 * day),
});
describe('GET /api/admin/orders', () => {
  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: OrderBody[]; total: number }>();
  };

  it('lists newest first and finds the customer by name without accents, e-mail or DNI', async () => {
    for (const customerQuery of ['garcia', 'LUCIA', 'lucía garcía', 'lucia.garcia@', '27111222']) {
      const result = await list(`customer=${encodeURIComponent(customerQuery)}`);
      expect(result.items.map((o) => o.id)).toEqual([newest.id, middle.id, older.id]);
      expect(result.total).toBe(3);
    }
    expect((await list('customer=zzz-nadie')).items).toEqual([]);
  });

  it('treats % and _ in the customer filter as literal characters', async () => {
    expect((await list(`customer=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`customer=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('filters by status', async () => {
    const result = await list('customer=garcia&status=Confirmado');
    expect(result.items.map((o) => o.id)).toEqual([middle.id]);
  });

  it('filters by inclusive calendar days in Argentina', async () => {
    // base is 2026-03-10 12:00 in Buenos Aires (UTC-3).
    expect((await list('customer=garcia&from=2026-03-11&to=2026-03-11')).items.map((o) => o.id)).toEqual([middle.id]);
    expect((await list('customer=garcia&from=2026-03-11')).items.map((o) => o.id)).toEqual([newest.id, middle.id]);
    expect((await list('customer=garcia&to=2026-03-10')).items.map((o) => o.id)).toEqual([older.id]);
  });

  it('paginates with the total of all matches', async () => {
    const first = await list('customer=garcia&page=1&page_size=2');
    const second = await list('customer=garcia&page=2&page_size=2');
    expect(first.items.map((o) => o.id)).toEqual([newest.id, middle.id]);
    expect(second.items.map((o) => o.id)).toEqual([older.id]);
    expect(first.total).toBe(3);
  });

  it.each([
    ['status=Enviado', 'Estado de pedido inválido.'],
    ['from=10/03/2026', 'Ingresá una fecha válida (AAAA-MM-DD).'],
    ['from=2026-03-12&to=2026-03-10', 'La fecha desde no puede ser posterior a la fecha hasta.'],
    ['page=0', null],
  ])('rejects %s with a Spanish 400', async (query, message) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    if (message) expect(response.json().message).toBe(message);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('answers the whole order', async () => {
    const product = await insertProduct(ctx.pool, { name: 'Yerba detalle' });
    const order = await insertOrder(ctx.pool, {
      userId: customer.userId,
      userInfo: { nombre: 'Marta', apellido: 'Pérez', email: 'marta@example.com', dni: '20999888' },
      lines: [{ product, quantity: 3 }],
      observaciones: 'Entregar por la tarde',
    });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: order.id,
      user_id: customer.userId,
      user_info: { nombre: 'Marta', apellido: 'Pérez', email: 'marta@example.com', dni: '20999888' },
      items: [{ product_id: product.id, name: 'Yerba detalle', quantity: 3, price: product.price, total: product.price * 3 }],
      total: product.price * 3,
      status: 'Pendiente',
      observaciones: 'Entregar por la tarde',
      canjeado_con_puntos: false,
    });
  });

  it('404 for an unknown order, 400 for a malformed id', async () => {
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'order_not_found', message: 'El pedido no existe.' });
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/admin/orders/abc', headers: admin.headers });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/admin/orders/:id/status', () => {
  it.each(ALLOWED)('%s → %s is allowed and saved', async (from, to) => {
    const order = await insertOrder(ctx.pool, { userId: customer.userId, status: from, canjeado_con_puntos: from === 'Pendiente de Canje' });
    const response = await changeStatus(order.id, to);
    expect(response.statusCode).toBe(200);
    expect(response.json<OrderBody>()).toMatchObject({ id: order.id, status: to });
    expect(await currentStatus(order.id)).toBe(to);
  });

  it.each(FORBIDDEN)('%s → %s is refused with 409 and changes nothing', async (from, to) => {
    const order = await insertOrder(ctx.pool, { userId: customer.userId, status: from, canjeado_con_puntos: from === 'Pendiente de Canje' });
    const response = await changeStatus(order.id, to);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'invalid_status_transition',
      message: `No se puede pasar un pedido de ${from} a ${to}.`,
      current_status: from,
    });
    expect(await currentStatus(order.id)).toBe(from);
  });

  it('validates the body and the order id', async () => {
    const order = await insertOrder(ctx.pool, { userId: customer.userId });
    expect((await changeStatus(order.id, 'Enviado')).json()).toMatchObject({ code: 'validation_failed', message: 'Estado de pedido inválido.' });
    const extra = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'Confirmado', total: 0 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await changeStatus('00000000-0000-4000-8000-000000000000', 'Confirmado')).statusCode).toBe(404);
    expect(await currentStatus(order.id)).toBe('Pendiente');
  });

  it('cancelling restocks limited-stock products exactly, skipping unlimited and deleted ones', async () => {
    const limited = await insertProduct(ctx.pool, { stock: 10 });
    const unlimited = await insertProduct(ctx.pool, { stock: 0, has_unlimited_stock: true });
    const deleted = await insertProduct(ctx.pool, { stock: 5 });
    const order = await insertOrder(ctx.pool, {
      userId: customer.userId,
      status: 'Confirmado',
      lines: [
        { product: limited, quantity: 3 },
        { product: unlimited, quantity: 7 },
        { product: deleted, quantity: 1 },
        { product: limited, quantity: 2 },
      ],
    });
    await ctx.pool.query('delete from products where id = $1', [deleted.id]);

    expect((await changeStatus(order.id, 'Cancelado')).statusCode).toBe(200);
    expect(await productStock(ctx.pool, limited.id)).toBe(15);
    expect(await productStock(ctx.pool, unlimited.id)).toBe(0);
  });

  it('cancelling a normal order gives no points', async () => {
    const buyer = await createVerifiedUser(ctx, { saldo_puntos: 700 });
    const order = await insertOrder(ctx.pool, { userId: buyer.userId, total: 5000 });
    expect((await changeStatus(order.id, 'Cancelado')).statusCode).toBe(200);
    expect(await pointsOf(ctx.pool, buyer.userId)).toBe(700);
  });

  it('cancelling a points order gives the points back and restocks', async () => {
    const buyer = await createVerifiedUser(ctx, { saldo_puntos: 200 });
    const product = await insertProduct(ctx.pool, { stock: 1, price: 1_500 });
    const order = await insertOrder(ctx.pool, { userId: buyer.userId, status: 'Pendiente de Canje', lines: [{ product, quantity: 2 }] });

    expect((await changeStatus(order.id, 'Cancelado')).statusCode).toBe(200);
    expect(await pointsOf(ctx.pool, buyer.userId)).toBe(200 + 3_000);
    expect(await productStock(ctx.pool, product.id)).toBe(3);
  });

  it('rejecting a points order refunds the points and restocks', async () => {
    const buyer = await createVerifiedUser(ctx, { saldo_puntos: 1_000 });
    const product = await insertProduct(ctx.pool, { stock: 4, price: 2_500 });
    const order = await insertOrder(ctx.pool, { userId: buyer.userId, status: 'Pendiente de Canje', lines: [{ product, quantity: 2 }] });

    const response = await changeStatus(order.id, 'Rechazado');
    expect(response.statusCode).toBe(200);
    expect(await pointsOf(ctx.pool, buyer.userId)).toBe(1_000 + 5_000);
    expect(await productStock(ctx.pool, product.id)).toBe(6);
  });

  it('two admins cancelling at the same moment restock once', async () => {
    const product = await insertProduct(ctx.pool, { stock: 20 });
    const order = await insertOrder(ctx.pool, { userId: customer.userId, lines: [{ product, quantity: 6 }] });

    // Several clicks at once make a lost update likely if the row were not locked.
    const responses = await Promise.all([
      changeStatus(order.id, 'Cancelado'),
      changeStatus(order.id, 'Cancelado', superAdmin.headers),
      changeStatus(order.id, 'Cancelado'),
      changeStatus(order.id, 'Cancelado', superAdmin.headers),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await productStock(ctx.pool, product.id)).toBe(26);
  });

  it('double reject, and reject racing cancel, refund and restock once', async () => {
    const buyer = await createVerifiedUser(ctx, { saldo_puntos: 0 });
    const product = await insertProduct(ctx.pool, { stock: 0, price: 1_000 });
    const first = await insertOrder(ctx.pool, { userId: buyer.userId, status: 'Pendiente de Canje', lines: [{ product, quantity: 3 }] });
    const second = await insertOrder(ctx.pool, { userId: buyer.userId, status: 'Pendiente de Canje', lines: [{ product, quantity: 1 }] });

    const responses = await Promise.all([
      changeStatus(first.id, 'Rechazado'),
      changeStatus(first.id, 'Rechazado', superAdmin.headers),
      changeStatus(first.id, 'Rechazado'),
      changeStatus(second.id, 'Cancelado'),
      changeStatus(second.id, 'Rechazado', superAdmin.headers),
    ]);
    const [a, b, c, d, e] = responses.map((r) => r.statusCode);
    expect([a, b, c].sort()).toEqual([200, 409, 409]);
    expect([d, e].sort()).toEqual([200, 409]);

    expect(await productStock(ctx.pool, product.id)).toBe(4);
    // Each order is refunded exactly once (3 000 + 1 000), whichever of cancel and reject won.
    expect(['Rechazado', 'Cancelado']).toContain(await currentStatus(second.id));
    expect(await pointsOf(ctx.pool, buyer.userId)).toBe(3_000 + 1_000);
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  it('exports the filtered orders as UTF-8 CSV with BOM, es-AR amounts and neutralised formulas', async () => {
    const product = await insertProduct(ctx.pool, { name: 'Azúcar "Ledesma" 1 kg', price: 123_450 });
    await insertOrder(ctx.pool, {
      userId: customer.userId,
      userInfo: { nombre: '=HYPERLINK("http://mal")', apellido: 'Núñez', email: 'exportar@example.com', dni: '31222333' },
      lines: [{ product, quantity: 1 }],
      observaciones: '+54 11; llamar antes',
    });
    await insertOrder(ctx.pool, {
      userId: customer.userId,
      userInfo: { nombre: 'Otro', apellido: 'Cliente', email: 'otro-export@example.com', dni: '31222444' },
      status: 'Confirmado',
    });

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/export.csv?customer=exportar&status=Pendiente',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);

    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      '"Pedido";"Fecha";"Estado";"Nombre";"Apellido";"Correo electrónico";"DNI";"Razón social";"CUIT";"Condición frente al IVA";"WhatsApp";"Dirección de entrega";"Productos";"Total";"Ahorro";"Canjeado con puntos";"Observaciones";"Neto";"IVA 21 %";"IVA 10,5 %";"IVA 27 %";"IVA total"',
    );
    const row = lines[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://mal"")"`);
    expect(row).toContain('"Núñez"');
    expect(row).toContain('"1 x Azúcar ""Ledesma"" 1 kg"');
    expect(row).toContain('"1.234,50"');
    expect(row).toContain(`"'+54 11; llamar antes"`);
    // An order from before IVA existed has no breakdown: its IVA cells stay empty.
    expect(row.endsWith(';"";"";"";"";""')).toBe(true);
    expect(row).not.toContain('Otro');
  });

  it('validates its filters like the list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/orders/export.csv?to=ayer', headers: admin.headers });
    expect(response.statusCode).toBe(400);
  });
});
