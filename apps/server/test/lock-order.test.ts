import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '@mayorista/core';
import { checkConsistency } from '../src/db/consistency';
import { setupTestApp } from './helpers';
import { createAdmin, createVerifiedUser } from './factories';
import { createProduct } from './orders-fixtures';

/**
 * Decision 021: every transaction that touches a customer's points and products' stock locks the
 * profile row first, then the product rows in id order — placing an order, an admin's edit, the
 * customer's cancellation and an admin's status change alike. Two of them that took the same rows
 * in opposite orders would deadlock, and PostgreSQL would abort one (409 concurrent_change). Here
 * all four run at once on one customer's points orders that share two products, for many rounds;
 * none may be aborted that way, and the ledgers must still add up.
 */
// More orders a minute than the default per-customer limit: this customer places 125 of them.
const ctx = await setupTestApp({ env: { RATE_LIMIT_ORDERS_MAX: '1000' } });

describe('one lock order for points and stock', () => {
  it('orders, edits, cancellations and status changes of one customer run together without a deadlock', { timeout: 180_000 }, async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 1_000_000_000 });
    const products = await Promise.all([1, 2, 3].map((i) => createProduct(ctx, { price: 1_000 * i, stock: 1_000_000 })));
    const lines = products.map((p) => ({ product_id: p.id, quantity: 1 }));
    const codes = new Map<string, number>();
    const answer = (res: Awaited<ReturnType<typeof ctx.app.inject>>) => {
      const code = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json<{ code: string }>().code}`;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      return res;
    };
    const place = async (): Promise<Order | null> => {
      const res = answer(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: customer.headers,
          payload: { items: lines, canjeado_con_puntos: true, idempotency_key: randomUUID() },
        }),
      );
      return res.statusCode === 201 ? res.json<{ order: Order }>().order : null;
    };

    for (let round = 0; round < 25; round++) {
      const [toCancel, toReject, toEdit] = await Promise.all([place(), place(), place()]);
      expect([toCancel, toReject, toEdit].every(Boolean), JSON.stringify([...codes])).toBe(true);
      // Each of these holds the customer's profile and the same products; before the fix, the
      // status change took the products first and the points second.
      await Promise.all([
        place(),
        ctx.app.inject({ method: 'POST', url: `/api/orders/${toCancel!.id}/cancel`, headers: customer.headers }).then(answer),
        ctx.app
          .inject({ method: 'POST', url: `/api/admin/orders/${toReject!.id}/status`, headers: admin.headers, payload: { status: 'Rechazado' } })
          .then(answer),
        ctx.app
          .inject({
            method: 'PATCH',
            url: `/api/admin/orders/${toEdit!.id}`,
            headers: admin.headers,
            payload: { lines: lines.map((l) => ({ ...l, quantity: 2 })), reason: 'Dos de cada uno', reprice: false },
          })
          .then(answer),
        place(),
      ]);
    }

    // Only successes: no deadlock (concurrent_change), no edit conflict, no 5xx.
    expect([...codes.keys()].sort()).toEqual(['200', '201']);
    expect(codes.get('201')).toBe(25 * 5);
    expect((await checkConsistency(ctx.pool)).violations).toEqual([]);
  });
});
