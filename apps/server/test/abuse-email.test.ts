import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { EMAILS_PER_RECIPIENT_PER_HOUR } from '../src/modules/accounts/email-limits';
import { createVerifiedUser, readMails, setupTestAppWithOutbox, tokenFromMail, waitForMail } from './factories';

/**
 * The abuse-limits work (decision 010): one address received 29 recovery and 30 verification e-mails in an hour. Per
 * IP limits are generous here (one attacker, many addresses is covered in abuse.test.ts); the
 * per-recipient limit holds whatever the source address.
 */
const ctx = await setupTestAppWithOutbox({ env: { RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_EMAIL_MAX: '1000' } });
const MAX = EMAILS_PER_RECIPIENT_PER_HOUR;

let ip = 0;
const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `198.18.0.${(ip++ % 250) + 1}` });
const sentTo = async (email: string, kind: string) =>
  (await ctx.pool.query<{ n: number }>('select count(*)::int as n from email_sends where recipient = $1 and kind = $2', [email, kind])).rows[0]!.n;
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

describe(`at most ${MAX} e-mails of each kind per recipient per hour, from any number of IPs`, () => {
  it('password recovery: every request answers 200, only the first few send, and the last link sent still works', async () => {
    const user = await createVerifiedUser(ctx);
    for (let i = 0; i < MAX + 5; i++) expect((await post('/api/auth/recover', { email: user.email })).json()).toEqual({ ok: true });
    expect(await sentTo(user.email, 'recover_password')).toBe(MAX);
    const last = await waitForMail(ctx.outboxDir, user.email, MAX);
    expect(await readMails(ctx.outboxDir, user.email)).toHaveLength(MAX);
    // The refused requests made no new link, so the one in the inbox is still good.
    const reset = await post('/api/auth/reset-password', { token: tokenFromMail(last, '/restablecer-clave'), password: 'Otra-Clave-Segura-2026' });
    expect(reset.statusCode).toBe(200);
  });

  it('verification: sign-up plus resends stop at the limit; another address is unaffected', async () => {
    const email = uniqueEmail('flood');
    const signUp = await post('/api/auth/signup', { email, password: 'una-clave-bastante-larga', data: { nombre: 'Ana', apellido: 'Sosa', dni: '30111222' } });
    expect(signUp.statusCode).toBe(200);
    for (let i = 0; i < MAX + 5; i++) expect((await post('/api/auth/resend', { email })).statusCode).toBe(200);
    expect(await sentTo(email, 'verify_email')).toBe(MAX);
    await waitForMail(ctx.outboxDir, email, MAX);
    expect(await readMails(ctx.outboxDir, email)).toHaveLength(MAX);

    const other = await createVerifiedUser(ctx, { verified: false });
    expect((await post('/api/auth/resend', { email: other.email })).statusCode).toBe(200);
    expect(await sentTo(other.email, 'verify_email')).toBe(1);
  });

  it('"ya tenés una cuenta": repeated sign-ups with a registered address notify its owner at most that often', async () => {
    const owner = await createVerifiedUser(ctx);
    for (let i = 0; i < MAX + 3; i++) {
      const res = await post('/api/auth/signup', { email: owner.email, password: 'una-clave-bastante-larga', data: { nombre: 'X', apellido: 'Y', dni: '30111222' } });
      expect(res.statusCode).toBe(200);
    }
    expect(await sentTo(owner.email, 'account_exists')).toBe(MAX);
    const mail = await waitForMail(ctx.outboxDir, owner.email, MAX);
    expect(mail.subject).toBe(messages.emails.accountExistsSubject(ctx.config.catalogName));
  });

  it('kinds are counted apart: a flood of recovery requests does not block verification', async () => {
    const user = await createVerifiedUser(ctx, { verified: false });
    for (let i = 0; i < MAX + 1; i++) await post('/api/auth/recover', { email: user.email });
    expect((await post('/api/auth/resend', { email: user.email })).statusCode).toBe(200);
    expect(await sentTo(user.email, 'verify_email')).toBe(1);
  });
});

describe('the abuse tables forget old rows', () => {
  it('sends older than the hour and sign-in failures a day old go; recent ones and live locks stay', async () => {
    const { forgetOldEmailSends } = await import('../src/modules/accounts/email-limits');
    const { forgetOldSignInFailures } = await import('../src/modules/accounts/sign-in-throttle');
    await ctx.pool.query(`insert into email_sends (recipient, kind, sent_at) values
      ('viejo@example.com', 'recover_password', now() - interval '2 hours'),
      ('nuevo@example.com', 'recover_password', now() - interval '10 minutes')`);
    await ctx.pool.query(`insert into sign_in_throttles (email, failures, updated_at, locked_until) values
      ('olvidada@example.com', 3, now() - interval '2 days', null),
      ('reciente@example.com', 3, now() - interval '1 hour', null),
      ('bloqueada@example.com', 0, now() - interval '2 days', now() + interval '5 minutes')`);
    await forgetOldEmailSends(ctx.db);
    await forgetOldSignInFailures(ctx.db);
    const sends = await ctx.pool.query<{ recipient: string }>(`select recipient from email_sends where recipient in ('viejo@example.com', 'nuevo@example.com')`);
    expect(sends.rows.map((r) => r.recipient)).toEqual(['nuevo@example.com']);
    const throttles = await ctx.pool.query<{ email: string }>(`select email from sign_in_throttles order by email`);
    expect(throttles.rows.map((r) => r.email)).toEqual(['bloqueada@example.com', 'reciente@example.com']);
  });
});
