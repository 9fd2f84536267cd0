import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

// Source layout: src/db/migrate.ts → ./migrations. Bundled: dist/main.js → ./db/migrations.
function migrationsFolder(): string {
  for (const candidate of ['./migrations', './db/migrations']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('No se encontró la carpeta de migraciones.');
}

// Any constant works; it only has to be the same for every app process.
const MIGRATION_LOCK_KEY = 727_274_001;

/** Applies committed SQL migrations. Several app processes may start together: an advisory lock serialises them. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
