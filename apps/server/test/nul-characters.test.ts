import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';

/**
 * PostgreSQL text cannot hold U+0000; a NUL that reached a query answered 500 (the abuse-limits work, decision 010: no
 * query string or body makes any route answer 5xx). Every case here answered 500 before.
 */
const ctx = await setupTestApp();
const admin = await createAdmin(ctx);
const customer = await createVerifiedUser(ctx, { approved: true });
const productId = (
  await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { name: 'Nul prueba', price: 1_000, retail_price: 2_000, stock: 5 } })
).json<{ id: string }>().id;

const cases: [string, InjectOptions][] = [
  ['anonymous search', { method: 'GET', url: '/api/products?search=a%00b' }],
  ['anonymous category', { method: 'GET', url: '/api/products?category=%00' }],
  ['admin user search', { method: 'GET', url: '/api/admin/users?search=%00', headers: admin.headers }],
  [
    'anonymous sign-up name',
    { method: 'POST', url: '/api/auth/signup', payload: { email: 'nul@example.com', password: 'Abcdef123!x', data: { nombre: 'a\u0000', apellido: 'b', dni: '12345678' } } },
  ],
  ['order note', { method: 'POST', url: '/api/orders', headers: customer.headers, payload: { items: [{ product_id: productId, quantity: 1 }], observaciones: 'a\u0000b' } }],
  ['product name', { method: 'POST', url: '/api/products', headers: admin.headers, payload: { name: 'P\u0000', price: 1_000, retail_price: 2_000 } }],
  ['points reason', { method: 'POST', url: `/api/admin/users/${customer.userId}/points`, headers: admin.headers, payload: { saldo_puntos: 5, reason: 'a\u0000b' } }],
];

describe('a NUL character anywhere in the input', () => {
  it.each(cases)('%s → 400 validation_failed in Spanish, nothing written', async (_name, request) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: messages.errors.nulCharacter });
  });

  it('is still refused after the access check: anonymous writes answer 401 first', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/products', payload: { name: 'P\u0000' } });
    expect(res.statusCode).toBe(401);
  });

  it('nothing was written by the refused requests', async () => {
    const { rows } = await ctx.pool.query<{ n: number }>(
      `select (select count(*) from orders)::int + (select count(*) from points_movements where kind = 'admin_adjustment')::int
            + (select count(*) from users where email = 'nul@example.com')::int as n`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
