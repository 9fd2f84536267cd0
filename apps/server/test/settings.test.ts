import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, messages } from '@mayorista/core';
import { loadSettings } from '../src/modules/settings/settings.repository';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';

const ctx = await setupTestApp();
const admin = await createAdmin(ctx);

const getSettings = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/admin/settings', headers });
const putSettings = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: payload as Record<string, unknown> });

describe('GET/PUT /api/admin/settings', () => {
  it('starts from the defaults, never modified; the admin e-mails go to the admins until someone edits the list', async () => {
    const res = await getSettings(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, admin_email_recipients: [admin.email], admin_email_recipients_default: true, updated_at: null });
  });

  it('saves a minimum order amount in centavos, records when, and every module reads it', async () => {
    const res = await putSettings(admin.headers, { min_order_amount: 2_500_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ min_order_amount: 2_500_000 });
    expect(Date.parse(res.json().updated_at)).not.toBeNaN();
    expect(await loadSettings(ctx.pool)).toEqual({ ...DEFAULT_SETTINGS, admin_email_recipients: [admin.email], min_order_amount: 2_500_000 });
    const row = await ctx.pool.query('select updated_by from app_settings');
    expect(row.rows[0].updated_by).toBe(admin.userId);
  });

  it.each([
    [{ min_order_amount: -1 }, messages.settings.invalidAmount],
    [{ min_order_amount: 12.5 }, messages.settings.invalidAmount],
    [{ min_order_amount: '25000' }, messages.settings.invalidAmount],
    [{ min_order_amount: 1e15 }, messages.settings.amountTooLarge],
  ])('refuses %j with a Spanish message and changes nothing', async (payload, message) => {
    const before = await loadSettings(ctx.pool);
    const res = await putSettings(admin.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    expect(await loadSettings(ctx.pool)).toEqual(before);
  });

  it('refuses unknown settings', async () => {
    const res = await putSettings(admin.headers, { pedido_minimo: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('is for admins only, before reading the body', async () => {
    const customer = await createVerifiedUser(ctx);
    expect((await putSettings(customer.headers, { min_order_amount: 1 })).statusCode).toBe(403);
    expect((await putSettings({}, { x: 1 })).statusCode).toBe(401);
    expect((await getSettings(customer.headers)).statusCode).toBe(403);
  });
});

describe('who gets the admin e-mails on a new install (decision 029)', () => {
  it('every account that can manage orders (admins and super admins, not customers), until the list is edited; an emptied list stays empty', async () => {
    const own = await setupTestApp();
    const first = await createAdmin(own, { email: 'b-admin@example.com' });
    const owner = await createVerifiedUser(own, { email: 'a-dueno@example.com', approved: true, is_admin: true, is_super_admin: true });
    await createVerifiedUser(own, { email: 'cliente@example.com' });
    expect((await loadSettings(own.pool)).admin_email_recipients).toEqual([owner.email, first.email]);

    const emptied = await own.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: first.headers, payload: { admin_email_recipients: [] } });
    expect(emptied.json().admin_email_recipients).toEqual([]);
    expect((await loadSettings(own.pool)).admin_email_recipients).toEqual([]);
  });

  it('a new order on a fresh install queues the new-order e-mail to the admin without anyone writing the list', async () => {
    const own = await setupTestApp();
    const first = await createAdmin(own);
    const customer = await createVerifiedUser(own, { approved: true });
    const product = await createProduct(own);
    const res = await own.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { items: [{ product_id: product.id, quantity: 1 }], idempotency_key: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await own.pool.query(`select kind, recipient from email_outbox where order_id = $1 order by id`, [res.json().order.id]);
    expect(rows).toEqual([
      { kind: 'order_placed', recipient: customer.email },
      { kind: 'admin_new_order', recipient: first.email },
    ]);
  });

  it('a change of another setting answers the admins as recipients while the list was never edited', async () => {
    const own = await setupTestApp();
    const first = await createAdmin(own);
    const res = await own.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: first.headers, payload: { low_stock_threshold: 3 } });
    expect(res.json()).toMatchObject({ low_stock_threshold: 3, admin_email_recipients: [first.email], admin_email_recipients_default: true });
    const second = await createAdmin(own);
    expect((await loadSettings(own.pool)).admin_email_recipients).toEqual([first.email, second.email].sort());
    const saved = await own.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: first.headers, payload: { admin_email_recipients: [first.email] } });
    expect(saved.json()).toMatchObject({ admin_email_recipients: [first.email], admin_email_recipients_default: false });
  });
});

describe('the order-life work (decision 014) settings', () => {
  it('stores the e-mail switches, admin recipients and low-stock threshold, and refuses bad ones in Spanish', async () => {
    const admin = await createAdmin(ctx);
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload });
    const ok = await put({ email_admin_new_order: false, admin_email_recipients: ['dueno@example.com'], low_stock_threshold: 12 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email_admin_new_order: false, email_customer_order_placed: true, admin_email_recipients: ['dueno@example.com'], low_stock_threshold: 12 });
    expect((await put({ admin_email_recipients: ['no-es-correo'] })).json()).toMatchObject({ message: messages.settings.invalidRecipient });
    expect((await put({ low_stock_threshold: -1 })).json()).toMatchObject({ message: messages.settings.invalidThreshold });
    expect((await put({ email_admin_new_order: 'no' })).statusCode).toBe(400);
  });
});

describe('how long approval usually takes (GET /api/settings/public)', () => {
  it('answers anyone the approval time, 24 h by default; an admin changes it; out-of-range hours are refused in Spanish', async () => {
    const publicRead = async () => (await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(await publicRead()).toEqual({ approval_wait_hours: 24 });
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload });
    const saved = await put({ approval_wait_hours: 48 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await publicRead()).toEqual({ approval_wait_hours: 48 });
    for (const bad of [0, 721, 2.5, '24']) {
      const refused = await put({ approval_wait_hours: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(messages.settings.invalidApprovalHours);
    }
    await put({ approval_wait_hours: 24 });
  });
});
