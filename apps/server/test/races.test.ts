import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkConsistency } from '../src/db/consistency';
import { cartDataSchema } from '@mayorista/core';
import { startSession } from '../src/modules/accounts/sessions';
import { insertProduct, pointsOf, productStock } from './admin-orders-fixtures';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';

/**
 * The hardening work (permissions, hostile input, races, crashes): races on a real PostgreSQL. Requests are fired together through app.inject;
 * the app's pool (10 connections) makes them genuinely interleave in the database.
 */
const ctx = await setupTestApp();

interface OrderAnswer {
  status: number;
  body: { code?: string; message?: string; order?: { id: string; total: number; items: Array<{ quantity: number }> }; saldo_puntos?: number };
}

async function placeOrder(user: TestUser, productId: string, quantity: number, canjeado = false): Promise<OrderAnswer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: { items: [{ product_id: productId, quantity }], observaciones: '', canjeado_con_puntos: canjeado, idempotency_key: randomUUID() },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Refused orders must be a clean 409 with a Spanish message, never a 5xx. */
function expectOnlyCreatedOrConflict(answers: OrderAnswer[], conflictCode: string) {
  for (const a of answers) {
    if (a.status === 201) continue;
    expect(a.status, JSON.stringify(a.body)).toBe(409);
    expect(a.body.code).toBe(conflictCode);
    expect(a.body.message).toMatch(/\S/);
  }
}

async function ordersOfProduct(productId: string): Promise<Array<{ quantity: number }>> {
  const { rows } = await ctx.pool.query<{ quantity: number }>(
    `select (item->>'quantity')::int as quantity from orders, jsonb_array_elements(items) item where item->>'product_id' = $1`,
    [productId],
  );
  return rows;
}

const buyers = await Promise.all(Array.from({ length: 100 }, () => createVerifiedUser(ctx)));

describe('hot product', () => {
  it('100 concurrent buyers of 1 unit against a stock of 37: exactly 37 sold, stock 0', async () => {
    const stock = 37;
    const product = await insertProduct(ctx.pool, { stock, price: 1_000 });
    const answers = await Promise.all(buyers.map((buyer) => placeOrder(buyer, product.id, 1)));
    expectOnlyCreatedOrConflict(answers, 'insufficient_stock');
    expect(answers.filter((a) => a.status === 201)).toHaveLength(stock);
    expect(await productStock(ctx.pool, product.id)).toBe(0);
    expect(await ordersOfProduct(product.id)).toHaveLength(stock);
  });

  it('100 concurrent buyers of mixed quantities: final stock = initial − sum accepted, never negative', async () => {
    const stock = 120;
    const product = await insertProduct(ctx.pool, { stock, price: 1_000 });
    const quantities = buyers.map((_, i) => 1 + (i % 4));
    const answers = await Promise.all(buyers.map((buyer, i) => placeOrder(buyer, product.id, quantities[i]!)));
    expectOnlyCreatedOrConflict(answers, 'insufficient_stock');
    const sold = answers.reduce((sum, a, i) => sum + (a.status === 201 ? quantities[i]! : 0), 0);
    const finalStock = await productStock(ctx.pool, product.id);
    expect(finalStock).toBeGreaterThanOrEqual(0);
    expect(finalStock).toBe(stock - sold);
    // Demand (250) far exceeds stock: whatever is left is too little for any refused buyer.
    const smallestRefused = Math.min(...answers.flatMap((a, i) => (a.status === 409 ? [quantities[i]!] : [])));
    expect(finalStock).toBeLessThan(smallestRefused);
    const stored = await ordersOfProduct(product.id);
    expect(stored.reduce((sum, o) => sum + o.quantity, 0)).toBe(sold);
  });
});

describe('points', () => {
  it('concurrent points orders never take the balance below zero', async () => {
    const balance = 10_000;
    const customer = await createVerifiedUser(ctx, { saldo_puntos: balance });
    const product = await insertProduct(ctx.pool, { has_unlimited_stock: true, price: 3_000 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => placeOrder(customer, product.id, 1, true)));
    expectOnlyCreatedOrConflict(answers, 'insufficient_points');
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(3);
    const finalBalance = await pointsOf(ctx.pool, customer.userId);
    expect(finalBalance).toBe(balance - accepted.reduce((sum, a) => sum + a.body.order!.total, 0));
    expect(finalBalance).toBeGreaterThanOrEqual(0);
  });
});

describe('two admins change the same order at once', () => {
  it('a points order rejected by both: the stock comes back and the points are refunded exactly once', async () => {
    const [adminA, adminB] = [await createAdmin(ctx), await createAdmin(ctx)];
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 50_000 });
    const product = await insertProduct(ctx.pool, { stock: 10, price: 4_000 });
    const placed = await placeOrder(customer, product.id, 2, true);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await productStock(ctx.pool, product.id)).toBe(8);
    expect(await pointsOf(ctx.pool, customer.userId)).toBe(50_000 - 8_000);

    const orderId = placed.body.order!.id;
    const attempts = [adminA, adminB, adminA, adminB, adminA, adminB].map((admin) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers: admin.headers, payload: { status: 'Rechazado' } }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await productStock(ctx.pool, product.id)).toBe(10);
    expect(await pointsOf(ctx.pool, customer.userId)).toBe(50_000);
  });

  it('a normal order cancelled by both: restocked exactly once', async () => {
    const [adminA, adminB] = [await createAdmin(ctx), await createAdmin(ctx)];
    const customer = await createVerifiedUser(ctx);
    const product = await insertProduct(ctx.pool, { stock: 10, price: 4_000 });
    const placed = await placeOrder(customer, product.id, 3);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.order!.id;
    const responses = await Promise.all(
      [adminA, adminB, adminA, adminB].map((admin) =>
        ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers: admin.headers, payload: { status: 'Cancelado' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await productStock(ctx.pool, product.id)).toBe(10);
  });
});

describe('cart saved from two tabs', () => {
  it('concurrent saves: the stored cart is exactly the last one committed, and valid', async () => {
    const customer = await createVerifiedUser(ctx);
    const secondTab = await startSession(ctx.db, new TextEncoder().encode(ctx.config.jwtSecret!), { id: customer.userId, email: customer.email, metadata: {} }, { userAgent: 'tab 2', ip: null });
    const tabs = [customer.headers, { authorization: `Bearer ${secondTab.access_token}` }];
    const products = await Promise.all(Array.from({ length: 6 }, () => insertProduct(ctx.pool, { stock: 100 })));

    const carts = Array.from({ length: 40 }, (_, i) =>
      Object.fromEntries(products.filter((_, p) => (i + p) % 3 !== 0).map((p, k) => [p.id, 1 + ((i * 7 + k) % 50)])),
    );
    const responses = await Promise.all(
      carts.map((cart_data, i) => ctx.app.inject({ method: 'PUT', url: '/api/cart', headers: tabs[i % 2], payload: { cart_data } })),
    );
    const answers = responses.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ cart_data: Record<string, number>; updated_at: string }>();
    });
    // Every answer is one of the carts sent, unmixed.
    for (const [i, answer] of answers.entries()) expect(answer.cart_data).toEqual(carts[i]);

    const { rows } = await ctx.pool.query<{ cart_data: unknown; updated_at: Date }>(`select cart_data, updated_at from cart where user_id = $1`, [customer.userId]);
    const stored = rows[0]!;
    expect(cartDataSchema.safeParse(stored.cart_data).success).toBe(true);
    // Last write wins: the stored row is the answer with the newest timestamp (two saves in the
    // same millisecond are both "last" at this precision, so either may be the one stored).
    const newest = Math.max(...answers.map((a) => Date.parse(a.updated_at)));
    expect(stored.updated_at.getTime()).toBe(newest);
    const lastWrites = answers.filter((a) => Date.parse(a.updated_at) === newest).map((a) => a.cart_data);
    expect(lastWrites).toContainEqual(stored.cart_data);
  });
});

describe('consistency (npm run db:check)', () => {
  it('holds at the end: every cached stock and balance equals its ledger, every total its lines', async () => {
    const report = await checkConsistency(ctx.pool);
    expect(report.violations).toEqual([]);
    expect(report.products).toBeGreaterThan(0);
    expect(report.orders).toBeGreaterThan(0);
  });
});
