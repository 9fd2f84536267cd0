import { describe, expect, it } from 'vitest';
import { createAdmin, createStaff, createSuperAdmin, createVerifiedUser, setupTestAppWithOutbox, tokenFromMail, waitForMail } from './factories';

/** Staff roles, invitations and the audit log (decisions 046 and 048), against a real PostgreSQL. */
const ctx = await setupTestAppWithOutbox({ env: { RATE_LIMIT_AUTH_MAX: '100000', RATE_LIMIT_EMAIL_MAX: '100000' } });

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

async function auditRows(entityId: string) {
  const { rows } = await ctx.pool.query(`select action, actor_id, actor_role, summary, ip from audit_log where entity_id = $1 order by id`, [entityId]);
  return rows;
}

describe('roles', () => {
  it('a role change takes effect on the demoted person\'s very next request, and is audited', async () => {
    const owner = await createSuperAdmin(ctx);
    const admin = await createAdmin(ctx);
    expect((await inject('GET', '/api/admin/orders', admin.headers)).statusCode).toBe(200);
    const res = await inject('PATCH', `/api/admin/staff/${admin.userId}`, owner.headers, { role: 'warehouse' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toContainEqual(expect.objectContaining({ id: admin.userId, role: 'warehouse' }));
    // The old session still works, with the new role: the warehouse reads orders, never prices.
    expect((await inject('GET', '/api/admin/orders', admin.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/price-lists', admin.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/staff', admin.headers)).statusCode).toBe(403);
    const { rows } = await ctx.pool.query(`select is_admin, is_super_admin from profiles where id = $1`, [admin.userId]);
    expect(rows[0]).toEqual({ is_admin: false, is_super_admin: false });
    expect(await auditRows(admin.userId)).toEqual([
      { action: 'staff.role', actor_id: owner.userId, actor_role: 'owner', summary: { before: { role: 'admin' }, after: { role: 'warehouse' } }, ip: '127.0.0.1' },
    ]);
  });

  it('the last owner cannot demote themself nor be removed; with a second owner they can', async () => {
    await ctx.pool.query(`update profiles set staff_role = 'admin' where staff_role = 'owner'`);
    const owner = await createSuperAdmin(ctx);
    const demote = await inject('PATCH', `/api/admin/staff/${owner.userId}`, owner.headers, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'last_owner' });
    expect((await inject('DELETE', `/api/admin/staff/${owner.userId}`, owner.headers)).statusCode).toBe(409);
    expect(await auditRows(owner.userId)).toEqual([]);

    const second = await createStaff(ctx, 'admin');
    expect((await inject('PATCH', `/api/admin/staff/${second.userId}`, owner.headers, { role: 'owner' })).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/admin/staff/${owner.userId}`, owner.headers, { role: 'admin' })).statusCode).toBe(200);
    // Now an admin: staff management is closed to them at once.
    expect((await inject('GET', '/api/admin/staff', owner.headers)).statusCode).toBe(403);
  });

  it('removing a staff member ends their sessions and keeps the account', async () => {
    const owner = await createSuperAdmin(ctx);
    const driver = await createStaff(ctx, 'driver');
    expect((await inject('DELETE', `/api/admin/staff/${driver.userId}`, owner.headers)).statusCode).toBe(204);
    expect((await inject('GET', '/api/auth/user', driver.headers)).statusCode).toBe(401);
    const { rows } = await ctx.pool.query(`select staff_role, approved from profiles where id = $1`, [driver.userId]);
    expect(rows[0]).toEqual({ staff_role: null, approved: false });
    // A customer is not staff: 404, nothing written.
    const customer = await createVerifiedUser(ctx);
    expect((await inject('DELETE', `/api/admin/staff/${customer.userId}`, owner.headers)).statusCode).toBe(404);
  });

  it('a warehouse user on a price route and a driver on the admin API get 403', async () => {
    const warehouse = await createStaff(ctx, 'warehouse');
    const driver = await createStaff(ctx, 'driver');
    expect((await inject('POST', '/api/admin/products/reprice', warehouse.headers, { percent: 10 })).statusCode).toBe(403);
    for (const url of ['/api/admin/orders', '/api/admin/users', '/api/admin/settings', '/api/admin/audit']) {
      const res = await inject('GET', url, driver.headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
  });
});

describe('invitations', () => {
  it('the owner invites by e-mail; the link sets the password once; the person signs in with the role', async () => {
    const owner = await createSuperAdmin(ctx);
    const email = `vendedor-${Date.now()}@example.com`;
    const res = await inject('POST', '/api/admin/staff/invitations', owner.headers, { email, role: 'sales' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await inject('GET', '/api/admin/staff', owner.headers)).json().invitations).toContainEqual(expect.objectContaining({ email, role: 'sales' }));
    const token = tokenFromMail(await waitForMail(ctx.outboxDir, email), '/invitacion');
    const body = { token, password: 'Una-Clave-Muy-Segura-7', nombre: 'Vera', apellido: 'Vendedora', dni: '30111222' };
    const accepted = await ctx.app.inject({ method: 'POST', url: '/api/auth/staff-invitation', payload: body });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/staff-invitation', payload: body });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token', message: 'El enlace no es válido o ya fue usado.' });

    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password: body.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().access_token}` };
    const profile = await inject('GET', `/api/profiles/${signIn.json().user.id}`, headers);
    expect(profile.json()).toMatchObject({ staff_role: 'sales', approved: true, is_admin: false });
    expect((await inject('GET', '/api/admin/orders', headers)).statusCode).toBe(403);
  });

  it('an expired link is refused with its own message; an address with an account cannot be invited', async () => {
    const owner = await createSuperAdmin(ctx);
    const email = `tarde-${Date.now()}@example.com`;
    expect((await inject('POST', '/api/admin/staff/invitations', owner.headers, { email, role: 'driver' })).statusCode).toBe(201);
    const token = tokenFromMail(await waitForMail(ctx.outboxDir, email), '/invitacion');
    await ctx.pool.query(`update email_tokens set expires_at = now() - interval '1 minute' where purpose = 'staff_invite' and used_at is null`);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/staff-invitation',
      payload: { token, password: 'Una-Clave-Muy-Segura-7', nombre: 'Tomás', apellido: 'Tarde', dni: '30111223' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'token_expired', message: 'El enlace expiró. Pedí uno nuevo.' });

    const customer = await createVerifiedUser(ctx);
    const taken = await inject('POST', '/api/admin/staff/invitations', owner.headers, { email: customer.email, role: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken' });
  });
});

describe('audit log', () => {
  it('the database refuses to update or delete an audit row', async () => {
    const owner = await createSuperAdmin(ctx);
    const admin = await createAdmin(ctx);
    await inject('PATCH', `/api/admin/staff/${admin.userId}`, owner.headers, { role: 'sales' });
    await expect(ctx.pool.query(`update audit_log set actor_name = 'otro' where entity_id = $1`, [admin.userId])).rejects.toThrow(/audit_append_only/);
    await expect(ctx.pool.query(`delete from audit_log where entity_id = $1`, [admin.userId])).rejects.toThrow(/audit_append_only/);
    expect(await auditRows(admin.userId)).toHaveLength(1);
  });

  it('the owner reads the log filtered by person and entity; nobody else reads it', async () => {
    const owner = await createSuperAdmin(ctx);
    const target = await createStaff(ctx, 'warehouse');
    await inject('PATCH', `/api/admin/staff/${target.userId}`, owner.headers, { role: 'driver' });
    const page = await inject('GET', `/api/admin/audit?actor=${owner.userId}&entity=staff&entity_id=${target.userId}`, owner.headers);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 1, items: [{ action: 'staff.role', actor_name: 'Super Prueba', actor_role: 'owner', entity_id: target.userId }] });
    expect((await inject('GET', '/api/admin/audit', (await createAdmin(ctx)).headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/audit?from=2026-02-31', owner.headers)).statusCode).toBe(400);
  });
});

describe('audit rows of money and products', () => {
  it('a payment writes one row in its transaction (a replay none); a refused payment writes none', async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx);
    const payment = { amount: 12_345, method: 'cash', idempotency_key: `k-${Date.now()}` };
    expect((await inject('POST', `/api/admin/users/${customer.userId}/payments`, admin.headers, payment)).statusCode).toBe(201);
    // The same key again: the first payment answers, nothing new is written.
    expect((await inject('POST', `/api/admin/users/${customer.userId}/payments`, admin.headers, payment)).statusCode).toBe(200);
    // Staff never record a payment on their own account: refused, no row.
    expect((await inject('POST', `/api/admin/users/${admin.userId}/payments`, admin.headers, { amount: 1, method: 'cash', idempotency_key: 'propia-cuenta-12345678' })).statusCode).toBe(403);
    const rows = await auditRows(customer.userId);
    expect(rows.filter((r) => r.action === 'payment.record')).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.userId, actor_role: 'admin', ip: '127.0.0.1', summary: { after: { amount: 12_345, method: 'cash', receipt_number: expect.any(Number) } } });
    expect(await auditRows(admin.userId)).toEqual([]);
  });
});
