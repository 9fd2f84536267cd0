import { ConfigError, loadConfig } from './config';
import { createPool } from './db/client';
import { checkConsistency, formatConsistencyReport } from './db/consistency';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { acquireInstanceLock, InstanceLockedError } from './lib/instance-lock';

/**
 * `npm run db:check`: verifies the ledgers and the orders (db/consistency.ts) against
 * DATABASE_URL or the embedded server of DATA_DIR (the running one when the app is up, otherwise
 * started for the check). Exits 1 when anything is inconsistent, so a script or a cron can alert.
 */
async function withDatabaseUrl<T>(config: ReturnType<typeof loadConfig>, job: (url: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return job(config.databaseUrl);
  const running = await runningEmbeddedUrl(config.dataDir);
  if (running) return job(running);
  const release = acquireInstanceLock(config.dataDir);
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => process.stderr.write(`${m}\n`) });
  try {
    return await job(embedded.url);
  } finally {
    await embedded.stop();
    release();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const report = await withDatabaseUrl(config, async (url) => {
    const pool = createPool(url, 2);
    try {
      // A database the app has not started on yet is checked as it will be: migrated.
      await runMigrations(pool);
      return await checkConsistency(pool);
    } finally {
      await pool.end();
    }
  });
  process.stdout.write(formatConsistencyReport(report));
  return report.violations.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof InstanceLockedError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
