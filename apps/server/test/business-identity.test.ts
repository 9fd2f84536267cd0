import { randomBytes, randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, messages } from '@mayorista/core';
import { createAdmin, createVerifiedUser, DEFAULT_TEST_PASSWORD, setupTestAppWithOutbox } from './factories';
import { createProduct, setCart } from './orders-fixtures';

// The business-identity work (docs/decisions/017) against real PostgreSQL: sign-up, Mi cuenta, the order
// snapshot and the admin customer page, with every "bad input" of the issue.
const ctx = await setupTestAppWithOutbox({ env: { RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_EMAIL_MAX: '1000' } });

/** A fresh valid CUIT (type 30), so tests never collide on the unique index. */
function freshCuit(): string {
  for (;;) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) return first10 + String(digit);
  }
}
const dashed = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
const uniqueEmail = () => `negocio-${randomBytes(5).toString('hex')}@example.com`;

const business = (cuit = freshCuit()) => ({
  razon_social: 'Almacén Don José SRL',
  cuit: dashed(cuit),
  iva_condition: 'responsable_inscripto',
  whatsapp: '011 15-1234-5678',
  address_street: 'Av. Corrientes 1234',
  address_city: 'Buenos Aires',
  address_province: 'AR-C',
  address_postal_code: 'c1043aaz',
  delivery_notes: 'Timbre 2B, de 8 a 13',
});

const signUp = (email: string, data: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'una-clave-bastante-larga', data: { nombre: 'José', apellido: 'Gómez', dni: '30123456', ...data } },
  });

const profileRow = async (id: string) =>
  (await ctx.pool.query(`select * from profiles where id = $1`, [id])).rows[0] as Record<string, unknown>;
const countUsers = async (email: string) => (await ctx.pool.query(`select count(*)::int n from users where email = $1`, [email])).rows[0].n as number;

/** The "Bad input" list, each with the Spanish message the caller must get. */
const BAD_INPUT: [string, Record<string, unknown>, string][] = [
  ['a wrong check digit', { cuit: '20-12345678-0' }, 'El CUIT no es válido: revisá el dígito verificador.'],
  ['10 digits', { cuit: '20-1234567-8' }, messages.business.cuitFormat],
  ['12 digits', { cuit: '20-123456789-1' }, messages.business.cuitFormat],
  ['letters', { cuit: '2O-12345678-6' }, messages.business.cuitFormat],
  ['an unknown IVA condition', { iva_condition: 'inscripto' }, messages.business.ivaConditionInvalid],
  ['an unknown province', { address_province: 'Córdoba' }, messages.business.provinceInvalid],
  ['a phone that is not Argentine', { whatsapp: '+1 415 555 2671' }, messages.business.whatsappInvalid],
  ['a Uruguayan phone', { whatsapp: '+598 99 123 456' }, messages.business.whatsappInvalid],
  ['a bad postal code', { address_postal_code: '12' }, messages.business.postalCodeInvalid],
];

describe('sign-up with business data', () => {
  it('stores every field normalised in the profile, and only the personal fields in user_metadata', async () => {
    const email = uniqueEmail();
    const cuit = freshCuit();
    const res = await signUp(email, business(cuit));
    expect(res.statusCode).toBe(200);
    const id = res.json().user.id as string;
    expect(res.json().user.user_metadata).toEqual({ nombre: 'José', apellido: 'Gómez', dni: '30123456' });
    expect(await profileRow(id)).toMatchObject({
      razon_social: 'Almacén Don José SRL',
      cuit,
      iva_condition: 'responsable_inscripto',
      whatsapp: '5491112345678',
      address_street: 'Av. Corrientes 1234',
      address_city: 'Buenos Aires',
      address_province: 'AR-C',
      address_postal_code: 'C1043AAZ',
      delivery_notes: 'Timbre 2B, de 8 a 13',
      admin_notes: null,
      approved: false,
    });
  });

  it.each(BAD_INPUT)('refuses %s with a Spanish message and creates nothing', async (_label, field, message) => {
    const email = uniqueEmail();
    const res = await signUp(email, { ...business(), ...field });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses a CUIT another account uses (409, with or without dashes) and creates nothing', async () => {
    const cuit = freshCuit();
    expect((await signUp(uniqueEmail(), business(cuit))).statusCode).toBe(200);
    const email = uniqueEmail();
    const res = await signUp(email, { ...business(), cuit });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'cuit_taken', message: messages.business.cuitTaken });
    expect(await countUsers(email)).toBe(0);
  });

  it('still accepts the seed fields alone (such an account completes its data later)', async () => {
    const res = await signUp(uniqueEmail(), {});
    expect(res.statusCode).toBe(200);
    expect(await profileRow(res.json().user.id)).toMatchObject({ cuit: null, razon_social: null });
  });
});

describe('GET and PATCH /api/me', () => {
  it('answers an unapproved, older account with what it still has to complete', async () => {
    const user = await createVerifiedUser(ctx, { approved: false });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({ id: user.userId, approved: false, cuit: null, razon_social: null });
    expect(me.missing_business_fields).toEqual([
      'razon_social',
      'cuit',
      'iva_condition',
      'whatsapp',
      'address_street',
      'address_city',
      'address_province',
      'address_postal_code',
    ]);
    expect(me).not.toHaveProperty('admin_notes');
  });

  it('saves the business data, normalised, and then nothing is missing', async () => {
    const user = await createVerifiedUser(ctx);
    const cuit = freshCuit();
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload: business(cuit) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cuit, whatsapp: '5491112345678', address_postal_code: 'C1043AAZ', missing_business_fields: [] });
    // One field at a time also works; emptying the notes stores null.
    const res2 = await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload: { delivery_notes: '  ' } });
    expect(res2.json()).toMatchObject({ delivery_notes: null, cuit });
  });

  it('changes none of price_list_id, approved, saldo_puntos, roles or admin notes, whatever the body says', async () => {
    const user = await createVerifiedUser(ctx, { approved: false, saldo_puntos: 1_000 });
    await ctx.pool.query(`update profiles set admin_notes = 'Debe dos facturas' where id = $1`, [user.userId]);
    const before = await profileRow(user.userId);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: user.headers,
      payload: {
        price_list_id: '00000000-0000-0000-0000-000000000001',
        approved: true,
        saldo_puntos: 9_999_999,
        is_admin: true,
        is_super_admin: true,
        admin_notes: 'Excelente cliente',
        email: 'otro@example.com',
        dni: '99999999',
        nombre: 'Otro',
      },
    });
    expect(res.statusCode).toBe(200);
    const after = await profileRow(user.userId);
    expect(after).toEqual(before);
    expect(res.json()).not.toHaveProperty('admin_notes');
  });

  it.each(BAD_INPUT)('refuses %s and changes nothing', async (_label, field, message) => {
    const user = await createVerifiedUser(ctx);
    await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload: business() });
    const before = await profileRow(user.userId);
    // A valid field next to the bad one is not saved either.
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: user.headers, payload: { razon_social: 'Otro nombre', ...field } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    expect(await profileRow(user.userId)).toEqual(before);
  });

  it('refuses another account\'s CUIT (409) and changes nothing', async () => {
    const owner = await createVerifiedUser(ctx);
    const cuit = freshCuit();
    await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: owner.headers, payload: { cuit } });
    const user = await createVerifiedUser(ctx);
    const before = await profileRow(user.userId);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: user.headers,
      payload: { razon_social: 'Copia SA', cuit: dashed(cuit) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'cuit_taken', message: 'Ese CUIT ya está registrado en otra cuenta.' });
    expect(await profileRow(user.userId)).toEqual(before);
    // Saving your own CUIT again is not a conflict.
    const again = await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: owner.headers, payload: { cuit: dashed(cuit) } });
    expect(again.statusCode).toBe(200);
  });

  it('asks for a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/me', payload: { razon_social: 'X SA' } })).statusCode).toBe(401);
  });
});

describe('POST /api/me/password', () => {
  const refresh = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=refresh_token', payload: { refresh_token: token } });
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password } });

  it('refuses a wrong current password (400, not 401) and changes nothing', async () => {
    const user = await createVerifiedUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: user.headers,
      payload: { current_password: 'no-es-esta', new_password: 'otra-clave-bien-larga' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'wrong_current_password', message: messages.accountRules.wrongCurrentPassword });
    expect((await signIn(user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const user = await createVerifiedUser(ctx);
    const other = (await signIn(user.email, DEFAULT_TEST_PASSWORD)).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: user.headers,
      payload: { current_password: DEFAULT_TEST_PASSWORD, new_password: 'otra-clave-bien-larga' },
    });
    expect(res.statusCode).toBe(204);
    // The other device is out: its access token and its refresh token stop working.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${other.access_token}` } })).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(400);
    // This device stays signed in.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(200);
    expect((await refresh(user.session.refresh_token)).statusCode).toBe(200);
    expect((await signIn(user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(400);
    expect((await signIn(user.email, 'otra-clave-bien-larga')).statusCode).toBe(200);
  });

  it('refuses a short or common new password and keeps the old one', async () => {
    const user = await createVerifiedUser(ctx);
    for (const new_password of ['corta', 'password123']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: user.headers,
        payload: { current_password: DEFAULT_TEST_PASSWORD, new_password },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await signIn(user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the order snapshot (user_info) and its documents', () => {
  it('records the business data at order time; the PDF, CSV and WhatsApp text carry it; a later edit does not rewrite it', async () => {
    const customer = await createVerifiedUser(ctx, { nombre: 'Rosa', apellido: 'Ibáñez' });
    const cuit = freshCuit();
    await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: customer.headers, payload: business(cuit) });
    const product = await createProduct(ctx, { name: `Yerba ${randomBytes(3).toString('hex')}`, price: 1_000_00, stock: 50 });
    await setCart(ctx, customer.userId, { [product.id]: 2 });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { items: [{ product_id: product.id, quantity: 2 }], observaciones: '' },
    });
    expect(placed.statusCode).toBe(201);
    const { order, whatsapp_url } = placed.json();
    expect(order.user_info).toMatchObject({
      nombre: 'Rosa',
      razon_social: 'Almacén Don José SRL',
      cuit,
      iva_condition: 'responsable_inscripto',
      whatsapp: '5491112345678',
      address_province: 'AR-C',
    });
    const text = new URL(whatsapp_url).searchParams.get('text') ?? '';
    expect(text).toContain(`*CUIT:* ${dashed(cuit)}`);
    expect(text).toContain('*Condición frente al IVA:* Responsable Inscripto');

    await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: customer.headers, payload: { razon_social: 'Nombre Nuevo SA' } });
    const admin = await createAdmin(ctx);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin.headers });
    expect(read.json().user_info.razon_social).toBe('Almacén Don José SRL');

    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/pdf`, headers: customer.headers });
    expect(pdf.statusCode).toBe(200);
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(pdfText).toContain(dashed(cuit));
    expect(pdfText).toContain('Almacén Don José SRL');
    expect(pdfText).toContain('Responsable Inscripto');
    expect(pdfText).toContain('Av. Corrientes 1234');

    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv?customer=Rosa`, headers: admin.headers });
    expect(csv.body).toContain(`"${dashed(cuit)}"`);
    expect(csv.body).toContain('"Responsable Inscripto"');
  });

  it('an order from before the business-identity work (decisions 017–019) (four keys in user_info) still reads, prints and exports', async () => {
    const customer = await createVerifiedUser(ctx, { nombre: 'Viejo' });
    const { rows } = await ctx.pool.query(
      `insert into orders (user_id, user_info, items, total, status) values ($1, $2::jsonb, $3::jsonb, 100, 'Pendiente') returning id`,
      [
        customer.userId,
        JSON.stringify({ nombre: 'Viejo', apellido: 'Pedido', email: customer.email, dni: '12345678' }),
        JSON.stringify([
          {
            product_id: '00000000-0000-0000-0000-000000000001',
            name: 'Arroz',
            quantity: 1,
            price: 100,
            total: 100,
            discounts: { base_price: 100, savings: 0, applied: 'none', tier: null },
          },
        ]),
      ],
    );
    const admin = await createAdmin(ctx);
    const id = rows[0].id as string;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${id}/pdf`, headers: admin.headers })).statusCode).toBe(200);
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv?customer=Viejo`, headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"Viejo"');
  });
});

describe('the admin customer page', () => {
  it('shows the data, the private notes (admins only) and the latest orders; notes are editable', async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx);
    const cuit = freshCuit();
    await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: customer.headers, payload: business(cuit) });
    const notes = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${customer.userId}/notes`,
      headers: admin.headers,
      payload: { admin_notes: '  Paga a 30 días. No entregar los lunes.  ' },
    });
    expect(notes.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customer.userId}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: customer.userId,
      cuit,
      razon_social: 'Almacén Don José SRL',
      admin_notes: 'Paga a 30 días. No entregar los lunes.',
      orders_count: 0,
      recent_orders: [],
      missing_business_fields: [],
    });
    // The customer never sees them: not in Mi cuenta, not in the profile, and not through the admin route.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: customer.headers });
    expect(JSON.stringify(me.json())).not.toContain('Paga a 30');
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/profiles/${customer.userId}`, headers: customer.headers });
    expect(JSON.stringify(profile.json())).not.toContain('Paga a 30');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customer.userId}`, headers: customer.headers })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/notes`, headers: customer.headers, payload: { admin_notes: 'x' } })).statusCode,
    ).toBe(403);
    // Empty notes clear them; too long ones change nothing.
    const tooLong = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${customer.userId}/notes`,
      headers: admin.headers,
      payload: { admin_notes: 'x'.repeat(4001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await profileRow(customer.userId)).admin_notes).toBe('Paga a 30 días. No entregar los lunes.');
    const cleared = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${customer.userId}/notes`, headers: admin.headers, payload: { admin_notes: '' } });
    expect(cleared.json().admin_notes).toBeNull();
  });

  it('answers 404 for an unknown customer', async () => {
    const admin = await createAdmin(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${randomUUID()}`, headers: admin.headers });
    expect(res.statusCode).toBe(404);
  });

  it('GET /api/admin/users?search= finds a customer by CUIT with or without dashes, razón social, e-mail and name', async () => {
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx, { nombre: 'Eustaquio', apellido: 'Zárate' });
    const cuit = freshCuit();
    const razon = `Ferretería Ñandú ${randomBytes(3).toString('hex')}`;
    await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: customer.headers, payload: { ...business(cuit), razon_social: razon } });
    const search = async (term: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(term)}`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: string; cuit: string | null; razon_social: string | null }[]).map((u) => u.id);
    };
    for (const term of [cuit, dashed(cuit), `${cuit.slice(0, 2)} ${cuit.slice(2, 10)} ${cuit.slice(10)}`, dashed(cuit).slice(0, 9), razon, razon.toUpperCase().replace('Ñ', 'N').replace('í', 'i'), customer.email, 'eustaquio zarate'.split(' ')[1]!]) {
      expect(await search(term), term).toContain(customer.userId);
    }
    expect(await search(dashed(freshCuit()))).not.toContain(customer.userId);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/admin/users?search=${cuit}`, headers: admin.headers });
    expect(list.json().items[0]).toMatchObject({ cuit, razon_social: razon });
  });

  it('the search is served by the trigram index, not by unaccenting every row', async () => {
    const { rows } = await ctx.pool.query(
      `select indexdef from pg_indexes where tablename = 'profiles' and indexname in ('profiles_search_trgm_idx', 'profiles_cuit_key') order by indexname`,
    );
    expect(rows.map((r) => r.indexdef)).toEqual([
      expect.stringContaining('UNIQUE INDEX profiles_cuit_key'),
      expect.stringContaining('gin (search_text gin_trgm_ops)'),
    ]);
    const client = await ctx.pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      const plan = await client.query(`explain select id from profiles where search_text like lower(public.immutable_unaccent('%almacen%'))`);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('profiles_search_trgm_idx');
    } finally {
      client.release();
    }
  });
});
