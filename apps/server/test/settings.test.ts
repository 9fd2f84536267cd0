import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, messages } from '@mayorista/core';
import { loadSettings } from '../src/modules/settings/settings.repository';
import { createAdmin, createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';

const ctx = await setupTestApp();
const admin = await createAdmin(ctx);

const getSettings = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/admin/settings', headers });
const putSettings = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: payload as Record<string, unknown> });

describe('GET/PUT /api/admin/settings', () => {
  it('starts from the defaults, never modified', async () => {
    const res = await getSettings(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, updated_at: null });
  });

  it('saves a minimum order amount in centavos, records when, and every module reads it', async () => {
    const res = await putSettings(admin.headers, { min_order_amount: 2_500_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ min_order_amount: 2_500_000 });
    expect(Date.parse(res.json().updated_at)).not.toBeNaN();
    expect(await loadSettings(ctx.pool)).toEqual({ ...DEFAULT_SETTINGS, min_order_amount: 2_500_000 });
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
