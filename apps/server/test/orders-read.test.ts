import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatMoney, orderNumber } from '@mayorista/core';
import { createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';

const ctx = await setupTestApp({ env: { CATALOG_NAME: 'Distribuidora Ñandú' } });

async function placeOrder(user: TestUser, items: { product_id: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload: { items, ...extra } });
  expect(res.statusCode).toBe(201);
  return res.json().order as { id: string; created_at: string };
}

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  // PDF text extraction may break runs differently; compare with collapsed whitespace (incl. no-break spaces).
  return text.replace(/\s+/g, ' ');
}
const collapse = (s: string) => s.replace(/\s+/g, ' ');

describe('GET /api/orders and /api/orders/:id', () => {
  it('lists only the customer’s own orders, newest first', async () => {
    const ana = await createVerifiedUser(ctx);
    const beto = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, { stock: 100 });
    const first = await placeOrder(ana, [{ product_id: p.id, quantity: 1 }]);
    const second = await placeOrder(ana, [{ product_id: p.id, quantity: 2 }]);
    const betos = await placeOrder(beto, [{ product_id: p.id, quantity: 3 }]);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: ana.headers });
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((o: { id: string }) => o.id);
    expect(ids).toEqual([second.id, first.id]);
    expect(ids).not.toContain(betos.id);
  });

  it('reads an own order and answers 404 for another customer’s order or a malformed id', async () => {
    const ana = await createVerifiedUser(ctx);
    const beto = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    const order = await placeOrder(ana, [{ product_id: p.id, quantity: 1 }]);

    const own = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: ana.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(order.id);

    for (const url of [`/api/orders/${order.id}`, `/api/orders/${order.id}/pdf`]) {
      const other = await ctx.app.inject({ method: 'GET', url, headers: beto.headers });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ code: 'not_found', message: 'El pedido no existe.' });
    }
    for (const url of ['/api/orders/no-es-un-id', '/api/orders/no-es-un-id/pdf']) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: ana.headers })).statusCode).toBe(404);
    }
  });

  it('answers 401 signed out and 403 unapproved on every read', async () => {
    const ana = await createVerifiedUser(ctx);
    const p = await createProduct(ctx);
    const order = await placeOrder(ana, [{ product_id: p.id, quantity: 1 }]);
    const pending = await createVerifiedUser(ctx, { approved: false });
    for (const url of ['/api/orders', `/api/orders/${order.id}`, `/api/orders/${order.id}/pdf`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url, headers: pending.headers })).statusCode).toBe(403);
    }
  });
});

describe('GET /api/orders/:id/pdf', () => {
  it('is a PDF whose text has the catalogue, number, customer, DNI, items, savings, total, status, notes and points flag', async () => {
    const user = await createVerifiedUser(ctx, { nombre: 'Íñigo', apellido: 'Peña', dni: '27444555', saldo_puntos: 10_000_00 });
    const yerba = await createProduct(ctx, {
      name: 'Yerba Mate Taragüí 500 g',
      price: 2_150_00,
      discounts: [{ minQuantity: 10, discountType: 'percentage', discountValue: 6 }],
    });
    const cafe = await createProduct(ctx, { name: 'Café Molido La Virginia', price: 5_200_00 });
    const order = await placeOrder(
      user,
      [
        { product_id: yerba.id, quantity: 2 },
        { product_id: cafe.id, quantity: 1 },
      ],
      { observaciones: '¿Pueden entregar antes de las 10?', canjeado_con_puntos: true },
    );

    const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/pdf`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pedido-${orderNumber(order.id)}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Distribuidora Ñandú',
      `Pedido #${orderNumber(order.id)}`,
      'Íñigo Peña',
      user.email,
      '27444555',
      'Yerba Mate Taragüí 500 g',
      'Café Molido La Virginia',
      formatMoney(2_150_00),
      formatMoney(4_300_00),
      formatMoney(9_500_00),
      'Pendiente de Canje',
      '¿Pueden entregar antes de las 10?',
      'Canjeado con puntos: Sí',
    ]) {
      expect(text).toContain(collapse(expected));
    }
  });

  it('shows the tier and the line savings in the discount column, and defaults for notes and points', async () => {
    const user = await createVerifiedUser(ctx);
    const p = await createProduct(ctx, {
      name: 'Azúcar Ledesma 1 kg',
      price: 1_190_00,
      discounts: [{ minQuantity: 10, discountType: 'final_price', discountValue: 1_100_00 }],
    });
    const order = await placeOrder(user, [{ product_id: p.id, quantity: 10 }]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/pdf`, headers: user.headers });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Desde 10 u.');
    expect(text).toContain(collapse(`-${formatMoney(900_00)}`));
    expect(text).toContain(collapse(`Ahorro total: ${formatMoney(900_00)}`));
    expect(text).toContain(collapse(`Total: ${formatMoney(11_000_00)}`));
    expect(text).toContain('Observaciones: Ninguna');
    expect(text).toContain('Canjeado con puntos: No');
  });

  it('breaks long orders over several pages without losing lines', async () => {
    const user = await createVerifiedUser(ctx);
    const many = await Promise.all(Array.from({ length: 45 }, (_, i) => createProduct(ctx, { name: `Artículo número ${i + 1}`, price: 1_00 })));
    const order = await placeOrder(
      user,
      many.map((p) => ({ product_id: p.id, quantity: 1 })),
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/pdf`, headers: user.headers });
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBeGreaterThan(1);
    const text = await pdfText(res.rawPayload);
    for (let i = 1; i <= 45; i++) expect(text).toContain(`Artículo número ${i} `);
  });
});
