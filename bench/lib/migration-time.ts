import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { ROOT } from './processes';

const MIGRATIONS = path.join(ROOT, 'apps/server/src/db/migrations');

/**
 * Brings a fresh database to the schema as it was before `firstNewTag` (a copy of the migrations
 * folder whose journal stops there), so a dataset can be seeded the way an existing shop has it and
 * the newer migrations then timed as the normal start-up would apply them.
 */
export async function migrateUpTo(pool: pg.Pool, firstNewTag: string): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-migrations-'));
  try {
    cpSync(MIGRATIONS, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const stop = journal.entries.findIndex((e) => e.tag === firstNewTag);
    if (stop < 0) throw new Error(`migration ${firstNewTag} not found`);
    journal.entries = journal.entries.slice(0, stop);
    writeFileSync(journalPath, JSON.stringify(journal));
    const client = await pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: dir });
    } finally {
      client.release();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
