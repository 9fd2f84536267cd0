import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_TABLES, EPHEMERAL_TABLES, backupDatabase, restoreDatabase } from '../src/db/backup';
import { createPool } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { ensureBuilt, serverDir } from './built-server';
import { createTestDatabase, setupTestApp } from './helpers';

const ctx = await setupTestApp();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-backup-'));
// As root the embedded server runs as `postgres`, which must be able to traverse to its data.
chmodSync(workDir, 0o755);

/** Every row of every application table, in a stable order, as JSON text. */
async function snapshot(pool: pg.Pool): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of BACKUP_TABLES) {
    const { rows } = await pool.query(`select coalesce(jsonb_agg(to_jsonb(t) order by t.${t.key}), '[]')::text as j from ${t.name} t`);
    out[t.name] = rows[0].j;
  }
  return out;
}

async function populate(pool: pg.Pool) {
  const users = [];
  for (let i = 0; i < 3; i++) {
    const { rows } = await pool.query(
      `insert into users (email, password_hash, email_verified_at, metadata) values ($1, 'argon-hash', now(), $2) returning id`,
      [`cliente${i}@ejemplo.com`, JSON.stringify({ nombre: `Ñandú ${i}`, apellido: 'Pérez' })],
    );
    users.push(rows[0].id as string);
    await pool.query(`insert into profiles (id, nombre, apellido, email, dni, approved, saldo_puntos) values ($1, $2, 'Pérez', $3, '3012345${i}', true, $4)`, [
      rows[0].id,
      `Ñandú ${i}`,
      `cliente${i}@ejemplo.com`,
      123456 * (i + 1),
    ]);
  }
  const session = randomUUID();
  await pool.query(`insert into sessions (id, user_id) values ($1, $2)`, [session, users[0]]);
  await pool.query(`insert into refresh_tokens (session_id, token_hash) values ($1, 'h1'), ($1, 'h2')`, [session]);
  await pool.query(`insert into email_tokens (user_id, purpose, token_hash, expires_at) values ($1, 'verify_email', 'e1', now() + interval '1 day')`, [users[1]]);
  await pool.query(`insert into points_movements (profile_id, actor_id, kind, reason, amount, balance) values ($1, $2, 'admin_adjustment', 'Bonificación "especial"', 5000, 5000)`, [users[1], users[0]]);
  const { rows: products } = await pool.query(
    `insert into products (name, price, retail_price, discounts, stock, category, description)
     values ('Azúcar 1 kg', 119000, 149000, '[{"minQuantity":10,"discountType":"percentage","discountValue":7.5}]', 12, 'Almacén', e'línea 1\\nlínea 2'),
            ('Lavandina', 139000, 179000, '[]', 0, 'Limpieza', null) returning id`,
  );
  await pool.query(`insert into cart (user_id, cart_data) values ($1, $2)`, [users[2], JSON.stringify({ [products[0].id]: 3 })]);
  const item = { product_id: products[0].id, name: 'Azúcar 1 kg', quantity: 2, price: 119000, total: 238000, discounts: {} };
  await pool.query(
    `insert into orders (user_id, user_info, items, total, status, observaciones, idempotency_key)
     values ($1, $2, $3, 238000, 'Pendiente', 'Entregar <b>antes</b> del mediodía', 'key-1')`,
    [users[0], JSON.stringify({ nombre: 'Ñandú 0', apellido: 'Pérez', email: 'cliente0@ejemplo.com', dni: '30123450' }), JSON.stringify([item])],
  );
  await pool.query(`update app_settings set value = '{"min_order_amount": 2500000}', updated_at = now(), updated_by = $1`, [users[0]]);
  // The business-identity work (decisions 017–019): a price list (restored before the profile that created it and the one assigned to it).
  const { rows: lists } = await pool.query(`insert into price_lists (name, percentage_bp, created_by) values ('Lista 2', -500, $1) returning id`, [users[0]]);
  await pool.query(`insert into price_list_items (list_id, product_id, price) values ($1, $2, 99000)`, [lists[0].id, products[0].id]);
  await pool.query(`update profiles set price_list_id = $1 where id = $2`, [lists[0].id, users[2]]);
}

beforeAll(() => populate(ctx.pool));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('backups', () => {
  it('copy every table of the application schema', async () => {
    const { rows } = await ctx.pool.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const copied = new Set<string>(BACKUP_TABLES.map((t) => t.name));
    expect(rows.map((r) => r.name).filter((name) => !copied.has(name) && !EPHEMERAL_TABLES.includes(name))).toEqual([]);
  });

  it('round-trips a populated database table by table, identical', async () => {
    const file = path.join(workDir, 'copia.jsonl.gz');
    const header = await backupDatabase(ctx.pool, file);
    expect(header.tables.orders).toBe(1);
    expect(header.tables.users).toBe(3);

    const target = await createTestDatabase();
    const targetPool = createPool(target.url, 2);
    try {
      await restoreDatabase(targetPool, file);
      expect(await snapshot(targetPool)).toEqual(await snapshot(ctx.pool));
      // Sequences continue after the restored ids instead of colliding with them.
      const { rows } = await targetPool.query(`insert into refresh_tokens (session_id, token_hash) select session_id, 'h3' from refresh_tokens limit 1 returning id`);
      expect(Number(rows[0].id)).toBeGreaterThan(2);
    } finally {
      await targetPool.end();
      await target.drop();
    }
  });

  it('refuses to restore over existing data and changes nothing', async () => {
    const file = path.join(workDir, 'copia2.jsonl.gz');
    await backupDatabase(ctx.pool, file);
    const before = await snapshot(ctx.pool);
    await expect(restoreDatabase(ctx.pool, file)).rejects.toThrow(/no está vacía/);
    expect(await snapshot(ctx.pool)).toEqual(before);
  });

  it('npm run db:backup / db:restore: from DATABASE_URL into an empty embedded data directory', async () => {
    ensureBuilt();
    const file = path.join(workDir, 'cli.jsonl.gz');
    const env = { ...process.env, LOG_LEVEL: 'silent' };
    const backup = spawnSync(process.execPath, ['dist/backup.js', 'backup', file], { cwd: serverDir, env: { ...env, DATABASE_URL: ctx.databaseUrl }, encoding: 'utf8' });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/Copia de seguridad guardada/);

    const dataDir = path.join(workDir, 'restaurada');
    const restore = spawnSync(process.execPath, ['dist/backup.js', 'restore', file], {
      cwd: serverDir,
      env: { ...env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(restore.status, restore.stderr).toBe(0);

    const embedded = await startEmbeddedPostgres({ dataDir, log: () => undefined });
    const pool = createPool(embedded.url, 2);
    try {
      expect(await snapshot(pool)).toEqual(await snapshot(ctx.pool));
    } finally {
      await pool.end();
      await embedded.stop();
    }
  }, 120_000);
});
