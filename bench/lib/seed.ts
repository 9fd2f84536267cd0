import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { signAccessToken } from '../../apps/server/src/lib/access-token';

export interface BenchDataset {
  customers: { id: string; token: string }[];
  admin: { id: string; token: string };
  hotProductId: string;
  hotStock: number;
  otherProductIds: string[];
}

const CATEGORIES = ['Almacén', 'Bebidas', 'Limpieza', 'Perfumería', 'Lácteos', 'Congelados'];
const WORDS = ['Yerba', 'Azúcar', 'Harina', 'Fideos', 'Arroz', 'Aceite', 'Galletitas', 'Café', 'Té', 'Jabón', 'Detergente', 'Lavandina', 'Gaseosa', 'Agua', 'Vino', 'Cerveza', 'Shampoo', 'Ñoquis', 'Dulce de leche', 'Mermelada'];

/**
 * A realistic dataset: 5,000 products (a third with tiers of the three kinds, some on sale, a few
 * disabled), 2,000 approved customers with sessions, 20,000 past orders. Bulk SQL
 * (generate_series) keeps seeding to seconds.
 */
/**
 * A settled database, as a live shop's is: vacuumed and analysed (autovacuum has nothing left to
 * clean up after earlier rows during the next measurement) and its dirty pages written out.
 */
export async function settleDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('vacuum analyze');
  await checkpoint(pool);
}

let checkpointRefusedSaid = false;

/**
 * CHECKPOINT, where the bench's role may run it. On a PostgreSQL of one's own (BENCH_DATABASE_URL)
 * an ordinary role may not (superuser or pg_checkpoint only): the run goes on without it, said once,
 * since the checkpoint only keeps the dirty pages of one phase out of the next one's timing.
 */
export async function checkpoint(pool: pg.Pool): Promise<void> {
  try {
    await pool.query('checkpoint');
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    if (!checkpointRefusedSaid) {
      checkpointRefusedSaid = true;
      process.stdout.write('  (sin CHECKPOINT: el rol de la base no puede hacerlo; GRANT pg_checkpoint TO el rol para fases más parejas)\n');
    }
  }
}

export async function seedBenchDataset(pool: pg.Pool, secret: Uint8Array, opts = { products: 5000, customers: 2000, orders: 20000 }): Promise<BenchDataset> {
  const passwordHash = await hashPassword('Clave-Bench-2026');
  await insertBenchProducts(pool, 1, opts.products);
  const hotStock = 1_000_000;
  const { rows: hot } = await pool.query(
    `insert into products (name, price, retail_price, stock, category, discounts)
     values ('Producto Caliente Bench', 150000, 190000, $1, 'Almacén', '[{"minQuantity":6,"discountType":"percentage","discountValue":5}]')
     returning id`,
    [hotStock],
  );
  const { rows: others } = await pool.query(
    `select id from products where is_enabled and has_unlimited_stock order by id limit 200`,
  );

  const { rows: customers } = await pool.query(
    `with u as (
       insert into users (email, password_hash, email_verified_at, metadata)
       select 'cliente' || i || '@bench.local', $2, now(), jsonb_build_object('nombre', 'Cliente', 'apellido', 'N' || i)
       from generate_series(1, $1::int) i returning id, email
     )
     insert into profiles (id, nombre, apellido, email, dni, approved, saldo_puntos)
     select id, 'Cliente', split_part(email, '@', 1), email, lpad((10000000 + row_number() over ())::text, 8, '0'), true, 100000000
     from u returning id`,
    [opts.customers, passwordHash],
  );
  const { rows: adminRows } = await pool.query(
    `with u as (insert into users (email, password_hash, email_verified_at) values ('admin@bench.local', $1, now()) returning id)
     insert into profiles (id, nombre, apellido, email, dni, approved, is_admin, is_super_admin)
     select id, 'Admin', 'Bench', 'admin@bench.local', '99999999', true, true, true from u returning id`,
    [passwordHash],
  );

  // Past orders: spread over customers and the last year, 1–5 lines each.
  await pool.query(
    `insert into orders (user_id, user_info, items, total, total_savings, status, observaciones, created_at)
     select ids.arr[1 + i % array_length(ids.arr, 1)],
            jsonb_build_object('nombre', 'Cliente', 'apellido', 'Hist', 'email', 'hist@bench.local', 'dni', '12345678'),
            jsonb_build_array(jsonb_build_object('product_id', $2::uuid, 'name', 'Producto histórico', 'quantity', 1 + i % 5,
              'price', 150000, 'total', 150000 * (1 + i % 5), 'discounts', jsonb_build_object('base_price', 150000, 'savings', 0, 'applied', 'none', 'tier', null))),
            150000 * (1 + i % 5), 0,
            (array['Pendiente','Confirmado','Preparado','Entregado','Cancelado'])[1 + i % 5],
            '', now() - (i || ' minutes')::interval
     from generate_series(1, $1::int) i,
          (select array_agg(id) as arr from profiles where not is_admin) ids`,
    [opts.orders, hot[0].id],
  );

  const tokens = async (userId: string, email: string) => {
    const sessionId = randomUUID();
    await pool.query(`insert into sessions (id, user_id) values ($1, $2)`, [sessionId, userId]);
    return (await signAccessToken({ sub: userId, sid: sessionId, email }, secret, 6 * 3600)).token;
  };
  const customerTokens = [];
  for (const c of customers.slice(0, 64)) customerTokens.push({ id: c.id as string, token: await tokens(c.id, 'c@bench.local') });
  // A live shop's tables have been vacuumed and its dirty pages written out. Without this, the
  // autovacuum of 25,000 freshly inserted rows and the first checkpoint land in whichever run
  // comes first and halve it (measured: orders 0.44× in a first run, 0.87× once vacuumed).
  await settleDatabase(pool);
  return {
    customers: customerTokens,
    admin: { id: adminRows[0].id, token: await tokens(adminRows[0].id, 'admin@bench.local') },
    hotProductId: hot[0].id,
    hotStock,
    otherProductIds: others.map((r) => r.id as string),
  };
}

/**
 * Products numbered `first`…`last` (names "Yerba 123 x 4 u." and SKUs "SKU-123" are unique per
 * number, so a catalogue can be grown in steps): a third with tiers of the three kinds, a tenth on
 * sale, a seventh with unlimited stock, 2 % disabled.
 */
export async function insertBenchProducts(pool: pg.Pool, first: number, last: number): Promise<void> {
  await pool.query(
    `insert into products (name, price, retail_price, on_sale, sale_price, discounts, stock, has_unlimited_stock, is_enabled, category, sku)
     select
       (array[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (i % ${WORDS.length})] || ' ' || i || ' x ' || (1 + i % 12) || ' u.',
       price, price * 125 / 100,
       i % 10 = 0, case when i % 10 = 0 then price * 90 / 100 end,
       case i % 3
         when 0 then jsonb_build_array(jsonb_build_object('minQuantity', 6, 'discountType', 'percentage', 'discountValue', 5),
                                       jsonb_build_object('minQuantity', 12, 'discountType', 'percentage', 'discountValue', 10))
         when 1 then jsonb_build_array(jsonb_build_object('minQuantity', 10, 'discountType', 'fixed', 'discountValue', price / 20),
                                       jsonb_build_object('minQuantity', 24, 'discountType', 'final_price', 'discountValue', price * 85 / 100))
         else '[]'::jsonb end,
       100 + i % 400, i % 7 = 0, i % 50 <> 0,
       (array[${CATEGORIES.map((c) => `'${c}'`).join(',')}])[1 + (i % ${CATEGORIES.length})],
       'SKU-' || i
     from (select i, (50000 + (i * 7919) % 900000)::bigint as price from generate_series($1::int, $2::int) as i) s`,
    [first, last],
  );
}
