// The phases of `npm run bench`'s full run (bench/run.ts reads them in order), on the seeded
// dataset and the built server they share.
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { createPool } from '../../apps/server/src/db/client';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { runMigrations } from '../../apps/server/src/db/migrate';
import type { Bench } from './bench-database';
import { runCatalogueGrowth } from './catalogue-growth';
import { measureNotificationLatency } from './notifications';
import { measureDashboard, measureOutboxCost } from './order-life';
import { measureOrderEmailCpu } from './order-email-cpu';
import { measureOrders, medianRound, type OrdersPhase } from './order-phase';
import { runPriceListCatalogue } from './price-lists';
import { productionServerEnv, ROOT, sampleMemory, startProcess, type Running } from './processes';
import { printOrderRounds, printTable } from './report';
import {
  CATALOG_PATH,
  GROWTH_SECONDS,
  growthOnly,
  MAIN_JS,
  NOTIFY_ORDERS,
  ORDER_ROUNDS,
  pinBench,
  quick,
  round,
  say,
  scenarioFilter,
  SECONDS,
  WARM_UP_SECONDS,
} from './run-options';
import { seedBenchDataset, settleDatabase, type BenchDataset } from './seed';
import { settleDisk, timeStartup } from './startup';
import { productInitialBytes, templateInitialBytes } from './web';
// @ts-expect-error -- plain ESM script shared with the npm scripts
import { runLighthouse } from '../../scripts/lib/web-metrics.mjs';

export type Results = Record<string, unknown>;

/** The seeded dataset and the built server ("server A") the full run's phases share. */
export interface Run extends Bench {
  pool: pg.Pool;
  secret: string;
  data: BenchDataset;
  serverA: Running;
  /** Every server the run started, stopped in main's `finally` whatever happens. */
  servers: { stop(): Promise<void> }[];
  /** The orders phases' load: 16 customers, 5-line orders sharing one hot product. */
  productLoad: { url: string; tokens: string[]; hotProductId: string; others: string[] };
}

function serverEnv(run: Pick<Run, 'databaseUrl' | 'secret' | 'workDir'>, port: number) {
  return {
    ...productionServerEnv({ databaseUrl: run.databaseUrl, secret: run.secret, port, dataDir: path.join(run.workDir, 'app') }),
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_ORDERS_MAX: '1000000',
  };
}

/** The bench's dataset (5,000 products, 2,000 customers, 20,000 orders) and the built server on it. */
export async function seedAndStartServer(bench: Bench, servers: Run['servers'], results: Results): Promise<Run> {
  say('▶ Cargando datos: 5.000 productos, 2.000 clientes, 20.000 pedidos...');
  const pool = createPool(bench.databaseUrl, 4);
  await runMigrations(pool);
  const secret = randomBytes(32).toString('base64url');
  const t = Date.now();
  const data = await seedBenchDataset(pool, new TextEncoder().encode(secret));
  results.seedSeconds = round((Date.now() - t) / 1000);

  const portA = await findFreePort();
  const serverA = await startProcess({ script: MAIN_JS, env: serverEnv({ ...bench, secret }, portA), port: portA, cpu: bench.serverCpu });
  servers.push(serverA);
  const tokens = data.customers.slice(0, 16).map((c) => c.token);
  const productLoad = { url: serverA.url, tokens, hotProductId: data.hotProductId, others: data.otherProductIds };
  return { ...bench, pool, secret, data, serverA, servers, productLoad };
}

/** 1. Catalogue read: the product against its bare baseline, 50 connections. */
export async function measureCatalogueRead(run: Run) {
  say('▶ Lectura del catálogo (50 conexiones)...');
  const headers = { authorization: `Bearer ${run.data.customers[0]!.token}` };
  const catalog = async (url: string, pid: number) => {
    const mem = sampleMemory([
      { name: 'server', pid: () => pid },
      { name: 'postgres', pid: run.postgresPid, withChildren: true },
    ]);
    await autocannon({ url: url + CATALOG_PATH, connections: 50, duration: WARM_UP_SECONDS, headers });
    const r = await autocannon({ url: url + CATALOG_PATH, connections: 50, duration: SECONDS, headers });
    const memory = mem.stop();
    return { rps: round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, memoryMb: memory };
  };
  const productCatalog = await catalog(run.serverA.url, run.serverA.child.pid!);
  const basePort = await findFreePort();
  const baseline = await startProcess({
    script: path.join(ROOT, 'bench/baselines/catalog-baseline.mjs'),
    env: { DATABASE_URL: run.databaseUrl, PORT: String(basePort) },
    port: basePort,
    cpu: run.serverCpu,
  });
  const baselineCatalog = await catalog(baseline.url, baseline.child.pid!);
  await baseline.stop();
  return {
    request: `GET ${CATALOG_PATH} (cliente aprobado)`,
    product: productCatalog,
    baseline: baselineCatalog,
    rpsRatio: round(productCatalog.rps / baselineCatalog.rps, 2),
    p99Ratio: round(productCatalog.p99 / Math.max(1, baselineCatalog.p99), 2),
    targets: { rpsRatioAtLeast: 0.8, p99RatioAtMost: 1.25 },
  };
}

/** The business-identity work (decisions 017–019): customers from the end of the dataset (the order phases use the first ones). */
export function measurePriceLists(run: Run) {
  return runPriceListCatalogue({
    pool: run.pool,
    databaseUrl: run.databaseUrl,
    productUrl: run.serverA.url,
    customers: run.data.customers.slice(-12),
    catalogPath: CATALOG_PATH,
    seconds: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    cpu: run.serverCpu,
    say,
  });
}

/** `--price-lists-only`: that phase alone, its own results file and table; false: main writes no other file. */
export async function finishPriceListsOnly(run: Run, results: Results): Promise<false> {
  results.priceLists = await measurePriceLists(run);
  writeFileSync(path.join(ROOT, 'bench/results-price-lists.json'), `${JSON.stringify(results, null, 2)}\n`);
  printTable(results, 'bench/results-price-lists.json');
  await run.pool.end();
  return false; // main's finally stops the server and the database
}

/** 2. Order placement: 16 customers, 5-line orders sharing one hot product; `orders` and `orderRounds`. */
export async function measureOrderRounds(run: Run) {
  say('▶ Pedidos (16 clientes, 5 renglones, un producto compartido)...');
  // Rounds on the same server and database, product and baseline alternating (BENCH_ORDER_ROUNDS,
  // 3 by default): one 10-second round on this shared machine spread 0.48–0.72× with nothing
  // changed (decision 078), so the figure is the median round, whole, with every round beside it.
  const rounds: OrdersPhase[] = [];
  for (let i = 0; i < (quick ? 1 : ORDER_ROUNDS); i++) {
    rounds.push(await measureOrders(SECONDS, WARM_UP_SECONDS, run.pool, run.databaseUrl, run.data, run.productLoad, run.serverA.child.pid ?? null, run.postgresPid));
  }
  const orderRounds = rounds.map((r) => ({
    product: r.product.perSecond,
    baseline: r.baseline.perSecond,
    ratio: r.ratio,
    cpuMsPerOrder: r.product.serverCpuMsPerOrder,
    emailsDrainedMs: r.product.emailsDrainedMs,
    cpu: {
      product: { postgres: r.product.postgresCpuMsPerOrder, load: r.product.loadGeneratorCpuMsPerOrder },
      baseline: { postgres: r.baseline.postgresCpuMsPerOrder, load: r.baseline.loadGeneratorCpuMsPerOrder },
    },
    ok: r.correctness.ok,
  }));
  return { orders: medianRound(rounds), orderRounds };
}

/** `--orders-only`: the rounds printed, no results file; false: main writes none. */
export async function finishOrdersOnly(run: Run, results: Results): Promise<false> {
  await run.serverA.stop();
  await run.pool.end();
  printOrderRounds(results);
  return false;
}

/** 2b. The order-life work (decision 014): the dashboard on these 20,000 orders, and the outbox write in the order's transaction. */
export async function measureOrderLife(run: Run) {
  say('▶ Panel de administración y costo del outbox de correos...');
  // On a settled database, like every phase: right after the order runs' thousands of rows,
  // autovacuum would be timed along with the dashboard's queries.
  await settleDatabase(run.pool);
  return {
    dashboard: await measureDashboard(run.pool, quick ? 20 : 60),
    outbox: await measureOutboxCost(run.pool, run.productLoad, SECONDS),
    // Decision 027: the CPU each order's e-mail costs the outbox thread (PDF + MIME), in this process.
    emailCpu: await measureOrderEmailCpu(quick ? 200 : 500),
  };
}

/** 3. Live notification latency across two processes. */
export async function measureLiveNotices(run: Run) {
  say(`▶ Latencia de avisos en vivo (${NOTIFY_ORDERS} pedidos, dos procesos)...`);
  const portB = await findFreePort();
  const serverB = await startProcess({ script: MAIN_JS, env: serverEnv(run, portB), port: portB, cpu: null });
  run.servers.push(serverB);
  const notifications = await measureNotificationLatency(run.serverA.url, serverB.url, run.data, NOTIFY_ORDERS);
  await serverB.stop();
  return notifications;
}

/** 5. Web: initial bytes against the bare template, and Lighthouse on the running product. */
export async function measureWeb(run: Run) {
  say('▶ Web: tamaño inicial y Lighthouse...');
  // Chromium is a browser, not the load generator: it gets every core, as on a phone (the pin
  // to core 1 would put its browser, renderer and GPU processes on one core).
  pinBench(run.cores, `0-${run.cores - 1}`);
  const product = productInitialBytes();
  const template = await templateInitialBytes();
  const lighthouse = await lighthouseUnlessNoChromium(run.serverA.url);
  return {
    product,
    template,
    ratio: round((product.jsGzip + product.cssGzip) / (template.jsGzip + template.cssGzip), 2),
    target: { ratioAtMost: 1.7 },
    lighthouse,
    lighthouseTargets: { performance: 90, accessibility: 95, lcpMs: 2500, cls: 0.1, tbtMs: 200 },
  };
}

/** Lighthouse on `/`, `/catalog` and `/login`; without Chromium, says how to install it and skips. */
async function lighthouseUnlessNoChromium(url: string): Promise<unknown> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    say(`  Chromium no está en ${chromium}: se omite Lighthouse. Instalalo con «apt-get install -y chromium» (o indicá CHROMIUM_PATH).`);
    return { skipped: `Chromium no encontrado en ${chromium}` };
  }
  try {
    return await runLighthouse(url, ['/', '/catalog', '/login']);
  } catch (error) {
    return { error: String(error) };
  }
}

/** 6. The catalogue's growth curve (the catalogue-at-scale work, decision 008): 5,000 → 20,000 → 50,000 products, same server. */
export async function measureGrowth(run: Run) {
  // The load generator goes back to core 1 (the web phase gave it every core for Chromium).
  pinBench(run.cores, '1');
  say('▶ Catálogo a 5.000 / 20.000 / 50.000 productos (20 conexiones)...');
  const growthBasePort = await findFreePort();
  const growthBase = await startProcess({
    script: path.join(ROOT, 'bench/baselines/catalog-baseline.mjs'),
    env: { DATABASE_URL: run.databaseUrl, PORT: String(growthBasePort) },
    port: growthBasePort,
    cpu: run.serverCpu,
  });
  try {
    return await runCatalogueGrowth({
      pool: run.pool,
      productUrl: run.serverA.url,
      baselineUrl: growthBase.url,
      tokens: { customer: run.data.customers[0]!.token, admin: run.data.admin.token },
      existing: 5000,
      seconds: GROWTH_SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      say,
      only: scenarioFilter,
    });
  } finally {
    await growthBase.stop();
  }
}

/** The shared server stopped and, before the start-up phase, the disk settled. */
export async function stopServerAndPool(run: Run) {
  await run.serverA.stop();
  if (!growthOnly) await settleDisk(run.pool);
  await run.pool.end();
}

/** 4. Start-up of the built app with its embedded database: empty and existing data directory. */
export async function measureStartup(workDir: string) {
  say('▶ Arranque (base embebida vacía y existente)...');
  const startupDir = path.join(workDir, 'startup');
  return { emptyDataDirMs: await timeStartup(startupDir), existingDataDirMs: await timeStartup(startupDir) };
}
