import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';

const ctx = await setupTestApp();

describe('GET /api/points', () => {
  it('returns the signed-in customer’s own balance in centavos', async () => {
    const rich = await createVerifiedUser(ctx, { saldo_puntos: 1_234_56 });
    const poor = await createVerifiedUser(ctx, { saldo_puntos: 0 });
    const a = await ctx.app.inject({ method: 'GET', url: '/api/points', headers: rich.headers });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/points', headers: poor.headers });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ saldo_puntos: 1_234_56 });
    expect(b.json()).toEqual({ saldo_puntos: 0 });
  });

  it('answers 401 signed out and 403 unapproved', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/points' })).statusCode).toBe(401);
    const pending = await createVerifiedUser(ctx, { approved: false, saldo_puntos: 500 });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/points', headers: pending.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('saldo_puntos');
  });
});
