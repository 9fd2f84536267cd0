import { describe, expect, it } from 'vitest';
import { messages, type Session } from '@mayorista/core';
import { createVerifiedUser, readMails, setupTestAppWithOutbox, tokenFromMail, waitForMail } from './factories';

const ctx = await setupTestAppWithOutbox({
  env: { APP_URL: 'https://tienda.example.com', RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_EMAIL_MAX: '1000' },
});

const recover = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });
const resetPassword = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password } });
const getUser = (session: Session) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${session.access_token}` } });

async function recoveryToken(email: string, nth = 1) {
  expect((await recover(email)).statusCode).toBe(200);
  return tokenFromMail(await waitForMail(ctx.outboxDir, email, nth), '/restablecer-clave');
}

describe('password recovery', () => {
  it('answers the same 200 { ok: true } for registered and unknown addresses, and mails only the registered one', async () => {
    const user = await createVerifiedUser(ctx, { nombre: 'Julia' });
    const known = await recover(user.email.toUpperCase());
    const unknown = await recover('nadie-aca@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ ok: true });
    const mail = await waitForMail(ctx.outboxDir, user.email);
    expect(mail.subject).toBe(messages.emails.recoverSubject('Catálogo Mayorista'));
    expect(mail.text).toContain('Hola, Julia:');
    expect(mail.text).toMatch(/https:\/\/tienda\.example\.com\/restablecer-clave\?token=[A-Za-z0-9_-]{40,}/);
    expect(await readMails(ctx.outboxDir, 'nadie-aca@example.com')).toHaveLength(0);
  });

  it('refuses an invalid e-mail with a Spanish 400', async () => {
    const res = await recover('no-es-correo');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.accountRules.invalidEmail);
  });

  it('sets the new password, ends every other session, and returns a fresh session', async () => {
    const user = await createVerifiedUser(ctx);
    const otherDevice: Session = (await signIn(user.email, user.password)).json();
    const token = await recoveryToken(user.email);
    const res = await resetPassword(token, 'una-clave-nueva-y-larga');
    expect(res.statusCode).toBe(200);
    const fresh: Session = res.json();
    expect(fresh).toMatchObject({ token_type: 'bearer', user: { id: user.userId } });
    expect((await getUser(fresh)).statusCode).toBe(200);
    expect((await getUser(user.session)).statusCode).toBe(401);
    expect((await getUser(otherDevice)).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).json().code).toBe('invalid_credentials');
    expect((await signIn(user.email, 'una-clave-nueva-y-larga')).statusCode).toBe(200);
  });

  it('uses each link once, refuses expired links, and applies the password rules without consuming the link', async () => {
    const user = await createVerifiedUser(ctx);
    const token = await recoveryToken(user.email);
    const weak = await resetPassword(token, 'password123');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('weak_password');
    const short = await resetPassword(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.accountRules.passwordTooShort);

    expect((await resetPassword(token, 'primera-clave-nueva')).statusCode).toBe(200);
    const reused = await resetPassword(token, 'segunda-clave-nueva');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 'invalid_token', message: messages.accountRules.invalidToken });
    expect((await signIn(user.email, 'segunda-clave-nueva')).statusCode).toBe(400);

    const second = await recoveryToken(user.email, 2);
    await ctx.pool.query(`update email_tokens set expires_at = now() - interval '1 second' where user_id = $1 and used_at is null`, [user.userId]);
    const expired = await resetPassword(second, 'tercera-clave-nueva');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('token_expired');
    expect((await signIn(user.email, 'primera-clave-nueva')).statusCode).toBe(200);
  });

  it('expires recovery links after 1 hour and does not accept a verification link as a recovery link', async () => {
    const user = await createVerifiedUser(ctx);
    await recoveryToken(user.email);
    const { rows } = await ctx.pool.query(
      `select extract(epoch from (expires_at - created_at))::int as ttl from email_tokens where user_id = $1 and purpose = 'recover_password'`,
      [user.userId],
    );
    expect(rows[0].ttl).toBe(3600);

    const pending = await createVerifiedUser(ctx, { verified: false });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/resend', payload: { email: pending.email } });
    const verifyToken = tokenFromMail(await waitForMail(ctx.outboxDir, pending.email), '/verificar-correo');
    expect((await resetPassword(verifyToken, 'una-clave-nueva-y-larga')).json().code).toBe('invalid_token');
  });

  it('verifies the address of an unverified account that resets its password (the link proves the mailbox)', async () => {
    const user = await createVerifiedUser(ctx, { verified: false });
    const token = await recoveryToken(user.email);
    expect((await resetPassword(token, 'una-clave-nueva-y-larga')).statusCode).toBe(200);
    expect((await signIn(user.email, 'una-clave-nueva-y-larga')).statusCode).toBe(200);
  });
});
