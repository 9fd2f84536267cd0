import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { setupTestApp } from './helpers';

const ctx = await setupTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW: '1 minute', RATE_LIMIT_EMAIL_MAX: '2' } });

const post = (url: string, payload: object, remoteAddress = '203.0.113.10') =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

async function expectLimitedAfter(allowed: number, send: () => ReturnType<typeof post>) {
  for (let i = 0; i < allowed; i++) expect((await send()).statusCode).not.toBe(429);
  const limited = await send();
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({ code: 'rate_limited', message: messages.errors.rateLimited });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits per IP', () => {
  it('limits sign-in to RATE_LIMIT_AUTH_MAX per window, counting failures, with a Spanish 429; other IPs are unaffected', async () => {
    await expectLimitedAfter(3, () => post('/api/auth/token?grant_type=password', { email: 'a@example.com', password: 'incorrecta-1' }, '203.0.113.1'));
    const otherIp = await post('/api/auth/token?grant_type=password', { email: 'a@example.com', password: 'incorrecta-1' }, '203.0.113.2');
    expect(otherIp.statusCode).toBe(400);
  });

  it('limits sign-up, verification and password reset', async () => {
    const signUp = { email: 'x@example.com', password: 'corta', data: {} };
    await expectLimitedAfter(3, () => post('/api/auth/signup', signUp, '203.0.113.3'));
    await expectLimitedAfter(3, () => post('/api/auth/verify', { token: 'no-existe' }, '203.0.113.4'));
    await expectLimitedAfter(3, () => post('/api/auth/reset-password', { token: 'no-existe', password: 'una-clave-larga' }, '203.0.113.5'));
  });

  it('limits refresh (the token endpoint) too', async () => {
    await expectLimitedAfter(3, () => post('/api/auth/token?grant_type=refresh_token', { refresh_token: 'no-existe' }, '203.0.113.6'));
  });

  it('limits the routes that send e-mail to RATE_LIMIT_EMAIL_MAX per hour', async () => {
    await expectLimitedAfter(2, () => post('/api/auth/recover', { email: 'nadie@example.com' }, '203.0.113.7'));
    await expectLimitedAfter(2, () => post('/api/auth/resend', { email: 'nadie@example.com' }, '203.0.113.8'));
  });

  // The abuse-limits work (decision 010): the docs said these share one budget; each had its own, four times the budget.
  it('sign-in, sign-up, verify and reset-password share ONE bucket per IP', async () => {
    const ip = '203.0.113.20';
    expect((await post('/api/auth/token?grant_type=password', { email: 'b@example.com', password: 'incorrecta-1' }, ip)).statusCode).toBe(400);
    expect((await post('/api/auth/signup', { email: 'x@example.com', password: 'corta', data: {} }, ip)).statusCode).toBe(400);
    expect((await post('/api/auth/verify', { token: 'no-existe' }, ip)).statusCode).toBe(400);
    for (const [url, body] of [
      ['/api/auth/reset-password', { token: 'no-existe', password: 'una-clave-larga' }],
      ['/api/auth/token?grant_type=password', { email: 'b@example.com', password: 'incorrecta-1' }],
      ['/api/auth/signup', { email: 'x@example.com', password: 'corta', data: {} }],
      ['/api/auth/verify', { token: 'no-existe' }],
    ] as const) {
      const limited = await post(url, body, ip);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited', message: messages.errors.rateLimited });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('refresh has its own bucket: an exhausted sign-in budget does not block refreshing, nor the reverse', async () => {
    const ip = '203.0.113.21';
    for (let i = 0; i < 3; i++) await post('/api/auth/verify', { token: 'no-existe' }, ip);
    expect((await post('/api/auth/verify', { token: 'no-existe' }, ip)).statusCode).toBe(429);
    expect((await post('/api/auth/token?grant_type=refresh_token', { refresh_token: 'no-existe' }, ip)).statusCode).toBe(400);
  });
});
