import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatMoney, messages, type Order } from '@mayorista/core';
import { checkConsistency } from '../src/db/consistency';
import { insertMessage } from '../src/modules/realtime/realtime.protocol';
import { setupTestApp } from './helpers';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { createProduct, pointsOf, stockOf } from './orders-fixtures';

/**
 * The order-life work (decision 014) against a real PostgreSQL: customer cancellations, admin edits (stock and
 * points through the ledgers, history, conflicts), the admin's PDFs and the e-mails each queues.
 */
const ctx = await setupTestApp();
const admin = await createAdmin(ctx);

async function placeOrder(user: TestUser, items: { product_id: string; quantity: number }[], points = false): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: { items, canjeado_con_puntos: points, idempotency_key: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order: Order }>().order;
}

const edit = (orderId: string, payload: Record<string, unknown>, who: TestUser = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/orders/${orderId}`, headers: who.headers, payload });

const cancel = (orderId: string, who: TestUser) => ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: who.headers });

async function outboxOf(orderId: string) {
  const { rows } = await ctx.pool.query<{ kind: string; recipient: string; data: Record<string, unknown> }>(
    'select kind, recipient, data from email_outbox where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

async function stockMovements(productId: string, orderId: string) {
  const { rows } = await ctx.pool.query<{ kind: string; quantity: number }>(
    'select kind, quantity from stock_movements where product_id = $1 and order_id = $2 order by id',
    [productId, orderId],
  );
  return rows;
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

async function expectConsistent() {
  expect((await checkConsistency(ctx.pool)).violations).toEqual([]);
}

describe('order e-mails are queued in the order transaction', () => {
  it('queues the customer and admin e-mails of a new order, and none when the settings switch them off', async () => {
    await ctx.pool.query(`update app_settings set value = value || '{"admin_email_recipients": ["a@example.com", "b@example.com"]}'`);
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx);
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    expect(await outboxOf(order.id)).toEqual([
      { kind: 'order_placed', recipient: customer.email, data: {} },
      { kind: 'admin_new_order', recipient: 'a@example.com', data: {} },
      { kind: 'admin_new_order', recipient: 'b@example.com', data: {} },
    ]);

    await ctx.pool.query(`update app_settings set value = value || '{"email_customer_order_placed": false, "email_admin_new_order": false}'`);
    const quiet = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    expect(await outboxOf(quiet.id)).toEqual([]);
    await ctx.pool.query(`update app_settings set value = value || '{"email_customer_order_placed": true, "email_admin_new_order": true}'`);
  });

  it('queues a status e-mail for Confirmado and none for a status the customer is not told about', async () => {
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 1_000_000 });
    const product = await createProduct(ctx);
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: admin.headers, payload: { status: 'Confirmado' } });
    expect(res.statusCode).toBe(200);
    expect((await outboxOf(order.id)).filter((e) => e.kind === 'status_changed')).toEqual([
      { kind: 'status_changed', recipient: customer.email, data: { status: 'Confirmado' } },
    ]);
    const redemption = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }], true);
    await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${redemption.id}/status`, headers: admin.headers, payload: { status: 'Canjeado' } });
    expect((await outboxOf(redemption.id)).filter((e) => e.kind === 'status_changed')).toEqual([]);
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('cancels a Pendiente order: stock back through the ledger, admins told live and by e-mail', async () => {
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx, { stock: 10 });
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 4 }]);
    expect(await stockOf(ctx, product.id)).toBe(6);

    const listener = new pg.Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    await listener.query('listen orders_insert');
    const heard = new Promise<Record<string, unknown>>((resolve) =>
      listener.on('notification', (n) => {
        const payload = JSON.parse(n.payload!) as Record<string, unknown>;
        if (payload.id === order.id) resolve(payload);
      }),
    );

    const res = await cancel(order.id, customer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { id: order.id, status: 'Cancelado' } });
    expect(await stockOf(ctx, product.id)).toBe(10);
    expect(await stockMovements(product.id, order.id)).toEqual([
      { kind: 'order', quantity: -4 },
      { kind: 'order_cancel_restock', quantity: 4 },
    ]);
    const notified = await heard;
    expect(notified).toMatchObject({ event: 'cancelled', status: 'Cancelado', user_info: { nombre: 'Cliente' } });
    // What every joined admin socket receives for it (the same NOTIFY path as new orders).
    expect(JSON.parse(insertMessage(notified as never))).toMatchObject({ topic: 'orders', event: 'CANCELLED', payload: { record: { id: order.id } } });
    await listener.end();
    const kinds = (await outboxOf(order.id)).map((e) => e.kind);
    expect(kinds).toContain('status_changed');
    expect(kinds).toContain('admin_order_cancelled');
    await expectConsistent();
  });

  it('refunds the points of a Pendiente de Canje order', async () => {
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 50_000 });
    const product = await createProduct(ctx, { price: 10_000 });
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 3 }], true);
    expect(await pointsOf(ctx, customer.userId)).toBe(20_000);
    const res = await cancel(order.id, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saldo_puntos: 50_000 });
    expect(await pointsOf(ctx, customer.userId)).toBe(50_000);
    await expectConsistent();
  });

  it('refuses another customer’s order (404), a malformed id (404) and a confirmed or cancelled order (409), changing nothing', async () => {
    const customer = await createVerifiedUser(ctx);
    const other = await createVerifiedUser(ctx);
    const product = await createProduct(ctx, { stock: 10 });
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 2 }]);

    expect((await cancel(order.id, other)).statusCode).toBe(404);
    expect((await cancel('no-es-un-id', customer)).statusCode).toBe(404);
    await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: admin.headers, payload: { status: 'Confirmado' } });
    const refused = await cancel(order.id, customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'order_not_cancellable', message: messages.orderLife.cancel.notCancellable('Confirmado') });
    expect(await stockOf(ctx, product.id)).toBe(8);

    const second = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    expect((await cancel(second.id, customer)).statusCode).toBe(200);
    expect((await cancel(second.id, customer)).json()).toMatchObject({ code: 'order_not_cancellable' });
    expect(await stockOf(ctx, product.id)).toBe(8);
  });

  it('cancels once when the customer double-clicks: stock returns once', async () => {
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx, { stock: 5 });
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 5 }]);
    const answers = await Promise.all([cancel(order.id, customer), cancel(order.id, customer), cancel(order.id, customer)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(ctx, product.id)).toBe(5);
    await expectConsistent();
  });
});

describe('PATCH /api/admin/orders/:id', () => {
  it('changes, removes and adds lines: kept prices, today’s price for the new line, tiers recomputed, stock moved, history kept', async () => {
    const customer = await createVerifiedUser(ctx);
    const oil = await createProduct(ctx, { name: `Aceite ${randomUUID()}`, price: 10_000, stock: 50, discounts: [{ minQuantity: 10, discountType: 'percentage', discountValue: 10 }] });
    const rice = await createProduct(ctx, { price: 5_000, stock: 50 });
    const sugar = await createProduct(ctx, { price: 2_000, stock: 50 });
    const order = await placeOrder(customer, [
      { product_id: oil.id, quantity: 4 },
      { product_id: rice.id, quantity: 2 },
    ]);
    // Today's prices go up; the kept lines must not follow.
    await ctx.pool.query('update products set price = price * 2 where id = any($1)', [[oil.id, sugar.id]]);

    const res = await edit(order.id, {
      lines: [
        { product_id: oil.id, quantity: 12 },
        { product_id: sugar.id, quantity: 3 },
      ],
      reason: 'Sacamos el arroz, más aceite',
      expected_updated_at: order.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Order>();
    const oilLine = updated.items.find((i) => i.product_id === oil.id)!;
    // As ordered: base 10.000, and 12 units reach the 10 % tier → 9.000 each.
    expect(oilLine).toMatchObject({ quantity: 12, price: 9_000, total: 108_000, discounts: { base_price: 10_000, savings: 12_000, applied: 'tier' } });
    expect(updated.items.find((i) => i.product_id === sugar.id)).toMatchObject({ quantity: 3, price: 4_000, total: 12_000 });
    expect(updated.items.some((i) => i.product_id === rice.id)).toBe(false);
    expect(updated).toMatchObject({ total: 120_000, total_savings: 12_000 });

    expect(await stockOf(ctx, oil.id)).toBe(38);
    expect(await stockOf(ctx, rice.id)).toBe(50);
    expect(await stockOf(ctx, sugar.id)).toBe(47);
    expect(await stockMovements(oil.id, order.id)).toEqual([
      { kind: 'order', quantity: -4 },
      { kind: 'order_edit', quantity: -8 },
    ]);
    expect(await stockMovements(rice.id, order.id)).toEqual([
      { kind: 'order', quantity: -2 },
      { kind: 'order_edit', quantity: 2 },
    ]);

    const mine = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.headers });
    expect(mine.json()).toMatchObject({ total: 120_000 });
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/pdf`, headers: customer.headers });
    expect(await pdfText(pdf.rawPayload)).toContain('Total: $ 1.200,00');

    const history = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/edits`, headers: admin.headers });
    expect(history.json()).toMatchObject({
      items: [{ reason: 'Sacamos el arroz, más aceite', reprice: false, before_total: 50_000, after_total: 120_000, actor_name: 'Admin Prueba' }],
    });
    expect((await outboxOf(order.id)).filter((e) => e.kind === 'order_edited')).toEqual([
      { kind: 'order_edited', recipient: customer.email, data: { reason: 'Sacamos el arroz, más aceite' } },
    ]);
    await expectConsistent();
  });

  it('reprices every line at today’s prices when asked', async () => {
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx, { price: 10_000 });
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 2 }]);
    await ctx.pool.query('update products set price = 15000 where id = $1', [product.id]);
    const res = await edit(order.id, { lines: [{ product_id: product.id, quantity: 2 }], reason: 'Precios nuevos', reprice: true });
    expect(res.json()).toMatchObject({ total: 30_000 });
    const kept = await edit(order.id, { lines: [{ product_id: product.id, quantity: 2 }], reason: 'Sin cambios' });
    expect(kept.json()).toMatchObject({ total: 30_000 });
  });

  it('refuses a quantity beyond stock with the stock message, and nothing is half-applied', async () => {
    const customer = await createVerifiedUser(ctx);
    const scarce = await createProduct(ctx, { name: `Yerba ${randomUUID()}`, stock: 5 });
    const plenty = await createProduct(ctx, { stock: 50 });
    const order = await placeOrder(customer, [
      { product_id: scarce.id, quantity: 2 },
      { product_id: plenty.id, quantity: 10 },
    ]);
    const res = await edit(order.id, {
      lines: [
        { product_id: scarce.id, quantity: 9 },
        { product_id: plenty.id, quantity: 1 },
      ],
      reason: 'Más yerba',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_stock', message: messages.orders.insufficientStock(scarce.name, 3) });
    expect(await stockOf(ctx, scarce.id)).toBe(3);
    expect(await stockOf(ctx, plenty.id)).toBe(40);
    const again = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin.headers });
    expect(again.json()).toMatchObject({ total: order.total, updated_at: order.updated_at });
    expect(await outboxOf(order.id)).not.toContainEqual(expect.objectContaining({ kind: 'order_edited' }));
    expect((await ctx.pool.query('select 1 from order_edits where order_id = $1', [order.id])).rowCount).toBe(0);
  });

  it('moves the points of a redemption with its total, and refuses an edit the balance cannot pay', async () => {
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 40_000 });
    const product = await createProduct(ctx, { price: 10_000, stock: 50 });
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 3 }], true);
    expect(await pointsOf(ctx, customer.userId)).toBe(10_000);

    const less = await edit(order.id, { lines: [{ product_id: product.id, quantity: 1 }], reason: 'Menos unidades' });
    expect(less.statusCode).toBe(200);
    expect(await pointsOf(ctx, customer.userId)).toBe(30_000);

    const tooMuch = await edit(order.id, { lines: [{ product_id: product.id, quantity: 5 }], reason: 'Más unidades' });
    expect(tooMuch.statusCode).toBe(409);
    // 5 units cost 40.000 more in points; the balance has 30.000.
    expect(tooMuch.json()).toMatchObject({ code: 'insufficient_points', message: messages.orderLife.edit.notEnoughPoints(formatMoney(10_000)) });
    expect(await pointsOf(ctx, customer.userId)).toBe(30_000);
    expect(await stockOf(ctx, product.id)).toBe(49);
    const { rows } = await ctx.pool.query<{ kind: string; amount: string }>(
      'select kind, amount from points_movements where profile_id = $1 and order_id = $2 order by id',
      [customer.userId, order.id],
    );
    expect(rows.map((r) => [r.kind, Number(r.amount)])).toEqual([
      ['order', -30_000],
      ['order_edit', 20_000],
    ]);
    await expectConsistent();
  });

  it('refuses an order that is no longer editable, and bad bodies with Spanish messages', async () => {
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx);
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 1 }]);
    expect((await edit(order.id, { lines: [], reason: 'Nada' })).json()).toMatchObject({ code: 'validation_failed' });
    expect((await edit(order.id, { lines: [{ product_id: product.id, quantity: 1 }] })).statusCode).toBe(400);
    expect((await edit(order.id, { lines: [{ product_id: product.id, quantity: 0 }], reason: 'Cero' })).statusCode).toBe(400);
    expect((await edit(randomUUID(), { lines: [{ product_id: product.id, quantity: 1 }], reason: 'No existe' })).statusCode).toBe(404);

    await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: admin.headers, payload: { status: 'Confirmado' } });
    expect((await edit(order.id, { lines: [{ product_id: product.id, quantity: 2 }], reason: 'Confirmado se puede' })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: admin.headers, payload: { status: 'Preparado' } });
    const late = await edit(order.id, { lines: [{ product_id: product.id, quantity: 3 }], reason: 'Tarde' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'order_not_editable', message: messages.orderLife.edit.notEditable('Preparado') });
    expect((await edit(order.id, { lines: [{ product_id: product.id, quantity: 3 }], reason: 'Cliente' }, customer)).statusCode).toBe(403);
  });

  it('lets only one of two admins editing the same version win; the other gets a Spanish conflict', async () => {
    const other = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx);
    const product = await createProduct(ctx, { stock: 100 });
    const order = await placeOrder(customer, [{ product_id: product.id, quantity: 10 }]);
    const body = (quantity: number) => ({ lines: [{ product_id: product.id, quantity }], reason: 'A la vez', expected_updated_at: order.updated_at });
    const answers = await Promise.all([edit(order.id, body(20), admin), edit(order.id, body(5), other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json()).toEqual({ code: 'order_edit_conflict', message: messages.orderLife.edit.conflict });
    const winner = answers.find((a) => a.statusCode === 200)!.json<Order>();
    expect(await stockOf(ctx, product.id)).toBe(100 - winner.items[0]!.quantity);
    expect((await ctx.pool.query('select 1 from order_edits where order_id = $1', [order.id])).rowCount).toBe(1);
    await expectConsistent();
  });
});

describe('admin documents', () => {
  it('serves any order’s PDF and a picking sheet with the totals per product and each order', async () => {
    const a = await createVerifiedUser(ctx, { nombre: 'Ana', apellido: 'Gómez' });
    const b = await createVerifiedUser(ctx, { nombre: 'Beto', apellido: 'Ruiz' });
    const oil = await createProduct(ctx, { name: `Aceite picking ${randomUUID().slice(0, 6)}` });
    const rice = await createProduct(ctx, { name: `Arroz picking ${randomUUID().slice(0, 6)}` });
    const first = await placeOrder(a, [
      { product_id: oil.id, quantity: 3 },
      { product_id: rice.id, quantity: 1 },
    ]);
    const second = await placeOrder(b, [{ product_id: oil.id, quantity: 4 }]);

    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${first.id}/pdf`, headers: admin.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Ana Gómez');

    const sheet = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/picking-sheet.pdf?ids=${first.id},${second.id}`,
      headers: admin.headers,
    });
    expect(sheet.statusCode).toBe(200);
    const text = await pdfText(sheet.rawPayload);
    expect(text).toContain('Hoja de preparación');
    expect(text).toMatch(new RegExp(`${oil.name}\\s+7\\s+2`));
    expect(text).toMatch(new RegExp(`${rice.name}\\s+1\\s+1`));
    expect(text).toContain(`Pedido #${first.id.slice(0, 8)} · Ana Gómez · Pendiente`);
    expect(text).toContain(`Pedido #${second.id.slice(0, 8)} · Beto Ruiz · Pendiente`);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
    const day = await ctx.app.inject({ method: 'GET', url: `/api/admin/picking-sheet.pdf?date=${today}`, headers: admin.headers });
    expect(day.statusCode).toBe(200);
    expect(await pdfText(day.rawPayload)).toContain(`Pedido #${second.id.slice(0, 8)}`);
  });

  it('refuses a picking sheet without orders or day, with both, with a bad id or an unknown order', async () => {
    for (const query of ['', '?ids=x', `?date=2026-13-40`, `?ids=${randomUUID()}&date=2026-01-01`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/picking-sheet.pdf${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/admin/picking-sheet.pdf?ids=${randomUUID()}`, headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});
