// The command line and environment of `npm run bench` (bench/README.md), read once, and the
// durations every phase of the run shares.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './processes';

export const quick = process.argv.includes('--quick');
/**
 * `--scenarios=searchHit,searchMiss`: only those scenarios of the growth curve (implies
 * --growth-only and skips the pricing and migration phases) — to re-measure one query after a
 * schema change without the whole 6-minute run.
 */
export const scenarioFilter = process.argv.find((a) => a.startsWith('--scenarios='))?.slice('--scenarios='.length).split(',');
/** Only the catalogue's growth curve and the migration time (the catalogue-at-scale work, decision 008), skipping the other phases. */
export const growthOnly = process.argv.includes('--growth-only') || scenarioFilter !== undefined;
/**
 * `--only=pricing`, `--only=import-load`, `--only=dashboard`, `--only=startup` or `--only=broadcast` (also
 * `--scenarios=broadcast`): one phase alone, on its own database, for repeated runs on a shared machine (decision 022).
 */
export const only =
  process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? (scenarioFilter?.join(',') === 'broadcast' ? 'broadcast' : null);
/** Only the catalogue with customers on price lists (the business-identity work, decisions 017–019), next to its bare baseline. */
export const priceListsOnly = process.argv.includes('--price-lists-only');
/** Only the orders phase (its `BENCH_ORDER_ROUNDS` rounds, default 3); writes no results file. */
export const ordersOnly = process.argv.includes('--orders-only');
/** Skips the "Sin conexión" phase (snapshot size, offline search at 4× CPU, first download vs its budget; decisions 042–044). */
export const noOffline = process.argv.includes('--no-offline');
export const noBuild = process.argv.includes('--no-build');
export const ORDER_ROUNDS = Math.max(1, Number.parseInt(process.env.BENCH_ORDER_ROUNDS ?? '', 10) || 3);
export const GROWTH_SECONDS = quick ? 2 : 4;
export const SECONDS = quick ? 4 : 10;
export const WARM_UP_SECONDS = 2;
export const NOTIFY_ORDERS = quick ? 200 : 1000;
export const CATALOG_PATH = '/api/products?page=1&page_size=48';
export const MAIN_JS = path.join(ROOT, 'apps/server/dist/main.js');
export const say = (s: string) => process.stdout.write(`${s}\n`);
export const round = (n: number, d = 1) => Number(n.toFixed(d));

/** Where the bench (this process, the load generator) may run: `cpus` as taskset reads them, only where the machine has two cores or more. */
export function pinBench(cores: number, cpus: string) {
  try {
    if (cores >= 2) execFileSync('taskset', ['-cp', cpus, String(process.pid)], { stdio: 'ignore' });
  } catch {
    /* no taskset: unpinned */
  }
}

/**
 * The broadcast's customers and arrival window (`BENCH_BROADCAST_CUSTOMERS`/`_SECONDS` for a smaller
 * trial) and its server processes: two on an external PostgreSQL, as the README's several-process
 * setup runs (`BENCH_BROADCAST_PROCESSES` to choose).
 */
export function broadcastOptions(databaseUrl: string, workDir: string, cpu: number | null, postgresPid: () => number | null) {
  const customers = Number(process.env.BENCH_BROADCAST_CUSTOMERS ?? (quick ? 200 : 1000));
  const seconds = Number(process.env.BENCH_BROADCAST_SECONDS ?? (quick ? 20 : 60));
  const external = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
  const processes = Number(process.env.BENCH_BROADCAST_PROCESSES ?? (external ? 2 : 1));
  return { databaseUrl, workDir, cpu, say, postgresPid, customers, seconds, processes };
}
