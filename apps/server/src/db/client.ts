import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lowerPostgresBackendPriority } from '../lib/thread-priority';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

// bigint columns (money in centavos, counts) come back as strings by default; our amounts
// stay far below 2^53, so numbers are exact and far easier to work with.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPool(url: string, max = 20, onConnect?: (client: pg.ClientBase) => Promise<void>): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // A runaway query must not hold a connection (and its locks) forever.
    statement_timeout: 15_000,
    application_name: 'mayorista',
    // Awaited by the pool before a new connection is handed out.
    ...(onConnect ? { onConnect } : {}),
  });
  return guarded(pool);
}

/**
 * A pool for work that gives way to the customers' requests (the e-mail outbox, the catalogue
 * import): the PostgreSQL backend of each of its connections runs at the lowest CPU priority,
 * when the database is on this machine and the OS lets us lower it (lib/thread-priority.ts). The
 * thread that uses it lowers itself too; without its backend's share, half of its work (the
 * statements it sends) would still compete with the customers at full weight.
 */
export function createBackgroundPool(url: string, max: number): pg.Pool {
  if (!isOnThisMachine(url)) return createPool(url, max);
  // Asked before the connection is handed out, so the backend is lowered before the statement the
  // connection was opened for; queued beside that statement instead, pg warns that queueing goes
  // away in its next major version. Best effort: a failure leaves the priority as it was.
  return createPool(url, max, async (client) => {
    try {
      const { rows } = await client.query<{ pid: number; port: number | null }>('select pg_backend_pid() as pid, inet_client_port() as port');
      lowerPostgresBackendPriority({ pid: rows[0]!.pid, clientPort: rows[0]!.port });
    } catch {
      /* the backend keeps its priority */
    }
  });
}

/** A connection string to this machine: localhost, a loopback address or a Unix socket (`?host=/dir`). */
export function isOnThisMachine(url: string): boolean {
  const socket = /[?&]host=([^&]*)/.exec(url);
  if (socket) return decodeURIComponent(socket[1]!).startsWith('/');
  try {
    return ['', 'localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
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
