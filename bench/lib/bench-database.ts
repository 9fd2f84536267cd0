import path from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { createOwnDatabase } from './own-database';
import { guardDatabase } from './processes';

/** The PostgreSQL the whole run uses: its URL, how to stop (or drop) it, and its postmaster's pid when the bench started it. */
export interface BenchDatabase {
  databaseUrl: string;
  stopDatabase(): Promise<void>;
  postgresPid(): number | null;
}

/** What every phase of a run shares: the database, the work directory and the server's core. */
export interface Bench extends BenchDatabase {
  cores: number;
  /** The core the servers run on (the load generator takes core 1), or null on a one-core machine. */
  serverCpu: number | null;
  workDir: string;
}

/** An embedded PostgreSQL in `workDir`, or a database of the run's own on an external one. */
export async function startBenchDatabase(workDir: string): Promise<BenchDatabase> {
  // An external PostgreSQL (BENCH_DATABASE_URL, or DATABASE_URL): each run makes a database of its own there.
  const externalUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (externalUrl) {
    const own = await createOwnDatabase(externalUrl, 'mayorista_bench');
    return { databaseUrl: own.url, stopDatabase: own.drop, postgresPid: () => null };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'db'), log: () => undefined });
  return { databaseUrl: embedded.url, stopDatabase: guardDatabase(embedded), postgresPid: () => embedded.pid };
}
