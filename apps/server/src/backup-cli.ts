import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createPool } from './db/client';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded';
import { backupDatabase, restoreDatabase, RestoreError } from './db/backup';
import { runMigrations } from './db/migrate';
import { acquireInstanceLock, InstanceLockedError } from './lib/instance-lock';

/**
 * `npm run db:backup [file]` and `npm run db:restore <file>`, against DATABASE_URL or the
 * embedded server of DATA_DIR (the running one when the app is up, otherwise started for the job).
 */
async function withDatabase<T>(config: ReturnType<typeof loadConfig>, job: (url: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return job(config.databaseUrl);
  const running = await runningEmbeddedUrl(config.dataDir);
  if (running) return job(running);
  const release = acquireInstanceLock(config.dataDir);
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => process.stdout.write(`${m}\n`) });
  try {
    return await job(embedded.url);
  } finally {
    await embedded.stop();
    release();
  }
}

async function main() {
  const [command, fileArg] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.resolve(fileArg ?? `backup-${stamp}.jsonl.gz`);
    const header = await withDatabase(config, async (url) => {
      const pool = createPool(url, 2);
      try {
        await runMigrations(pool);
        return await backupDatabase(pool, file);
      } finally {
        await pool.end();
      }
    });
    const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
    process.stdout.write(`Copia de seguridad guardada en ${file} (${rows} filas).\n`);
  } else if (command === 'restore') {
    if (!fileArg) throw new RestoreError('Indicá el archivo: npm run db:restore -- <archivo>');
    const file = path.resolve(fileArg);
    const header = await withDatabase(config, async (url) => {
      const pool = createPool(url, 2);
      try {
        await runMigrations(pool);
        return await restoreDatabase(pool, file);
      } finally {
        await pool.end();
      }
    });
    process.stdout.write(`Copia del ${header.created_at} restaurada.\n`);
  } else {
    throw new RestoreError('Uso: backup [archivo] | restore <archivo>');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof RestoreError || error instanceof InstanceLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
