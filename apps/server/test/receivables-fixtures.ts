import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import type { Order } from '@mayorista/core/schemas/order';
import type { TestContext } from './helpers';
import type { TestUser } from './factories';
import { createProduct } from './orders-fixtures';

/** A settable business clock: the app under test reads "today" from it. */
export function testClock(day: string) {
  let now = new Date(`${day}T15:00:00Z`);
  return {
    now: () => now,
    /** 15:00 UTC is noon in Buenos Aires: always the same calendar day there. */
    set: (next: string) => {
      now = new Date(`${next}T15:00:00Z`);
    },
  };
}

/** The customer orders `units` of a fresh $100 product with 1,000 in stock. */
export async function placeOrder(ctx: TestContext, customer: TestUser, units = 1, options: { points?: boolean } = {}) {
  const product = await createProduct(ctx, { price: 10_000, stock: 1_000 });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.headers,
    payload: {
      items: [{ product_id: product.id, quantity: units }],
      observaciones: '',
      canjeado_con_puntos: options.points ?? false,
    },
  });
  return { res, product, order: res.statusCode === 201 ? (res.json().order as Order) : null };
}

/** Moves an order through Confirmado and Preparado to Entregado (each must succeed). */
export async function deliver(ctx: TestContext, admin: TestUser, orderId: string): Promise<Order> {
  let order: Order | null = null;
  for (const status of ['Confirmado', 'Preparado', 'Entregado']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status`,
      headers: admin.headers,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
    order = res.json();
  }
  return order!;
}

export async function placeAndDeliver(ctx: TestContext, customer: TestUser, admin: TestUser, units = 1): Promise<Order> {
  const { res, order } = await placeOrder(ctx, customer, units);
  expect(res.statusCode, res.body).toBe(201);
  return deliver(ctx, admin, order!.id);
}

export const pay = (ctx: TestContext, admin: TestUser, customerId: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${customerId}/payments`,
    headers: admin.headers,
    payload: { method: 'cash', idempotency_key: randomUUID(), ...body },
  });

export const accountOf = async (ctx: TestContext, customer: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/me/account', headers: customer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

export const setCredit = (ctx: TestContext, admin: TestUser, customerId: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${customerId}/credit`, headers: admin.headers, payload: body });

export const putSettings = (ctx: TestContext, admin: TestUser, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: body });

/** The text of a PDF, all pages, as a reader would copy it (no-break spaces read as spaces). */
export async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return { pages: document.numPages, text: (await extractText(document, { mergePages: true })).text.replace(/\u00a0/g, ' ') };
}

/** An amount as the PDFs print it, with a plain space. */
export const money = (centavos: number) => formatMoney(centavos).replace(/\u00a0/g, ' ');
