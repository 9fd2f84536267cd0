import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers';

const ctx = await setupTestApp();
let userId: string;

async function expectRejected(sql: string, params: unknown[] = []) {
  await expect(ctx.pool.query(sql, params)).rejects.toMatchObject({ code: expect.stringMatching(/^23/) });
}

const productSql = `insert into products (name, price, retail_price, stock, has_unlimited_stock, on_sale, sale_price, discounts)
  values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) returning id`;

beforeAll(async () => {
  const { rows } = await ctx.pool.query(`insert into users (email, password_hash) values ('c@x.co', 'h') returning id`);
  userId = rows[0].id;
  await ctx.pool.query(`insert into profiles (id, nombre, apellido, email, dni) values ($1, 'Ana', 'Paz', 'c@x.co', '12345678')`, [userId]);
});

describe('the schema makes bad states impossible', () => {
  it('refuses negative stock unless the product has unlimited stock', async () => {
    await expectRejected(productSql, ['Negativo', 100, 150, -1, false, false, null, '[]']);
    await expect(ctx.pool.query(productSql, ['Ilimitado', 100, 150, 0, true, false, null, '[]'])).resolves.toBeTruthy();
  });

  it('refuses prices of zero and sale prices not below the base price', async () => {
    await expectRejected(productSql, ['Gratis', 0, 150, 1, false, false, null, '[]']);
    await expectRejected(productSql, ['Oferta cara', 100, 150, 1, false, true, 100, '[]']);
    await expectRejected(productSql, ['Oferta sin precio', 100, 150, 1, false, true, null, '[]']);
  });

  it('keeps product names unique ignoring case and accents', async () => {
    await ctx.pool.query(productSql, ['Azúcar Ledesma', 100, 150, 1, false, false, null, '[]']);
    await expectRejected(productSql, ['AZUCAR ledesma', 100, 150, 1, false, false, null, '[]']);
  });

  it('refuses a negative points balance and a malformed DNI', async () => {
    await expectRejected(`update profiles set saldo_puntos = -1 where id = $1`, [userId]);
    await expectRejected(`update profiles set dni = '12ab' where id = $1`, [userId]);
  });

  it('keeps the business data (migration 0010) in the formats core produces, one account per CUIT', async () => {
    const set = (column: string, value: string) => ctx.pool.query(`update profiles set ${column} = $2 where id = $1`, [userId, value]);
    // The database's mod-11 agrees with core's: a right and a wrong check digit, 11 → 0, 10 → none.
    const { rows } = await ctx.pool.query(
      `select public.cuit_is_valid('20123456786') a, public.cuit_is_valid('20123456780') b, public.cuit_is_valid('00000000000') c,
              public.cuit_is_valid('10001000000') d, public.cuit_is_valid('2012345678') e, public.cuit_is_valid('20-12345678-6') f`,
    );
    expect(rows[0]).toEqual({ a: true, b: false, c: true, d: false, e: false, f: false });
    await expectRejected(`update profiles set cuit = '20123456780' where id = $1`, [userId]);
    await expectRejected(`update profiles set iva_condition = 'inscripto' where id = $1`, [userId]);
    await expectRejected(`update profiles set whatsapp = '1112345678' where id = $1`, [userId]);
    await expectRejected(`update profiles set address_province = 'Córdoba' where id = $1`, [userId]);
    await expectRejected(`update profiles set address_postal_code = 'c1425dkf' where id = $1`, [userId]);
    await expectRejected(`update profiles set razon_social = 'X' where id = $1`, [userId]);
    await set('cuit', '30712345671');
    await set('whatsapp', '5491112345678');
    await set('address_province', 'AR-C');
    const other = (await ctx.pool.query(`insert into users (email, password_hash) values ('cuit2@x.co', 'h') returning id`)).rows[0].id;
    await expectRejected(`insert into profiles (id, nombre, apellido, email, dni, cuit) values ($1, 'B', 'C', 'cuit2@x.co', '1234567', '30712345671')`, [other]);
    // Accounts without a CUIT (older ones) do not collide with each other.
    await expect(ctx.pool.query(`insert into profiles (id, nombre, apellido, email, dni) values ($1, 'B', 'C', 'cuit2@x.co', '1234567')`, [other])).resolves.toBeTruthy();
  });

  it('allows one cart per user with positive integer quantities only', async () => {
    const pid = randomUUID();
    await ctx.pool.query(`insert into cart (user_id, cart_data) values ($1, $2::jsonb)`, [userId, JSON.stringify({ [pid]: 3 })]);
    await expectRejected(`insert into cart (user_id, cart_data) values ($1, '{}'::jsonb)`, [userId]);
    for (const bad of [0, -2, 1.5, '3', 10001]) {
      await expectRejected(`update cart set cart_data = $2::jsonb where user_id = $1`, [userId, JSON.stringify({ [pid]: bad })]);
    }
  });

  it('refuses unknown order statuses, empty orders and non-positive quantities', async () => {
    const info = JSON.stringify({ nombre: 'Ana', apellido: 'Paz', email: 'c@x.co', dni: '12345678' });
    const item = (quantity: number) => JSON.stringify([{ product_id: randomUUID(), name: 'X', quantity, price: 100, total: 100 * quantity }]);
    const orderSql = `insert into orders (user_id, user_info, items, total, status) values ($1, $2::jsonb, $3::jsonb, $4, $5)`;
    await expect(ctx.pool.query(orderSql, [userId, info, item(1), 100, 'Pendiente'])).resolves.toBeTruthy();
    await expectRejected(orderSql, [userId, info, item(1), 100, 'Inventado']);
    await expectRejected(orderSql, [userId, info, '[]', 0, 'Pendiente']);
    await expectRejected(orderSql, [userId, info, item(0), 0, 'Pendiente']);
    await expectRejected(orderSql, [userId, info, item(1), -5, 'Pendiente']);
  });

  it('keeps e-mails normalised and unique', async () => {
    await expectRejected(`insert into users (email, password_hash) values ('Mayus@X.co', 'h')`);
    await expectRejected(`insert into users (email, password_hash) values ('c@x.co', 'h')`);
  });
});
