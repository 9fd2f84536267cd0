import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { guardDatabase, productionServerEnv, ROOT, startProcess } from './processes';
import { seedBenchDataset } from './seed';

/**
 * A fresh embedded database with the bench's dataset (`products` products, 2 customers, 1 order)
 * and the built server on it, in production mode: what `bench:inp` and `bench:lighthouse` measure
 * in a browser. `stop()` ends both and removes the working directory; `restart()` starts the server
 * again (same port), which reads the web build anew.
 */
export async function startSeededServer(opts: {
  name: string;
  products: number;
  /** The bench's full dataset has 2,000 customers and 20,000 orders (bench:admin); 2 and 1 by default. */
  customers?: number;
  orders?: number;
  env?: Record<string, string>;
  say: (line: string) => void;
}) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), `mayorista-${opts.name}-`));
  // Run as root, the embedded server drops to the postgres user, which must reach the directory.
  chmodSync(workDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'db'), log: () => undefined });
  const stopDatabase = guardDatabase(embedded);
  let server: Awaited<ReturnType<typeof startProcess>> | null = null;
  const stop = async () => {
    await server?.stop();
    await stopDatabase();
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const pool = createPool(embedded.url, 2);
    await runMigrations(pool);
    const secret = randomBytes(32).toString('base64url');
    opts.say(`▶ ${opts.products.toLocaleString('es-AR')} productos...`);
    await seedBenchDataset(pool, new TextEncoder().encode(secret), { products: opts.products, customers: opts.customers ?? 2, orders: opts.orders ?? 1 });
    // As a live shop's database would be: statistics for the planner, no dead rows.
    await pool.query('vacuum analyze');
    await pool.end();
    const port = await findFreePort();
    const start = () =>
      startProcess({
        script: path.join(ROOT, 'apps/server/dist/main.js'),
        env: { ...productionServerEnv({ databaseUrl: embedded.url, secret, port, dataDir: path.join(workDir, 'app') }), ...opts.env },
        port,
        cpu: null,
      });
    server = await start();
    /** Stops the server and starts it again on the same database and port: it reads the web build anew. */
    const restart = async () => {
      await server?.stop();
      server = null;
      server = await start();
    };
    return { url: server.url, stop, restart };
  } catch (error) {
    await stop();
    throw error;
  }
}
