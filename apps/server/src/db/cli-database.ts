import type pg from 'pg';
import type { Config } from '../config';
import { acquireInstanceLock } from '../lib/instance-lock';
import { createPool } from './client';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

/**
 * What the command-line jobs (`db:backup`, `db:restore`, `db:check`) run on: a small pool to
 * DATABASE_URL or to the embedded server of DATA_DIR — the running one when the app is up,
 * otherwise started for the job (and the data folder locked meanwhile) — migrated first, so a
 * database the app has not started on yet is handled as it will be. Closed when the job ends.
 */
export async function withMigratedPool<T>(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
  job: (pool: pg.Pool) => Promise<T>,
): Promise<T> {
  const onPool = async (url: string) => {
    const pool = createPool(url, 2);
    try {
      await runMigrations(pool);
      return await job(pool);
    } finally {
      await pool.end();
    }
  };
  if (config.databaseUrl) return onPool(config.databaseUrl);
  const running = await runningEmbeddedUrl(config.dataDir);
  if (running) return onPool(running);
  const release = acquireInstanceLock(config.dataDir);
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  try {
    return await onPool(embedded.url);
  } finally {
    await embedded.stop();
    release();
  }
}
