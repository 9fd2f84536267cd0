import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { setupTestAppWithOutbox, tokenFromMail, waitForMail, readMails } from './factories';

// Generous limits: this file signs up far more than a person would (the limit has its own test).
const ctx = await setupTestAppWithOutbox({ env: { APP_URL: 'https://tienda.example.com', RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_EMAIL_MAX: '1000' } });

const uniqueEmail = (prefix = 'alta') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
const validBody = (email = uniqueEmail()) => ({
  email,
  password: 'una-clave-bastante-larga',
  data: { nombre: 'Lucía', apellido: 'Pérez', dni: '30123456' },
});

const signUp = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object });

async function countRows(table: 'users' | 'profiles' | 'email_tokens', email?: string) {
  const column = table === 'email_tokens' ? null : 'email';
  const { rows } = column && email
    ? await ctx.pool.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [email])
    : await ctx.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

describe('POST /api/auth/signup', () => {
  it('creates the user and an unapproved profile with 0 points and answers { user } without a session', async () => {
    const body = validBody();
    const res = await signUp(body);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.user).toMatchObject({ email: body.email, user_metadata: { nombre: 'Lucía', apellido: 'Pérez', dni: '30123456' } });
    expect(json).not.toHaveProperty('access_token');
    const { rows } = await ctx.pool.query(
      `select p.approved, p.is_admin, p.is_super_admin, p.saldo_puntos, p.nombre, p.dni, u.email_verified_at
         from profiles p join users u on u.id = p.id where p.id = $1`,
      [json.user.id],
    );
    expect(rows[0]).toEqual({
      approved: false,
      is_admin: false,
      is_super_admin: false,
      saldo_puntos: 0,
      nombre: 'Lucía',
      dni: '30123456',
      email_verified_at: null,
    });
  });

  it('trims and lower-cases the e-mail', async () => {
    const email = uniqueEmail('Mayus').toUpperCase();
    const res = await signUp({ ...validBody(), email: `  ${email}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email.toLowerCase());
  });

  it('ignores privileged fields in the metadata and in the body', async () => {
    const body = validBody();
    const res = await signUp({
      ...body,
      approved: true,
      is_admin: true,
      saldo_puntos: 999_999,
      data: { ...body.data, approved: true, is_admin: true, is_super_admin: true, saldo_puntos: 500_000 },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().user.id as string;
    expect(res.json().user.user_metadata).toEqual({ nombre: 'Lucía', apellido: 'Pérez', dni: '30123456' });
    const { rows } = await ctx.pool.query('select approved, is_admin, is_super_admin, saldo_puntos from profiles where id = $1', [id]);
    expect(rows[0]).toEqual({ approved: false, is_admin: false, is_super_admin: false, saldo_puntos: 0 });
    const { rows: users } = await ctx.pool.query('select metadata from users where id = $1', [id]);
    expect(Object.keys(users[0].metadata).sort()).toEqual(['apellido', 'dni', 'nombre']);
  });

  it.each([
    ['no e-mail', { password: 'una-clave-bastante-larga', data: validBody().data }],
    ['no password', { email: uniqueEmail(), data: validBody().data }],
    ['empty e-mail and password', { email: '', password: '', data: validBody().data }],
    ['empty body', {}],
  ])('answers the spec message verbatim with %s', async (_label, body) => {
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'You must provide either an email or phone number and a password' });
  });

  it.each([
    ['a password under 8 characters', { password: 'corta1' }, messages.accountRules.passwordTooShort],
    ['a malformed e-mail', { email: 'no-es-un-correo' }, messages.accountRules.invalidEmail],
    ['a 6-digit DNI', { data: { nombre: 'Ana', apellido: 'Gómez', dni: '123456' } }, messages.accountRules.invalidDni],
    ['a 9-digit DNI', { data: { nombre: 'Ana', apellido: 'Gómez', dni: '123456789' } }, messages.accountRules.invalidDni],
    ['a DNI with dots', { data: { nombre: 'Ana', apellido: 'Gómez', dni: '30.123.456' } }, messages.accountRules.invalidDni],
    ['no nombre', { data: { apellido: 'Gómez', dni: '30123456' } }, messages.accountRules.nombreRequired],
  ])('refuses %s with a Spanish 400 and writes nothing', async (_label, override, message) => {
    const body = { ...validBody(), ...override };
    const before = await countRows('users');
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    expect(await countRows('users')).toBe(before);
  });

  it('accepts a 7-digit DNI', async () => {
    const res = await signUp({ ...validBody(), data: { nombre: 'Ana', apellido: 'Gómez', dni: '1234567' } });
    expect(res.statusCode).toBe(200);
  });

  it.each(['password123', 'Argentina123', 'contraseña'])('refuses the common password %s with 422 weak_password', async (password) => {
    const res = await signUp({ ...validBody(), password });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'weak_password', message: messages.accountRules.passwordTooCommon });
  });

  // The abuse-limits work (decision 010) changed this: a registered address used to get 422 (then 409) user_already_exists,
  // which told anyone who was a customer. Now the answer is the new-account one, and the owner
  // hears about it by e-mail.
  it('answers a registered address exactly like a new one, e-mails the owner "ya tenés una cuenta" and leaves the account untouched', async () => {
    const email = uniqueEmail('dup');
    const first = await signUp(validBody(email));
    expect(first.statusCode).toBe(200);
    await waitForMail(ctx.outboxDir, email, 1);
    await ctx.pool.query('update users set email_verified_at = now() where email = $1', [email]);
    const tokensBefore = await countRows('email_tokens');
    const second = await signUp({ ...validBody(` ${email.toUpperCase()} `), data: { nombre: 'Otro', apellido: 'Nombre', dni: '22333444' } });
    const freshEmail = uniqueEmail('nueva');
    const fresh = await signUp({ ...validBody(freshEmail), data: { nombre: 'Otro', apellido: 'Nombre', dni: '22333444' } });
    expect(second.statusCode).toBe(200);
    expect(Object.keys(second.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(Object.keys(second.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(second.json().user).toMatchObject({ email, user_metadata: { nombre: 'Otro', apellido: 'Nombre', dni: '22333444' } });
    expect(second.json().user.id).not.toBe(first.json().user.id);
    expect(await countRows('users', email)).toBe(1);
    expect(await countRows('profiles', email)).toBe(1);
    const { rows } = await ctx.pool.query('select nombre from profiles where email = $1', [email]);
    expect(rows[0].nombre).toBe('Lucía');

    const notice = await waitForMail(ctx.outboxDir, email, 2);
    await waitForMail(ctx.outboxDir, freshEmail, 1);
    expect(notice.subject).toBe(messages.emails.accountExistsSubject(ctx.config.catalogName));
    expect(notice.text).toContain('ya tenés una cuenta');
    expect(notice.text).toContain('Hola, Lucía:');
    expect(notice.text).not.toContain('Otro');
    // No link that grants anything: no token was made for the stranger's request.
    expect(await countRows('email_tokens')).toBe(tokensBefore + 1); // the fresh address's own verification
  });

  it('a registered but never verified address gets a new verification link instead', async () => {
    const email = uniqueEmail('sinverificar');
    expect((await signUp(validBody(email))).statusCode).toBe(200);
    const firstMail = await waitForMail(ctx.outboxDir, email, 1);
    expect((await signUp(validBody(email))).statusCode).toBe(200);
    const secondMail = await waitForMail(ctx.outboxDir, email, 2);
    expect(secondMail.subject).toBe(firstMail.subject);
    expect(tokenFromMail(secondMail, '/verificar-correo')).not.toBe(tokenFromMail(firstMail, '/verificar-correo'));
  });

  it('handles simultaneous sign-ups with one e-mail: one account, every answer 200, no 5xx', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([signUp(validBody(email)), signUp(validBody(email)), signUp(validBody(email))]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await countRows('users', email)).toBe(1);
    expect(await countRows('profiles', email)).toBe(1);
  });

  it('never answers 5xx to malformed JSON, wrong types, huge strings or extra fields', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('malformed_json');
    for (const body of [
      { email: 42, password: ['x'], data: 'nada' },
      { ...validBody(), password: 'x'.repeat(10_000) },
      { ...validBody(), email: `${'a'.repeat(300)}@example.com` },
      { ...validBody(), data: { nombre: 'n'.repeat(5000), apellido: 'A', dni: '30123456' } },
      [validBody()],
      null,
    ]) {
      const res = await signUp(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('e-mail verification', () => {
  async function signUpAndGetToken(email = uniqueEmail('verif')) {
    expect((await signUp(validBody(email))).statusCode).toBe(200);
    const mail = await waitForMail(ctx.outboxDir, email);
    return { email, mail, token: tokenFromMail(mail, '/verificar-correo') };
  }

  it('sends a Spanish e-mail with a link to APP_URL/verificar-correo, stores only a hash of the token', async () => {
    const { mail, token, email } = await signUpAndGetToken();
    expect(mail.subject).toBe(messages.emails.verifySubject('Catálogo Mayorista'));
    expect(mail.text).toContain(`https://tienda.example.com/verificar-correo?token=${token}`);
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.html).toContain('href="https://tienda.example.com/verificar-correo?token=');
    const { rows } = await ctx.pool.query(
      `select t.token_hash, t.purpose, extract(epoch from (t.expires_at - t.created_at))::int as ttl
         from email_tokens t join users u on u.id = t.user_id where u.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].purpose).toBe('verify_email');
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].ttl).toBe(24 * 3600);
  });

  it('refuses sign-in before verification with 403 email_not_confirmed', async () => {
    const { email } = await signUpAndGetToken();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email, password: 'una-clave-bastante-larga' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'email_not_confirmed', message: messages.auth.emailNotVerified });
  });

  it('verifies once, signs in with a session, and answers the same link again with "ya está verificado" (no session)', async () => {
    const { email, token } = await signUpAndGetToken();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.statusCode).toBe(200);
    const { rows } = await ctx.pool.query('select email_verified_at from users where email = $1', [email]);
    expect(rows[0].email_verified_at).toBeInstanceOf(Date);

    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'email_already_verified', message: messages.accountRules.emailAlreadyVerified });

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email, password: 'una-clave-bastante-larga' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an expired link with 400 token_expired and leaves the account unverified', async () => {
    const { email, token } = await signUpAndGetToken();
    await ctx.pool.query(
      `update email_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)`,
      [email],
    );
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'token_expired', message: messages.accountRules.tokenExpired });
    const { rows } = await ctx.pool.query('select email_verified_at from users where email = $1', [email]);
    expect(rows[0].email_verified_at).toBeNull();
  });

  it('refuses an unknown token with 400 invalid_token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: 'no-existe' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
  });

  it('lets two simultaneous clicks on one link verify only once', async () => {
    const { token } = await signUpAndGetToken();
    const results = await Promise.all([1, 2, 3].map(() => ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } })));
    // The two that came second find the address verified: "ya está verificado", not "invalid link".
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('answers a link opened again (a mail app opened it first) with 409 email_already_verified and no session', async () => {
    const { token } = await signUpAndGetToken();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } })).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'email_already_verified', message: messages.accountRules.emailAlreadyVerified });
    expect(again.json()).not.toHaveProperty('access_token');
  });

  it('resend always answers { ok: true }, mails a new link only to unverified accounts, and retires the old link', async () => {
    const { email, token: firstToken } = await signUpAndGetToken();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend', payload: { email: ` ${email.toUpperCase()} ` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const second = tokenFromMail(await waitForMail(ctx.outboxDir, email, 2), '/verificar-correo');
    expect(second).not.toBe(firstToken);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: firstToken } });
    expect(old.json().code).toBe('invalid_token');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: second } })).statusCode).toBe(200);

    // Verified now: a resend is accepted but sends nothing.
    const afterVerified = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend', payload: { email } });
    expect(afterVerified.json()).toEqual({ ok: true });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend', payload: { email: uniqueEmail('nadie') } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await readMails(ctx.outboxDir, email)).toHaveLength(2);
  });
});
