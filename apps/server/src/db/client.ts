import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

// bigint columns (money in centavos, counts) come back as strings by default; our amounts
// stay far below 2^53, so numbers are exact and far easier to work with.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // A runaway query must not hold a connection (and its locks) forever.
    statement_timeout: 15_000,
    application_name: 'mayorista',
  });
  return guarded(pool);
}

/**
 * A pool to the same database as `like`, with its options, whose clients write each statement as
 * soon as it is queued instead of after the previous answer (pg's pipeline mode). For
 * `inPipelinedTransaction` only (decision 023): pipeline mode refuses cursors, and code that
 * awaits each statement gains nothing from it. `max` defaults to `like`'s.
 */
export function createPipelinedPool(like: pg.Pool, max = like.options.max): pg.Pool {
  return guarded(new pg.Pool({ ...like.options, max, pipeline: true }));
}

function guarded(pool: pg.Pool): pg.Pool {
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', () => undefined);
  // Nor a checked-out one: pg-pool removes its own listener while a client is lent, and a client
  // that loses its connection between queries (the e-mail worker holds its transaction open while
  // it sends) emits 'error' with nobody listening. The client's next query then fails, the caller
  // rolls back and releases it as broken.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}

/**
 * Drizzle over one transaction's connection: the plain-SQL ledgers (decision 009) and Drizzle
 * queries then share `inTransaction`'s client and commit together.
 */
export function databaseOn(client: pg.PoolClient): Database {
  return drizzle(client, { schema });
}
