import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, messages } from '@mayorista/core';
import { AppError } from '../src/lib/errors';
import { CUIT_CONFLICTS_PER_HOUR, CuitConflictLimiter, addressKey } from '../src/modules/accounts/cuit-conflicts';
import { createVerifiedUser } from './factories';
import { setupTestApp } from './helpers';

/**
 * Whether a CUIT is a customer's cannot be asked over and over (decision 031): after a few 409
 * cuit_taken answers, an account or an address gets 429 for any NEW CUIT, taken or free, so the
 * limit itself tells nothing; re-saving one's own CUIT is never limited.
 */

const ctx = await setupTestApp({ env: { RATE_LIMIT_AUTH_MAX: '1000' } });

function freshCuit(): string {
  for (;;) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) return first10 + String(digit);
  }
}

const patchMe = (headers: Record<string, string>, payload: Record<string, unknown>, ip = '127.0.0.1') =>
  ctx.app.inject({ method: 'PATCH', url: '/api/me', headers, payload, remoteAddress: ip });

const signUp = (cuit: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: ip,
    payload: {
      email: `cuit-${randomBytes(5).toString('hex')}@example.com`,
      password: 'una-clave-bastante-larga',
      data: { nombre: 'Ana', apellido: 'Paz', dni: '30123456', cuit },
    },
  });

describe('CUIT conflicts', () => {
  it(`an account gets ${CUIT_CONFLICTS_PER_HOUR} conflicts an hour; then any new CUIT answers 429, its own CUIT still saves`, async () => {
    const owners = await Promise.all(Array.from({ length: CUIT_CONFLICTS_PER_HOUR + 1 }, () => createVerifiedUser(ctx)));
    const taken: string[] = [];
    for (const owner of owners) {
      const cuit = freshCuit();
      expect((await patchMe(owner.headers, { cuit }, '10.0.0.1')).statusCode).toBe(200);
      taken.push(cuit);
    }
    const prober = await createVerifiedUser(ctx);
    const own = freshCuit();
    expect((await patchMe(prober.headers, { cuit: own }, '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < CUIT_CONFLICTS_PER_HOUR; i++) {
      const res = await patchMe(prober.headers, { cuit: taken[i] }, `10.0.1.${i}`); // a new address each time: the account still counts
      expect([res.statusCode, res.json().code]).toEqual([409, 'cuit_taken']);
    }
    const overTaken = await patchMe(prober.headers, { cuit: taken[CUIT_CONFLICTS_PER_HOUR] }, '10.0.2.1');
    const overFree = await patchMe(prober.headers, { cuit: freshCuit() }, '10.0.2.2');
    for (const res of [overTaken, overFree]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited', message: messages.errors.rateLimited });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ownAgain = await patchMe(prober.headers, { cuit: own, razon_social: 'Sigue SA' }, '10.0.2.3');
    expect(ownAgain.statusCode, ownAgain.body).toBe(200);
    const { rows } = await ctx.pool.query<{ cuit: string }>('select cuit from profiles where id = $1', [prober.userId]);
    expect(rows[0]!.cuit.replace(/\D/g, '')).toBe(own);
  });

  it('sign-up counts per address: past the limit a new CUIT answers 429 there, and other addresses are unaffected', async () => {
    const owner = await createVerifiedUser(ctx);
    const cuit = freshCuit();
    expect((await patchMe(owner.headers, { cuit }, '10.1.0.1')).statusCode).toBe(200);
    for (let i = 0; i < CUIT_CONFLICTS_PER_HOUR; i++) expect((await signUp(cuit, '10.9.9.9')).statusCode).toBe(409);
    expect((await signUp(freshCuit(), '10.9.9.9')).statusCode).toBe(429);
    expect((await signUp(cuit, '10.9.9.8')).statusCode).toBe(409);
    expect((await signUp(freshCuit(), '10.9.9.8')).statusCode).toBe(200);
  });

  it('requests sent at once cannot pass the check together: at most the limit reach the database', async () => {
    const owner = await createVerifiedUser(ctx);
    const cuit = freshCuit();
    expect((await patchMe(owner.headers, { cuit }, '10.3.0.1')).statusCode).toBe(200);
    const prober = await createVerifiedUser(ctx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => patchMe(prober.headers, { cuit }, '10.3.0.2')));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 409)).toHaveLength(CUIT_CONFLICTS_PER_HOUR);
    expect(codes.filter((code) => code === 429)).toHaveLength(20 - CUIT_CONFLICTS_PER_HOUR);
  });

  it('free CUITs are never limited, and a missing CUIT answers its own message, not the limit', async () => {
    const prober = await createVerifiedUser(ctx);
    for (let i = 0; i < CUIT_CONFLICTS_PER_HOUR * 2; i++) {
      expect((await patchMe(prober.headers, { cuit: freshCuit() }, '10.4.0.1')).statusCode).toBe(200);
      // The CUIT is a required business field: clearing it is refused on the field, never as a 429.
      const cleared = await patchMe(prober.headers, { cuit: null }, '10.4.0.1');
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json().code).toBe('validation_failed');
    }
  });

  it('forgets conflicts after the hour', async () => {
    let now = 0;
    const limiter = new CuitConflictLimiter(() => now);
    const conflict = () => Promise.reject(new AppError('cuit_taken', messages.business.cuitTaken));
    for (let i = 0; i < CUIT_CONFLICTS_PER_HOUR; i++) await expect(limiter.guard(['ip:x'], conflict)).rejects.toThrow();
    expect(limiter.retryAfterSeconds(['ip:x', 'user:y'])).toBe(3600);
    now = 30 * 60 * 1000;
    expect(limiter.retryAfterSeconds(['ip:x'])).toBe(1800);
    now = 60 * 60 * 1000 + 1;
    expect(limiter.retryAfterSeconds(['ip:x'])).toBe(0);
  });

  it('keys an IPv6 client by its /64 and a mapped IPv4 address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('2001:db8::1')).toBe('ip6:2001:db8:0:0::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe(addressKey('10.0.0.1'));
    expect(addressKey('10.0.0.1')).not.toBe(addressKey('10.0.0.2'));
  });
});
