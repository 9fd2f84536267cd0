import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runMigrations } from '../src/db/migrate';
import { createTestDatabase } from './helpers';

const MIGRATIONS = path.join(import.meta.dirname, '../src/db/migrations');
const pools: pg.Pool[] = [];
const drops: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const pool of pools) await pool.end();
  for (const drop of drops) await drop();
});

/** An empty database of its own (not the migrated template). */
async function emptyDatabase(): Promise<pg.Pool> {
  const adminUrl = inject('pgAdminUrl');
  const name = `mig_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  drops.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const pool = new pg.Pool({ connectionString: adminUrl.replace(/\/[^/]+$/, `/${name}`), max: 2 });
  pools.push(pool);
  return pool;
}

/** What the schema is made of, in a form two databases can be compared by. */
async function schemaOf(pool: pg.Pool) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  return {
    columns: await q(`select table_schema, table_name, column_name, data_type, column_default, is_nullable, ordinal_position
                        from information_schema.columns where table_schema in ('public', 'drizzle') order by 1, 2, 7`),
    indexes: await q(`select schemaname, indexname, indexdef from pg_indexes where schemaname in ('public', 'drizzle') order by 1, 2`),
    constraints: await q(`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def
                            from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    functions: await q(`select proname, pg_get_function_identity_arguments(oid) as args, md5(prosrc) as body
                          from pg_proc where pronamespace = 'public'::regnamespace order by 1, 2`),
    triggers: await q(`select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2`),
    extensions: await q(`select extname from pg_extension order by 1`),
  };
}

const records = async (pool: pg.Pool) =>
  (await pool.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by id')).rows;

/** A copy of the migrations with `extra` appended to the journal (tag → SQL). */
function migrationsWith(extra: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mayorista-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  for (const [tag, sql] of Object.entries(extra)) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
    writeFileSync(path.join(dir, `${tag}.sql`), sql);
  }
  writeFileSync(journalPath, JSON.stringify(journal));
  drops.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('migrations at start-up', () => {
  it("build the same schema and the same records as drizzle's migrator, and a second run applies nothing", async () => {
    const [byDrizzle, byUs] = await Promise.all([emptyDatabase(), emptyDatabase()]);
    const client = await byDrizzle.connect();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS }).finally(() => client.release());
    await runMigrations(byUs);

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(await records(byUs)).toHaveLength(journal.entries.length);
    expect(await records(byUs)).toEqual(await records(byDrizzle));
    expect(await schemaOf(byUs)).toEqual(await schemaOf(byDrizzle));

    await runMigrations(byUs);
    expect(await records(byUs)).toHaveLength(journal.entries.length);
  });

  it('apply all pending migrations or none: a failing one is named, and the one before it is not kept either', async () => {
    const { url, drop } = await createTestDatabase();
    drops.push(drop);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    const before = await records(pool);
    const folder = migrationsWith({
      '9998_fine': 'create table migrate_test_fine (id int);',
      '9999_broken': 'create table migrate_test_broken (id int);\n--> statement-breakpoint\nselect 1 / 0;',
    });

    await expect(runMigrations(pool, folder)).rejects.toThrow(/La migración 9999_broken falló: division by zero/);
    expect(await records(pool)).toEqual(before);
    const { rows } = await pool.query(`select to_regclass('migrate_test_fine') as fine, to_regclass('migrate_test_broken') as broken`);
    expect(rows).toEqual([{ fine: null, broken: null }]);

    // Fixed, the next start applies both, in order, with their records.
    // Its first piece has no `;` of its own: the marker ends it, as drizzle's migrator ran each piece alone.
    writeFileSync(
      path.join(folder, '9999_broken.sql'),
      'alter table migrate_test_fine add column name text\n--> statement-breakpoint\nalter table migrate_test_fine add column note text; -- a comment on the last line',
    );
    await runMigrations(pool, folder);
    expect(await records(pool)).toHaveLength(before.length + 2);
    const { rows: columns } = await pool.query(`select column_name from information_schema.columns where table_name = 'migrate_test_fine' order by ordinal_position`);
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'name', 'note']);
  });
});
