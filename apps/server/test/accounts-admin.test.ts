import { describe, expect, it } from 'vitest';
import { messages, type AdminUser } from '@mayorista/core';
import { createAdmin, createSuperAdmin, createVerifiedUser, readMails, setupTestAppWithOutbox, waitForMail } from './factories';

const ctx = await setupTestAppWithOutbox({ env: { APP_URL: 'https://tienda.example.com' } });

type Headers = { authorization: string };
const listUsers = (headers: Headers, query = '') => ctx.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers });
const setApproval = (headers: Headers, id: string, approved: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/approval`, headers, payload: { approved } });
const adjustPoints = (headers: Headers, id: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/users/${id}/points`, headers, payload });
const changeRole = (headers: Headers, id: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/role`, headers, payload });

const profileOf = async (id: string) =>
  (await ctx.pool.query('select approved, is_admin, is_super_admin, saldo_puntos from profiles where id = $1', [id])).rows[0];

describe('guards of the admin accounts API', () => {
  it('refuses anonymous (401), customers (403) and plain admins on the role route (403)', async () => {
    const customer = await createVerifiedUser(ctx);
    const admin = await createAdmin(ctx);
    const target = await createVerifiedUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await listUsers(customer.headers)).statusCode).toBe(403);
    expect((await setApproval(customer.headers, target.userId, true)).statusCode).toBe(403);
    expect((await adjustPoints(customer.headers, customer.userId, { saldo_puntos: 100, reason: 'me regalo puntos' })).statusCode).toBe(403);
    const byAdmin = await changeRole(admin.headers, target.userId, { is_admin: true });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ code: 'forbidden', message: messages.errors.forbidden });
    expect(await profileOf(target.userId)).toMatchObject({ is_admin: false });
    expect(await profileOf(customer.userId)).toMatchObject({ saldo_puntos: 0 });
  });
});

describe('GET /api/admin/users', () => {
  it('lists pending accounts first, searches name, e-mail and DNI (accents ignored), filters and paginates', async () => {
    const admin = await createAdmin(ctx);
    const approvedOld = await createVerifiedUser(ctx, { nombre: 'Aprobado', apellido: 'Núñez', dni: '11111111', approved: true });
    const pending = await createVerifiedUser(ctx, { nombre: 'Pendiente', apellido: 'Núñez', dni: '22222222', approved: false });
    await createVerifiedUser(ctx, { nombre: 'Otro', apellido: 'García', dni: '33333333', approved: false, email: 'buscame@ferreteria.com' });

    const all = await listUsers(admin.headers, '?page_size=100');
    expect(all.statusCode).toBe(200);
    const body = all.json() as { items: AdminUser[]; total: number };
    expect(body.total).toBe(body.items.length);
    const firstApprovedIndex = body.items.findIndex((u) => u.approved);
    expect(body.items.slice(firstApprovedIndex).every((u) => u.approved)).toBe(true);
    expect(body.items.slice(0, firstApprovedIndex).length).toBeGreaterThanOrEqual(2);
    const item = body.items.find((u) => u.id === pending.userId)!;
    expect(item).toEqual({
      id: pending.userId,
      nombre: 'Pendiente',
      apellido: 'Núñez',
      email: pending.email,
      dni: '22222222',
      approved: false,
      is_admin: false,
      is_super_admin: false,
      staff_role: null,
      saldo_puntos: 0,
      // The business-identity work (decisions 017–019): the base list.
      price_list_id: null,
      email_verified: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // The business-identity work (decisions 017–019): an account that has not completed its business data.
      razon_social: null,
      cuit: null,
    });

    const byName = (await listUsers(admin.headers, '?search=nunez')).json();
    expect(byName.items.map((u: AdminUser) => u.id).sort()).toEqual([approvedOld.userId, pending.userId].sort());
    expect(byName.items[0].id).toBe(pending.userId);
    expect(byName.total).toBe(2);
    expect((await listUsers(admin.headers, '?search=22222222')).json().items.map((u: AdminUser) => u.id)).toEqual([pending.userId]);
    expect((await listUsers(admin.headers, '?search=FERRETERIA')).json().total).toBe(1);
    expect((await listUsers(admin.headers, '?search=%25')).json().total).toBe(0);

    const pendingOnly = (await listUsers(admin.headers, '?status=pending&page_size=100')).json();
    expect(pendingOnly.items.every((u: AdminUser) => !u.approved)).toBe(true);
    expect(pendingOnly.total).toBe(2);
    const approvedOnly = (await listUsers(admin.headers, '?status=approved&page_size=100')).json();
    expect(approvedOnly.items.every((u: AdminUser) => u.approved)).toBe(true);

    const page1 = (await listUsers(admin.headers, '?page=1&page_size=2')).json();
    const page2 = (await listUsers(admin.headers, '?page=2&page_size=2')).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(body.total);
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect(page2.items[0].id).toBe(body.items[2]!.id);
  });

  it('refuses bad query values with 400', async () => {
    const admin = await createAdmin(ctx);
    for (const q of ['?status=todos', '?page=0', '?page_size=1000', `?search=${'x'.repeat(200)}`]) {
      expect((await listUsers(admin.headers, q)).statusCode, q).toBe(400);
    }
  });
});

describe('approval', () => {
  it('approves, e-mails the customer once, and lets them in to approved-only routes', async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { approved: false, nombre: '<b>Beto</b>' });
    const res = await setApproval(admin.headers, customer.userId, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.userId, approved: true, email_verified: true });
    const mail = await waitForMail(ctx.outboxDir, customer.email);
    expect(mail.subject).toBe(messages.emails.approvedSubject('Catálogo Mayorista'));
    expect(mail.text).toContain('https://tienda.example.com/catalog');
    // User-provided names lose markup and anything link-like (the abuse-limits work, decision 010), so no tag survives.
    expect(mail.html).toContain('Hola, b Beto b:');
    expect(mail.html).not.toContain('<b>Beto</b>');
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/profiles/${customer.userId}`, headers: customer.headers });
    expect(profile.json().approved).toBe(true);

    // Approving again changes nothing and sends nothing.
    expect((await setApproval(admin.headers, customer.userId, true)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await readMails(ctx.outboxDir, customer.email)).toHaveLength(1);
  });

  it('revokes approval without e-mail', async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { approved: true });
    const res = await setApproval(admin.headers, customer.userId, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().approved).toBe(false);
    expect(await profileOf(customer.userId)).toMatchObject({ approved: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await readMails(ctx.outboxDir, customer.email)).toHaveLength(0);
  });

  it('refuses your own approval, staff accounts for plain admins, unknown ids and bad bodies', async () => {
    const admin = await createAdmin(ctx);
    const otherAdmin = await createAdmin(ctx);
    const own = await setApproval(admin.headers, admin.userId, false);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({ code: 'cannot_change_self', message: messages.accountRules.cannotChangeOwnApproval });
    expect((await setApproval(admin.headers, otherAdmin.userId, false)).statusCode).toBe(403);
    expect(await profileOf(otherAdmin.userId)).toMatchObject({ approved: true });
    expect((await setApproval(admin.headers, '00000000-0000-0000-0000-000000000000', true)).statusCode).toBe(404);
    expect((await setApproval(admin.headers, 'no-es-uuid', true)).statusCode).toBe(400);
    expect((await setApproval(admin.headers, otherAdmin.userId, 'sí')).statusCode).toBe(400);
    const superAdmin = await createSuperAdmin(ctx);
    expect((await setApproval(superAdmin.headers, otherAdmin.userId, false)).statusCode).toBe(200);
  });
});

describe('points adjustments', () => {
  it('sets the new balance and records who, why, before and after; history newest first', async () => {
    const admin = await createAdmin(ctx, { nombre: 'Ana', apellido: 'Admin' });
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 5000 });
    const first = await adjustPoints(admin.headers, customer.userId, { saldo_puntos: 12_500, reason: '  Compensación por demora  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: customer.userId, saldo_puntos: 12_500 });
    expect((await adjustPoints(admin.headers, customer.userId, { saldo_puntos: 0, reason: 'Canje manual' })).statusCode).toBe(200);
    expect(await profileOf(customer.userId)).toMatchObject({ saldo_puntos: 0 });

    const history = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customer.userId}/points-history`, headers: admin.headers });
    expect(history.statusCode).toBe(200);
    expect(history.json().items).toEqual([
      expect.objectContaining({ before: 12_500, after: 0, reason: 'Canje manual', admin_id: admin.userId, admin_name: 'Ana Admin' }),
      expect.objectContaining({ before: 5000, after: 12_500, reason: 'Compensación por demora', admin_id: admin.userId }),
    ]);
    const customerView = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customer.userId}/points-history`, headers: customer.headers });
    expect(customerView.statusCode).toBe(403);
  });

  it('requires a reason and a non-negative integer balance, and writes nothing otherwise', async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 700 });
    for (const body of [
      { saldo_puntos: 100 },
      { saldo_puntos: 100, reason: '  ' },
      { saldo_puntos: -1, reason: 'negativo' },
      { saldo_puntos: 10.5, reason: 'decimales' },
      { saldo_puntos: '100', reason: 'texto' },
      { saldo_puntos: 1e20, reason: 'enorme' },
    ]) {
      const res = await adjustPoints(admin.headers, customer.userId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await adjustPoints(admin.headers, customer.userId, { saldo_puntos: 100 })).json().message).toBe(
      messages.accountRules.adjustmentReasonRequired,
    );
    expect(await profileOf(customer.userId)).toMatchObject({ saldo_puntos: 700 });
    const { rows } = await ctx.pool.query(`select count(*)::int as n from points_movements where profile_id = $1 and kind = 'admin_adjustment'`, [customer.userId]);
    expect(rows[0].n).toBe(0);
    expect((await adjustPoints(admin.headers, '00000000-0000-0000-0000-000000000000', { saldo_puntos: 1, reason: 'nadie' })).statusCode).toBe(404);
  });

  it('serialises concurrent adjustments: every record chains before → after', async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { saldo_puntos: 0 });
    const targets = [100, 200, 300, 400, 500];
    const results = await Promise.all(targets.map((n) => adjustPoints(admin.headers, customer.userId, { saldo_puntos: n, reason: `ajuste ${n}` })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const { rows } = await ctx.pool.query<{ before: number; after: number }>(
      `select balance - amount as before, balance as after from points_movements where profile_id = $1 and kind = 'admin_adjustment' order by id`,
      [customer.userId],
    );
    expect(rows).toHaveLength(5);
    expect(rows[0]!.before).toBe(0);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before).toBe(rows[i - 1]!.after);
    expect((await profileOf(customer.userId)).saldo_puntos).toBe(rows[4]!.after);
  });
});

describe('roles', () => {
  it('lets a super admin grant and revoke admin; the new admin can use the admin API at once', async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { approved: false });
    const granted = await changeRole(superAdmin.headers, customer.userId, { is_admin: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ is_admin: true, is_super_admin: false, approved: true });
    expect((await listUsers(customer.headers)).statusCode).toBe(200);
    const revoked = await changeRole(superAdmin.headers, customer.userId, { is_admin: false });
    expect(revoked.json()).toMatchObject({ is_admin: false, is_super_admin: false });
    expect((await listUsers(customer.headers)).statusCode).toBe(403);
  });

  it('grants and removes super admin (removing admin removes super admin too)', async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const admin = await createAdmin(ctx);
    expect((await changeRole(superAdmin.headers, admin.userId, { is_super_admin: true })).json()).toMatchObject({
      is_admin: true,
      is_super_admin: true,
    });
    expect((await changeRole(superAdmin.headers, admin.userId, { is_admin: false })).json()).toMatchObject({
      is_admin: false,
      is_super_admin: false,
    });
  });

  it('refuses changing your own role, empty bodies and unknown ids', async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const own = await changeRole(superAdmin.headers, superAdmin.userId, { is_super_admin: false });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({ code: 'cannot_change_self', message: messages.accountRules.cannotChangeOwnRole });
    expect(await profileOf(superAdmin.userId)).toMatchObject({ is_super_admin: true });
    const empty = await changeRole(superAdmin.headers, superAdmin.userId, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.accountRules.roleChangeRequired);
    expect((await changeRole(superAdmin.headers, '00000000-0000-0000-0000-000000000000', { is_admin: true })).statusCode).toBe(404);
  });

  it('never leaves zero super admins when the last two demote each other at the same time', async () => {
    // Start from a state where these two are the only super admins.
    await ctx.pool.query('update profiles set is_super_admin = false');
    const a = await createSuperAdmin(ctx);
    const b = await createSuperAdmin(ctx);
    const [ab, ba] = await Promise.all([
      changeRole(a.headers, b.userId, { is_super_admin: false }),
      changeRole(b.headers, a.userId, { is_super_admin: false }),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort();
    // One wins; the other finds itself no longer super admin (403) or the target the last one (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const { rows } = await ctx.pool.query('select count(*)::int as n from profiles where is_super_admin');
    expect(rows[0].n).toBe(1);
  });
});

describe('DELETE /api/admin/users/:id ("Rechazar" a sign-up)', () => {
  const reject = (headers: Headers, id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers });
  const exists = async (id: string) => (await ctx.pool.query('select 1 from users where id = $1', [id])).rowCount === 1;
  const notPending = { code: 'account_not_pending', message: messages.accountRules.accountNotPending };

  it('deletes an account waiting for approval, with its profile; the address can sign up again', async () => {
    const admin = await createAdmin(ctx);
    const pending = await createVerifiedUser(ctx, { approved: false });
    const res = await reject(admin.headers, pending.userId);
    expect(res.statusCode).toBe(204);
    expect(await exists(pending.userId)).toBe(false);
    expect((await ctx.pool.query('select 1 from profiles where id = $1', [pending.userId])).rowCount).toBe(0);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: pending.email, password: 'una-clave-bastante-larga', data: { nombre: 'Otra', apellido: 'Vez', dni: '30123457' } },
    });
    expect(again.statusCode).toBe(200);
    expect((await reject(admin.headers, pending.userId)).statusCode).toBe(404);
  });

  it('refuses approved, staff and ever-ordered accounts with 409 account_not_pending, and customers with 403', async () => {
    const admin = await createAdmin(ctx);
    const approved = await createVerifiedUser(ctx, { approved: true });
    const otherAdmin = await createVerifiedUser(ctx, { approved: false, is_admin: true });
    for (const target of [approved, otherAdmin]) {
      const res = await reject(admin.headers, target.userId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(notPending);
      expect(await exists(target.userId)).toBe(true);
    }

    // A customer who ordered and then lost the approval is revoked, never erased (the orders keep it).
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { name: `Rechazo ${Date.now()}`, price: 1000, retail_price: 1500, stock: 10 },
    });
    expect(product.statusCode, product.body).toBe(201);
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: approved.headers,
      payload: { items: [{ product_id: product.json().id, quantity: 1 }], observaciones: '', canjeado_con_puntos: false, idempotency_key: `rechazo-${Date.now()}` },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect((await setApproval(admin.headers, approved.userId, false)).statusCode).toBe(200);
    const ordered = await reject(admin.headers, approved.userId);
    expect(ordered.statusCode).toBe(409);
    expect(ordered.json()).toEqual(notPending);

    const customer = await createVerifiedUser(ctx);
    const pending = await createVerifiedUser(ctx, { approved: false });
    expect((await reject(customer.headers, pending.userId)).statusCode).toBe(403);
    expect((await reject(admin.headers, admin.userId)).json().code).toBe('cannot_change_self');
    expect(await exists(pending.userId)).toBe(true);
  });
});
