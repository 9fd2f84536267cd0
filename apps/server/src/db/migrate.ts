import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The record of applied migrations is drizzle's (drizzle-orm's pg migrator wrote it until decision
 * 073, and tests still bring databases to an older schema with it): one row per migration with the
 * SHA-256 of its file and the journal's `when`; a migration is pending when its `when` is later
 * than the latest recorded.
 */
const RECORD_SCHEMA = 'drizzle';
const RECORD_TABLE = `${RECORD_SCHEMA}.__drizzle_migrations`;

interface Migration {
  tag: string;
  /** The whole file: its `--> statement-breakpoint` markers are SQL comments. */
  sql: string;
  hash: string;
  when: number;
}

function readMigrations(dir: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => {
    if (!Number.isSafeInteger(when)) throw new Error(`La migración ${tag} tiene una fecha inválida en el diario.`);
    const sql = readFileSync(path.join(dir, `${tag}.sql`), 'utf8');
    return { tag, sql, hash: createHash('sha256').update(sql).digest('hex'), when };
  });
}

/** drizzle-kit's marker between a migration's statements; drizzle's migrator runs each piece on its own. */
const BREAKPOINT = '--> statement-breakpoint';

/**
 * A migration's statements followed by its record, as one piece of a multi-statement query. Each
 * piece between markers is ended by a line break and a lone `;`, as if run on its own: a piece
 * without its own `;`, or with a comment on its last line, ends there as it did under drizzle.
 */
const withRecord = (m: Migration) =>
  `${m.sql.split(BREAKPOINT).join('\n;\n')}\n;\ninsert into ${RECORD_TABLE} ("hash", "created_at") values ('${m.hash}', ${m.when});\n`;

/** A failure of the connection itself (no SQLSTATE, or class 08): trying again on it names no migration. */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code !== 'string' || code.startsWith('08');
}

async function inTransaction(client: pg.PoolClient, work: () => Promise<unknown>): Promise<void> {
  await client.query('begin');
  try {
    await work();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Applies the pending migrations in order, in one transaction: all of them or none (a start cut
 * short leaves the database as it was, and the next start applies them again). They go to
 * PostgreSQL as one query, not one per statement, so the server works through them without
 * waiting for this process between statements while it builds the application (decision 073).
 * Should that query fail, the migrations are tried again one query each, still in one transaction,
 * so that the error names the migration that failed.
 */
async function applyPending(client: pg.PoolClient, pending: Migration[]): Promise<void> {
  try {
    await inTransaction(client, () => client.query(pending.map(withRecord).join('')));
    return;
  } catch (error) {
    if (isConnectionFailure(error)) throw error;
    // A statement failed: find which migration, below.
  }
  await inTransaction(client, async () => {
    for (const m of pending) {
      try {
        await client.query(withRecord(m));
      } catch (error) {
        throw new Error(`La migración ${m.tag} falló: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
  });
}

/**
 * Applies committed SQL migrations. Several app processes may start together: an advisory lock
 * serialises them. `folder` is for tests (a copy of the migrations with one more, or fewer).
 */
export async function runMigrations(pool: pg.Pool, folder = migrationsFolder()): Promise<void> {
  const migrations = readMigrations(folder);
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    const [, , latest] = (await client.query(
      `create schema if not exists ${RECORD_SCHEMA};
       create table if not exists ${RECORD_TABLE} (id serial primary key, hash text not null, created_at bigint);
       select created_at from ${RECORD_TABLE} order by created_at desc limit 1`,
    )) as unknown as [pg.QueryResult, pg.QueryResult, pg.QueryResult<{ created_at: string | null }>];
    const last = latest.rows[0];
    const pending = migrations.filter((m) => !last || Number(last.created_at) < m.when);
    if (pending.length > 0) await applyPending(client, pending);
  } finally {
    // A connection that cannot even unlock is broken: destroyed, not handed back to the pool.
    const broken = await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).then(
      () => undefined,
      (error: Error) => error,
    );
    client.release(broken);
  }
}
