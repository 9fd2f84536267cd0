import { ConfigError, loadConfig } from './config';
import { withMigratedPool } from './db/cli-database';
import { checkConsistency, formatConsistencyReport } from './db/consistency';
import { InstanceLockedError } from './lib/instance-lock';

/**
 * `npm run db:check`: verifies the ledgers and the orders (db/consistency.ts) against
 * DATABASE_URL or the embedded server of DATA_DIR (db/cli-database.ts). Exits 1 when anything is inconsistent, so a script or a cron can alert.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const report = await withMigratedPool(config, (m) => process.stderr.write(`${m}\n`), checkConsistency);
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
