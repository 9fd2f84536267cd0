import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { backupDatabase, restoreDatabase, RestoreError } from './db/backup';
import { withMigratedPool } from './db/cli-database';
import { InstanceLockedError } from './lib/instance-lock';

/**
 * `npm run db:backup [file]` and `npm run db:restore <file>`, against DATABASE_URL or the
 * embedded server of DATA_DIR (db/cli-database.ts).
 */
const log = (m: string) => process.stdout.write(`${m}\n`);

async function main() {
  const [command, fileArg] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.resolve(fileArg ?? `backup-${stamp}.jsonl.gz`);
    const header = await withMigratedPool(config, log, (pool) => backupDatabase(pool, file));
    const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
    process.stdout.write(`Copia de seguridad guardada en ${file} (${rows} filas).\n`);
  } else if (command === 'restore') {
    if (!fileArg) throw new RestoreError('Indicá el archivo: npm run db:restore -- <archivo>');
    const file = path.resolve(fileArg);
    const header = await withMigratedPool(config, log, (pool) => restoreDatabase(pool, file));
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
