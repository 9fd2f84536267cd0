import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { insertOrder, insertProduct, pointsOf } from './admin-orders-fixtures';
import { createAdmin, createSuperAdmin } from './factories';
import { setupTestApp } from './helpers';

/**
 * The abuse-limits work (decision 010): a plain admin cannot credit their own points, nor move their own orders
 * (credit, redeem, mark delivered); another admin can. A super admin's own changes go through
 * and are recorded like anyone's.
 */
const ctx = await setupTestApp();

const adjustPoints = (headers: Record<string, string>, userId: string, saldo_puntos: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/points`, headers, payload: { saldo_puntos, reason: 'Ajuste propio' } });
const changeStatus = (headers: Record<string, string>, orderId: string, status: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers, payload: { status } });
/** The admin adjustments in the points ledger: who made each, the change and the balance after. */
const adjustmentsOf = async (userId: string) =>
  (
    await ctx.pool.query<{ actor_id: string; amount: string; balance: string }>(
      `select actor_id, amount::text, balance::text from points_movements where profile_id = $1 and kind = 'admin_adjustment' order by id`,
      [userId],
    )
  ).rows;
const statusOf = async (orderId: string) => (await ctx.pool.query<{ status: string }>('select status from orders where id = $1', [orderId])).rows[0]!.status;

describe('points', () => {
  it('a plain admin crediting their own balance → 403 own_account_forbidden, balance and history unchanged', async () => {
    const admin = await createAdmin(ctx, { saldo_puntos: 100 });
    const res = await adjustPoints(admin.headers, admin.userId, 9_999_999);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'own_account_forbidden', message: messages.security.ownPoints });
    expect(await pointsOf(ctx.pool, admin.userId)).toBe(100);
    expect(await adjustmentsOf(admin.userId)).toEqual([]);
  });

  // PostgreSQL reads a uuid in any case; the self check must too (the id in the path is upper-cased).
  it('a plain admin crediting their own balance through an upper-case id → 403, balance unchanged', async () => {
    const admin = await createAdmin(ctx, { saldo_puntos: 100 });
    const res = await adjustPoints(admin.headers, admin.userId.toUpperCase(), 9_999_999);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'own_account_forbidden' });
    expect(await pointsOf(ctx.pool, admin.userId)).toBe(100);
  });

  it("another admin adjusts that admin's balance", async () => {
    const admin = await createAdmin(ctx, { saldo_puntos: 100 });
    const colleague = await createAdmin(ctx);
    expect((await adjustPoints(colleague.headers, admin.userId, 500)).statusCode).toBe(200);
    expect(await adjustmentsOf(admin.userId)).toEqual([{ actor_id: colleague.userId, amount: '400', balance: '500' }]);
  });

  it('a super admin adjusts their own balance, recorded with their id', async () => {
    const superAdmin = await createSuperAdmin(ctx, { saldo_puntos: 0 });
    expect((await adjustPoints(superAdmin.headers, superAdmin.userId, 700)).statusCode).toBe(200);
    expect(await adjustmentsOf(superAdmin.userId)).toEqual([{ actor_id: superAdmin.userId, amount: '700', balance: '700' }]);
  });
});

describe('orders', () => {
  it.each([
    ['Pendiente', 'Confirmado'],
    ['Preparado', 'Entregado'],
    ['Pendiente de Canje', 'Canjeado'],
  ] as const)('a plain admin moving their own order %s → %s: 403 own_account_forbidden, nothing changes', async (from, to) => {
    const admin = await createAdmin(ctx);
    const product = await insertProduct(ctx.pool, { stock: 5 });
    const order = await insertOrder(ctx.pool, { userId: admin.userId, status: from, canjeado_con_puntos: from === 'Pendiente de Canje', lines: [{ product, quantity: 1 }] });
    const res = await changeStatus(admin.headers, order.id, to);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'own_account_forbidden', message: messages.security.ownOrder });
    expect(await statusOf(order.id)).toBe(from);
  });

  it("another admin moves that admin's order; a super admin moves their own", async () => {
    const admin = await createAdmin(ctx);
    const colleague = await createAdmin(ctx);
    const superAdmin = await createSuperAdmin(ctx);
    const product = await insertProduct(ctx.pool, { stock: 5 });
    const adminsOrder = await insertOrder(ctx.pool, { userId: admin.userId, status: 'Preparado', lines: [{ product, quantity: 1 }] });
    expect((await changeStatus(colleague.headers, adminsOrder.id, 'Entregado')).statusCode).toBe(200);
    const ownOrder = await insertOrder(ctx.pool, { userId: superAdmin.userId, lines: [{ product, quantity: 1 }] });
    expect((await changeStatus(superAdmin.headers, ownOrder.id, 'Confirmado')).statusCode).toBe(200);
    expect(await statusOf(ownOrder.id)).toBe('Confirmado');
  });
});

describe('never yourself, whatever the case of the id', () => {
  it('a super admin demoting themselves or revoking their own approval through an upper-case id → cannot_change_self', async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const id = superAdmin.userId.toUpperCase();
    const role = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/role`, headers: superAdmin.headers, payload: { is_super_admin: false } });
    expect(role.json()).toMatchObject({ code: 'cannot_change_self' });
    const approval = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/approval`, headers: superAdmin.headers, payload: { approved: false } });
    expect(approval.json()).toMatchObject({ code: 'cannot_change_self' });
    const { rows } = await ctx.pool.query('select approved, is_super_admin from profiles where id = $1', [superAdmin.userId]);
    expect(rows[0]).toEqual({ approved: true, is_super_admin: true });
  });
});
