// `npm run bench`: measures the product against bare baselines in the same run. See bench/README.md.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchDatabase, type Bench } from './lib/bench-database';
import { runBroadcastPhase } from './lib/broadcast';
import { measureMigrationOnExistingCatalogue } from './lib/catalogue-growth';
import { runDeliveriesPhase } from './lib/deliveries';
import {
  finishOrdersOnly,
  finishPriceListsOnly,
  measureCatalogueRead,
  measureGrowth,
  measureLiveNotices,
  measureOrderLife,
  measureOrderRounds,
  measurePriceLists,
  measureStartup,
  measureWeb,
  seedAndStartServer,
  stopServerAndPool,
  type Results,
  type Run,
} from './lib/full-run';
import { runImportUnderLoadPhase } from './lib/import-under-load';
import { runOfflinePhase } from './lib/offline';
import { runOnePhase } from './lib/only-phase';
import { runPricingPhase } from './lib/pricing';
import { ROOT } from './lib/processes';
import { runReceivablesPhase } from './lib/receivables';
import { printOrderRounds, printTable } from './lib/report';
import { broadcastOptions, growthOnly, noBuild, noOffline, only, ordersOnly, pinBench, priceListsOnly, quick, say, scenarioFilter, SECONDS } from './lib/run-options';

async function main() {
  if (!noBuild) build();
  const bench = await startBench();
  const results: Results = { machine: { cpus: bench.cores, node: process.version, quick } };
  if (only) return runOnly(only, bench, results);
  const servers: Run['servers'] = [];
  const complete = await cleaningUp(bench, servers, async () => {
    const run = await seedAndStartServer(bench, servers, results);
    if (priceListsOnly) return finishPriceListsOnly(run, results);
    // Phases 1–5 (catalogue, orders, notifications, web) are skipped with --growth-only.
    if (!growthOnly) await measureOrdersAndTheirWork(run, results);
    if (ordersOnly) return finishOrdersOnly(run, results);
    results.growth = await measureGrowth(run);
    if (!scenarioFilter) await measureOnDatabasesOfTheirOwn(bench, results);
    await stopServerAndPool(run);
    if (!growthOnly) results.startup = await measureStartup(bench.workDir);
    return true;
  });
  if (complete) writeResults(results);
}

/** Phases 1–5: the catalogue read, the orders and what follows them (the order life, the cuenta corriente, Repartos), live notices, web, offline. */
async function measureOrdersAndTheirWork(run: Run, results: Results) {
  // 1. Catalogue read (skipped with --orders-only).
  if (!ordersOnly) results.catalog = await measureCatalogueRead(run);
  // 1b. The business-identity work (decisions 017–019): the same page for customers on price lists (skipped with --orders-only).
  if (!ordersOnly) results.priceLists = await measurePriceLists(run);
  // 2. Order placement: 16 customers, 5-line orders sharing one hot product.
  Object.assign(results, await measureOrderRounds(run));
  if (ordersOnly) return;
  // 2b. The order-life work (decision 014): the dashboard on these 20,000 orders, and the outbox write in the order's transaction.
  results.orderLife = await measureOrderLife(run);
  // 2c. The cuenta corriente (decisions 037–039): statement PDF, aging list, orders through the credit check.
  const { pool, databaseUrl, data, secret, workDir, serverCpu: cpu } = run;
  results.receivables = await runReceivablesPhase({ pool, databaseUrl, data, secret, workDir, cpu, seconds: SECONDS, rounds: quick ? 1 : 3, say });
  // 2d. Repartos (decision 049): the day's view over 2,000 orders and a 200-stop route sheet.
  results.deliveries = await runDeliveriesPhase({ pool, say });
  // 3. Live notification latency across two processes.
  results.notifications = await measureLiveNotices(run);
  // 5. Web: initial bytes against the bare template, and Lighthouse on the running product.
  results.web = await measureWeb(run);
  // 5b. Ordering without signal (decisions 042–044): the snapshot of 5,000 products, the offline
  // search with the CPU slowed 4×, and the first download with the worker and IndexedDB outside it.
  if (!noOffline) results.offline = await runOfflinePhase({ url: run.serverA.url, token: data.customers[0]!.token, say });
}

/** Phases 7–7c and the migration time, each on a database of its own (skipped with --scenarios=). */
async function measureOnDatabasesOfTheirOwn({ databaseUrl, workDir, serverCpu, postgresPid }: Bench, results: Results) {
  // 7. Prices (the repricing work, decision 015): bulk repricing, XLSX import, price-list PDF, on a database of their own.
  results.pricing = await runPricingPhase({ databaseUrl, workDir, cpu: serverCpu, say });
  // 7b. The catalogue while a 20,000-row import is read and applied (decision 030).
  results.importUnderLoad = await runImportUnderLoadPhase({ databaseUrl, workDir, cpu: serverCpu, say });
  // 7c. Monday 9 a.m.: a thousand customers after the broadcast of a new price list, on a database of their own.
  results.broadcast = await runBroadcastPhase(broadcastOptions(databaseUrl, workDir, serverCpu, postgresPid));
  say('▶ Migración de búsqueda sobre una base existente de 50.000 productos...');
  results.migration = await measureMigrationOnExistingCatalogue(databaseUrl, '0004_catalogue_search_index');
}

function build() {
  say('▶ Compilando (npm run build)...');
  if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

async function startBench(): Promise<Bench> {
  // The load generator (this process) on core 1, the servers on core 0, where the machine has two;
  // PostgreSQL floats. The process pins itself only once the embedded database runs: a child takes
  // its parent's cores, and a database started after the pin was held to the load generator's core.
  const cores = os.cpus().length;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-bench-'));
  chmodSync(workDir, 0o755);
  const database = await startBenchDatabase(workDir);
  pinBench(cores, '1');
  return { ...database, cores, serverCpu: cores >= 2 ? 0 : null, workDir };
}

/** `work`, then every server it started stopped, the database stopped (or dropped) and the work directory removed, whatever happened. */
async function cleaningUp<T>(bench: Bench, servers: Run['servers'], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    await bench.stopDatabase();
    rmSync(bench.workDir, { recursive: true, force: true });
  }
}

/** `--only=<phase>` (or `--scenarios=broadcast`): that phase on its own database, written to bench/results-<phase>.json and printed whole. */
async function runOnly(phase: string, bench: Bench, results: Results) {
  results[phase] = await cleaningUp(bench, [], () => runOnePhase(phase, bench));
  writeFileSync(path.join(ROOT, `bench/results-${phase}.json`), `${JSON.stringify(results, null, 2)}\n`);
  say(JSON.stringify(results[phase], null, 2));
}

function writeResults(results: Results) {
  const resultsFile = growthOnly ? 'bench/results-growth.json' : 'bench/results.json';
  writeFileSync(path.join(ROOT, resultsFile), `${JSON.stringify(results, null, 2)}\n`);
  if (results.orderRounds) printOrderRounds(results);
  printTable(results, resultsFile);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
