import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney, orderNumber } from '@mayorista/core';
import { products } from '../src/db/schema';
import { createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { cartOf, createProduct, ordersOf, pointsOf, setCart, stockOf } from './orders-fixtures';

const ctx = await setupTestApp({ env: { WHATSAPP_PHONE: '5491122334455' } });

interface OrderBody {
  items: { product_id: string; quantity: number }[];
  observaciones?: string;
  canjeado_con_puntos?: boolean;
  idempotency_key?: string;
  [extra: string]: unknown;
}

const placeOrder = (user: TestUser | null, body: OrderBody | Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders', headers: user?.headers ?? {}, payload: body });

const decodedWhatsappText = (url: string) => {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe('https://wa.me/5491122334455');
  return parsed.searchParams.get('text') ?? '';
};

describe('POST /api/orders — placing an order', () => {
  it('prices every line on the server, takes the stock, empties the cart and answers with the WhatsApp link', async () => {
    const user = await createVerifiedUser(ctx, { nombre: 'María', apellido: 'Núñez', dni: '30111222' });
    // 10 % off from 6 units: 6 × $100 → unit $90.
    const yerba = await createProduct(ctx, {
      name: 'Yerba Ñandú 1 kg',
      price: 100_00,
      stock: 20,
      discounts: [{ minQuantity: 6, discountType: 'percentage', discountValue: 10 }],
    });
    const sal = await createProduct(ctx, { name: 'Sal Fina', price: 5_50, has_unlimited_stock: true, stock: 0 });
    await setCart(ctx, user.userId, { [yerba.id]: 6, [sal.id]: 3 });

    const res = await placeOrder(user, {
      items: [
        { product_id: yerba.id, quantity: 6 },
        { product_id: sal.id, quantity: 3 },
      ],
      observaciones: 'Entregar a la mañana',
    });
    expect(res.statusCode).toBe(201);
    const { order, whatsapp_url, saldo_puntos } = res.json();
    expect(order).toMatchObject({
      user_id: user.userId,
      user_info: { nombre: 'María', apellido: 'Núñez', email: user.email, dni: '30111222' },
      total: 6 * 90_00 + 3 * 5_50,
      total_savings: 6 * 10_00,
      status: 'Pendiente',
      observaciones: 'Entregar a la mañana',
      canjeado_con_puntos: false,
    });
    expect(order.items).toEqual([
      {
        product_id: yerba.id,
        name: 'Yerba Ñandú 1 kg',
        quantity: 6,
        price: 90_00,
        total: 540_00,
        discounts: { base_price: 100_00, savings: 60_00, applied: 'tier', tier: { minQuantity: 6, discountType: 'percentage', discountValue: 10 } },
        iva_rate: 21,
      },
      {
        product_id: sal.id,
        name: 'Sal Fina',
        quantity: 3,
        price: 5_50,
        total: 16_50,
        discounts: { base_price: 5_50, savings: 0, applied: 'none', tier: null },
        iva_rate: 21,
      },
    ]);
    expect(saldo_puntos).toBe(0);
    expect(await stockOf(ctx, yerba.id)).toBe(14);
    expect(await stockOf(ctx, sal.id)).toBe(0);
    expect(await cartOf(ctx, user.userId)).toEqual({});

    const text = decodedWhatsappText(whatsapp_url);
    expect(text).toContain(`#${orderNumber(order.id)}`);
    expect(text).toContain('María Núñez');
    expect(text).toContain(user.email);
    expect(text).toContain(`6 x Yerba Ñandú 1 kg: ${formatMoney(540_00)}`);
    expect(text).toContain(`3 x Sal Fina: ${formatMoney(16_50)}`);
    expect(text).toContain('Entregar a la mañana');
    expect(text).toContain(formatMoney(60_00));
    expect(text).toContain(formatMoney(556_50));
    expect(text).not.toContain('CANJEADO CON PUNTOS');
  });

  it('ignores nothing silently: client prices and totals are refused, and the figures always come from the database', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { price: 1_000_00, stock: 5 });
    const tampered = await placeOrder(user, {
      items: [{ product_id: p.id, quantity: 1, price: 1 }],
      total: 1,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('validation_failed');
    expect(await ordersOf(ctx, user.userId)).toHaveLength(0);
    expect(await stockOf(ctx, p.id)).toBe(5);

    // The price changes between the customer's preview and the order: the order uses today's price.
    await ctx.db.update(products).set({ price: 1_200_00, retailPrice: 2_400_00 }).where(eq(products.id, p.id));
    const res = await placeOrder(user, { items: [{ product_id: p.id, quantity: 2 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.total).toBe(2_400_00);
    expect(res.json().order.items[0].price).toBe(1_200_00);
  });

  it('applies a sale price over tiers', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, {
      price: 200_00,
      on_sale: true,
      sale_price: 150_00,
      discounts: [{ minQuantity: 2, discountType: 'final_price', discountValue: 100_00 }],
    });
    const res = await placeOrder(user, { items: [{ product_id: p.id, quantity: 4 }] });
    expect(res.json().order).toMatchObject({ total: 600_00, total_savings: 200_00 });
    expect(res.json().order.items[0].discounts.applied).toBe('sale');
  });

  it('refuses a disabled product naming it, and an unknown one, changing nothing', async () => {
    const user = await createVerifiedUser(ctx);
    const ok = await createProduct(ctx, { stock: 10 });
    const off = await createProduct(ctx, { name: 'Galletitas Retiradas', is_enabled: false, stock: 10 });
    await setCart(ctx, user.userId, { [ok.id]: 1, [off.id]: 1 });

    const disabled = await placeOrder(user, {
      items: [
        { product_id: ok.id, quantity: 1 },
        { product_id: off.id, quantity: 1 },
      ],
    });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({ code: 'product_unavailable', product_id: off.id });
    expect(disabled.json().message).toContain('Galletitas Retiradas');

    const unknown = await placeOrder(user, { items: [{ product_id: randomUUID(), quantity: 1 }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().code).toBe('product_unavailable');

    expect(await stockOf(ctx, ok.id)).toBe(10);
    expect(await ordersOf(ctx, user.userId)).toHaveLength(0);
    expect(await cartOf(ctx, user.userId)).toEqual({ [ok.id]: 1, [off.id]: 1 });
  });

  it('answers the spec message for an empty order', async () => {
    const user = await createVerifiedUser(ctx);
    const res = await placeOrder(user, { items: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'empty_cart', message: 'Tu carrito está vacío o no has iniciado sesión.' });
  });

  it.each([0, -1, 1.5, 10_001])('refuses quantity %s with 400', async (quantity) => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    const res = await placeOrder(user, { items: [{ product_id: p.id, quantity }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(await stockOf(ctx, p.id)).toBe(100);
  });

  it('accepts the largest allowed quantity when there is stock for it', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { stock: 10_000, price: 1 });
    const res = await placeOrder(user, { items: [{ product_id: p.id, quantity: 10_000 }] });
    expect(res.statusCode).toBe(201);
    expect(await stockOf(ctx, p.id)).toBe(0);
  });

  it('refuses the same product twice in one order', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    const res = await placeOrder(user, {
      items: [
        { product_id: p.id, quantity: 1 },
        { product_id: p.id, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('duplicate_product');
  });

  // PostgreSQL reads a uuid in any case (the abuse-limits work, decision 010: mixed-case ids): an upper-case id is the same product.
  it('takes an upper-case product id as the product, and the same product in two cases as a duplicate', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { stock: 5 });
    const twice = await placeOrder(user, { items: [{ product_id: p.id, quantity: 1 }, { product_id: p.id.toUpperCase(), quantity: 1 }] });
    expect(twice.json().code).toBe('duplicate_product');
    const res = await placeOrder(user, { items: [{ product_id: p.id.toUpperCase(), quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.items[0].product_id).toBe(p.id);
    expect(await stockOf(ctx, p.id)).toBe(3);
  });

  it('changes nothing when a later line fails: first line stock, cart, points and orders stay as they were', async () => {
    const user = await createVerifiedUser(ctx, { saldo_puntos: 1_000_000_00 });
    const plenty = await createProduct(ctx, { stock: 50 });
    const scarce = await createProduct(ctx, { name: 'Vino Escaso', stock: 2 });
    const cartBefore = { [plenty.id]: 5, [scarce.id]: 3 };
    await setCart(ctx, user.userId, cartBefore);

    const res = await placeOrder(user, {
      items: [
        { product_id: plenty.id, quantity: 5 },
        { product_id: scarce.id, quantity: 3 },
      ],
      canjeado_con_puntos: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_stock', product_id: scarce.id, available: 2 });
    expect(res.json().message).toBe('No hay suficiente stock para Vino Escaso: quedan 2 unidades.');
    expect(await stockOf(ctx, plenty.id)).toBe(50);
    expect(await stockOf(ctx, scarce.id)).toBe(2);
    expect(await cartOf(ctx, user.userId)).toEqual(cartBefore);
    expect(await pointsOf(ctx, user.userId)).toBe(1_000_000_00);
    expect(await ordersOf(ctx, user.userId)).toHaveLength(0);
  });

  it('pays with points: deducts the total, marks the order and returns the new balance', async () => {
    const user = await createVerifiedUser(ctx, { saldo_puntos: 500_00 });
    const p = await createProduct(ctx, { price: 120_00, stock: 10 });
    const res = await placeOrder(user, { items: [{ product_id: p.id, quantity: 3 }], canjeado_con_puntos: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ status: 'Pendiente de Canje', canjeado_con_puntos: true, total: 360_00 });
    expect(res.json().saldo_puntos).toBe(140_00);
    expect(await pointsOf(ctx, user.userId)).toBe(140_00);
    expect(decodedWhatsappText(res.json().whatsapp_url)).toContain('CANJEADO CON PUNTOS');
  });

  it('refuses a points order the balance does not cover with the spec message, changing nothing', async () => {
    const user = await createVerifiedUser(ctx, { saldo_puntos: 359_99 });
    const p = await createProduct(ctx, { price: 120_00, stock: 10 });
    const res = await placeOrder(user, { items: [{ product_id: p.id, quantity: 3 }], canjeado_con_puntos: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'insufficient_points',
      message: 'Puntos Insuficientes: No tienes suficientes puntos para canjear este pedido.',
    });
    expect(await pointsOf(ctx, user.userId)).toBe(359_99);
    expect(await stockOf(ctx, p.id)).toBe(10);
    expect(await ordersOf(ctx, user.userId)).toHaveLength(0);
  });

  it('answers 401 signed out and 403 unapproved, and creates nothing', async () => {
    const p = await createProduct(ctx, { stock: 3 });
    const body = { items: [{ product_id: p.id, quantity: 1 }] };
    expect((await placeOrder(null, body)).statusCode).toBe(401);
    const pending = await createVerifiedUser(ctx, { approved: false });
    const res = await placeOrder(pending, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_approved');
    expect(await stockOf(ctx, p.id)).toBe(3);
    expect(await ordersOf(ctx, pending.userId)).toHaveLength(0);
  });
});

describe('POST /api/orders — idempotency', () => {
  it('returns the same order for a retried request and never takes stock twice', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { stock: 10 });
    const body = { items: [{ product_id: p.id, quantity: 2 }], idempotency_key: randomUUID() };
    const first = await placeOrder(user, body);
    const retry = await placeOrder(user, body);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.id).toBe(first.json().order.id);
    expect(retry.json().whatsapp_url).toBe(first.json().whatsapp_url);
    expect(await ordersOf(ctx, user.userId)).toHaveLength(1);
    expect(await stockOf(ctx, p.id)).toBe(8);
  });

  it('creates one order when the same checkout races with itself', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { stock: 100 });
    const body = { items: [{ product_id: p.id, quantity: 3 }], idempotency_key: randomUUID() };
    const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(user, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(await ordersOf(ctx, user.userId)).toHaveLength(1);
    expect(await stockOf(ctx, p.id)).toBe(97);
  });

  it('keeps keys per customer: another customer with the same key gets their own order', async () => {
    const key = randomUUID();
    const a = await createVerifiedUser(ctx);
    const b = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { stock: 10 });
    const ra = await placeOrder(a, { items: [{ product_id: p.id, quantity: 1 }], idempotency_key: key });
    const rb = await placeOrder(b, { items: [{ product_id: p.id, quantity: 1 }], idempotency_key: key });
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(ra.json().order.id).not.toBe(rb.json().order.id);
    expect(rb.json().order.user_id).toBe(b.userId);
  });
});

describe('POST /api/orders — concurrency', () => {
  it('sells exactly the stock: 50 concurrent orders for 10 units → 10 orders, stock 0, no 5xx', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createVerifiedUser(ctx)));
    const p = await createProduct(ctx, { name: 'Fernet Limitado', stock: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => placeOrder(buyers[i % buyers.length]!, { items: [{ product_id: p.id, quantity: 1 }] })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().code).toBe('insufficient_stock');
    }
    expect(await stockOf(ctx, p.id)).toBe(0);
    const placed = (await Promise.all(buyers.map((b) => ordersOf(ctx, b.userId)))).flat();
    expect(placed.reduce((sum, o) => sum + o.items[0]!.quantity, 0)).toBe(10);
  });

  it('never takes a points balance below zero under concurrent points orders', async () => {
    // Enough for exactly 3 orders of $100.
    const user = await createVerifiedUser(ctx, { saldo_puntos: 350_00 });
    const p = await createProduct(ctx, { price: 100_00, has_unlimited_stock: true, stock: 0 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => placeOrder(user, { items: [{ product_id: p.id, quantity: 1 }], canjeado_con_puntos: true })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'insufficient_points')).toBe(true);
    expect(await pointsOf(ctx, user.userId)).toBe(50_00);
    expect(await ordersOf(ctx, user.userId)).toHaveLength(3);
  });
});

describe('POST /api/orders — new-order notification', () => {
  it('notifies channel orders_insert on commit only, with the summary the admins need', async () => {
    const listener = new pg.Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    const received: Record<string, unknown>[] = [];
    listener.on('notification', (n) => {
      if (n.channel === 'orders_insert' && n.payload) received.push(JSON.parse(n.payload));
    });
    await listener.query('listen orders_insert');
    try {
      const user = await createVerifiedUser(ctx, { nombre: 'Lucía', apellido: 'Gómez', saldo_puntos: 0 });
      const p = await createProduct(ctx, { price: 50_00, stock: 1 });
      const refused = await placeOrder(user, { items: [{ product_id: p.id, quantity: 1 }], canjeado_con_puntos: true });
      expect(refused.statusCode).toBe(409);
      const placed = await placeOrder(user, { items: [{ product_id: p.id, quantity: 1 }] });
      expect(placed.statusCode).toBe(201);
      await expect.poll(() => received.length).toBe(1);
      const order = placed.json().order;
      expect(received[0]).toEqual({
        id: order.id,
        user_info: { nombre: 'Lucía', apellido: 'Gómez' },
        total: 50_00,
        status: 'Pendiente',
        created_at: order.created_at,
        canjeado_con_puntos: false,
        credit_hold: null,
      });
    } finally {
      await listener.end();
    }
  });
});
