// `npm run bench -- --only=import-load` (bench/README.md "Catálogo durante una importación"): the
// catalogue's p99 while a 20,000-row XLSX import is read and applied, against its p99 without one,
// and the import's own time and the server's peak memory, over HTTP against the built server.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { createPool } from '../../apps/server/src/db/client';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { createOwnDatabase } from './own-database';
import { importWorkbook, multipart, startPhaseServer, type PricingPhaseOptions } from './pricing';
import { sampleMemory, type startProcess } from './processes';
import { insertBenchProducts, seedBenchDataset, settleDatabase } from './seed';
import { figuresOf, openSteadyLoad, type SteadyLoadFigures } from './steady-load';

const CONNECTIONS = 20;
const CATALOGUE = '/api/products?page=1&page_size=48';
/**
 * A busy morning's browsing: 300 customers each opening a catalogue page every 3 s. The third
 * comparison runs at this rate, far below capacity, where the machine has cores to spare for the
 * import: what a customer browsing during an import would feel on an ordinary day (decision 063).
 */
const BROWSING_RATE = 100;
/** Imports applied one after another while the browsing-rate comparison measures "during". */
const BROWSING_IMPORTS = 4;
/**
 * Rounds of the browsing-rate comparison (each: settled database, 10 s alone, BROWSING_IMPORTS
 * imports), pooled: one round's p99 is its 10th-slowest request alone and about its 13th during,
 * and this machine's speed drifts within minutes (decision 089). A round whose imports run longer
 * weighs more in the pooled "during"; each round's own figures are reported beside.
 */
const BROWSING_ROUNDS = 3;

/** One window of catalogue requests, from autocannon or the steady load: the same figures. */
type Load = SteadyLoadFigures;

/**
 * The catalogue under autocannon until `until` settles (or for `seconds`). Without `rate` the
 * connections ask as fast as the server answers (saturation: latency then mostly measures the
 * queue, and any other work on the server's core lengthens it); with `rate` they ask that many
 * requests per second in all, below capacity. Autocannon spends each connection's quota at the
 * start of every second (its limit resets on a 1 s timer), so a "rate" arrives as one burst per
 * second: fine to stay below capacity, not a model of customers arriving one by one.
 */
function catalogueLoad(url: string, token: string, seconds: number, until?: Promise<unknown>, rate?: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${CATALOGUE}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        ...(rate ? { overallRate: rate } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          requests: result.requests.total,
        });
      },
    );
    void until?.finally(() => instance.stop());
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await work();
  return { ms: performance.now() - t, value };
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

type ImportFile = ReturnType<typeof multipart>;

/** The built server and what the comparisons need of it: its URL and pid, a customer's token and the four workbooks. */
interface Shop {
  url: string;
  pid: number;
  customer: string;
  /** The first is applied at saturation, the second at half capacity, the last two alternately at the browsing rate. */
  workbooks: { first: ImportFile; second: ImportFile; third: ImportFile; fourth: ImportFile };
  /** One import over HTTP as the admin (`dryRun`: read and checked, not applied), timed. */
  importFile(dryRun: boolean, file?: ImportFile): Promise<{ ms: number; value: { updated: number } }>;
}

export async function runImportUnderLoadPhase(opts: PricingPhaseOptions) {
  const own = await createOwnDatabase(opts.databaseUrl, 'mayorista_import_load');
  const pool = createPool(own.url, 2);
  const secret = randomBytes(32).toString('base64url');
  let server: Awaited<ReturnType<typeof startProcess>> | null = null;
  try {
    await runMigrations(pool);
    const data = await seedBenchDataset(pool, new TextEncoder().encode(secret), { products: 5000, customers: 2, orders: 1 });
    await insertBenchProducts(pool, 5001, 20000);
    await settleDatabase(pool);
    server = await startPhaseServer(own.url, secret, path.join(opts.workDir, 'import-load-app'), opts.cpu, await findFreePort());
    const shop = await openShop(server, data.customers[0]!.token, data.admin.token);
    const saturated = await compareAtSaturation(shop, opts.say);
    const half = await compareAtHalfCapacity(shop, pool, Math.max(1, Math.round(saturated.alone.rps / 2)), opts.say);
    const browsing = await compareAtBrowsingRate(shop, pool, opts.say);
    const figures = {
      catalogueAlone: saturated.alone,
      catalogueDuringImport: saturated.during,
      p99Ratio: p99Ratio(saturated),
      importDryRunSeconds: seconds(saturated.dryRun.ms),
      importApplyUnderLoadSeconds: seconds(saturated.applied.ms),
      importUpdated: saturated.applied.value.updated,
      importPeakServerMb: saturated.peak.server,
      atHalfCapacity: half,
      atBrowsingRate: browsing,
      // The 10 s apply target holds below saturation (half capacity, the browsing rate) and alone (the
      // Precios phase): saturated, the low-priority import gets only what the customers leave (decision 068).
      targets: { p99Ratio: 1.5, importApplySecondsBelowSaturation: 10, importPeakServerMb: 300 },
    };
    sayFigures(figures, opts.say);
    return figures;
  } finally {
    await server?.stop();
    await pool.end();
    await own.drop();
  }
}

const p99Ratio = ({ alone, during }: { alone: Load; during: Load }) => Number((during.p99 / Math.max(1, alone.p99)).toFixed(2));

/** The four 20,000-row workbooks (each a raise over the seed's prices, so every row changes) and the timed import. */
async function openShop(server: { url: string; child: { pid?: number } }, customer: string, adminToken: string): Promise<Shop> {
  const { url } = server;
  const workbook = multipart(await importWorkbook(20000));
  const secondWorkbook = multipart(await importWorkbook(20000, 20_000));
  const thirdWorkbook = multipart(await importWorkbook(20000, 30_000));
  const fourthWorkbook = multipart(await importWorkbook(20000, 40_000));
  const importFile = (dryRun: boolean, file = workbook) =>
    timed(async () => {
      const r = await fetch(`${url}/api/admin/products/import${dryRun ? '?dry_run=1' : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': file.contentType },
        body: file.body,
      });
      const report = (await r.json()) as { updated: number };
      if (r.status !== 200) throw new Error(`import: ${r.status} ${JSON.stringify(report).slice(0, 500)}`);
      return report;
    });
  return { url, pid: server.child.pid!, customer, workbooks: { first: workbook, second: secondWorkbook, third: thirdWorkbook, fourth: fourthWorkbook }, importFile };
}

/** At saturation: the catalogue alone, the dry run (memory sampled from here), the catalogue while the first file is applied. */
async function compareAtSaturation({ url, pid, customer, importFile }: Shop, say: (s: string) => void) {
  say('▶ Importación bajo carga: catálogo solo (20 conexiones)...');
  await catalogueLoad(url, customer, 2);
  const alone = await catalogueLoad(url, customer, 8);

  say('▶ Importación bajo carga: XLSX de 20.000 filas (simulación, sin carga)...');
  const memory = sampleMemory([{ name: 'server', pid: () => pid }], 100);
  const dryRun = await importFile(true);

  say('▶ Importación bajo carga: catálogo mientras se aplica la importación de 20.000 filas...');
  const applying = importFile(false);
  const during = await catalogueLoad(
    url,
    customer,
    120,
    applying.catch(() => undefined),
  );
  const applied = await applying;
  const peak = memory.stop();
  return { alone, dryRun, during, applied, peak };
}

/**
 * The same comparison at half the catalogue's capacity, with a second file (another raise, so
 * all 20,000 rows change again): the figure a customer browsing during an import would see.
 */
async function compareAtHalfCapacity({ url, customer, importFile, workbooks }: Shop, pool: pg.Pool, rate: number, say: (s: string) => void) {
  say(`▶ Importación bajo carga: a ritmo fijo (${rate} pedidos/s, la mitad de la capacidad), solo y durante otra importación...`);
  // Each comparison starts from a settled database, as the first one does: otherwise autovacuum
  // cleaning up the previous import's 20,000 old row versions lands in the "alone" window.
  await settleDatabase(pool);
  const aloneAtRate = await catalogueLoad(url, customer, 8, undefined, rate);
  const applyingAtRate = importFile(false, workbooks.second);
  const duringAtRate = await catalogueLoad(
    url,
    customer,
    120,
    applyingAtRate.catch(() => undefined),
    rate,
  );
  const appliedAtRate = await applyingAtRate;
  return {
    rate,
    catalogueAlone: aloneAtRate,
    catalogueDuringImport: duringAtRate,
    p99Ratio: p99Ratio({ alone: aloneAtRate, during: duringAtRate }),
    importApplySeconds: seconds(appliedAtRate.ms),
    importUpdated: appliedAtRate.value.updated,
  };
}

/**
 * At a busy morning's browsing rate (BROWSING_RATE, customers one by one): BROWSING_ROUNDS rounds of
 * alone, then during BROWSING_IMPORTS imports in a row, pooled. Each round starts from a settled
 * database and measures "alone" right before its imports, so a machine that runs slower for a few
 * minutes slows both sides of a round alike.
 */
async function compareAtBrowsingRate({ url, customer, importFile, workbooks }: Shop, pool: pg.Pool, say: (s: string) => void) {
  say(
    `▶ Importación bajo carga: al ritmo de una mañana con clientes (${BROWSING_RATE} pedidos/s), ${BROWSING_ROUNDS} rondas: solo y durante ${BROWSING_IMPORTS} importaciones seguidas...`,
  );
  // The customers' requests come from a process of their own (decision 086), warmed before the first window.
  const customers = await openSteadyLoad({ url: `${url}${CATALOGUE}`, headers: { authorization: `Bearer ${customer}` }, rate: BROWSING_RATE });
  const rounds = [];
  try {
    for (let round = 0; round < BROWSING_ROUNDS; round++) {
      await settleDatabase(pool);
      const alone = await customers.measure(10);
      // One import applies in about 3 s at this rate: 300 requests, whose p99 is their third-slowest.
      // BROWSING_IMPORTS imports in a row (alternating two files, so every one changes all 20,000
      // rows) give the round's "during" about as many requests as its "alone".
      const applying = (async () => {
        const runs = [];
        for (let i = 0; i < BROWSING_IMPORTS; i++) runs.push(await importFile(false, i % 2 === 0 ? workbooks.third : workbooks.fourth));
        return runs;
      })();
      const during = await customers.measure(120, applying.catch(() => undefined));
      rounds.push({ alone, during, runs: await applying });
    }
  } finally {
    // Also when an import fails: the generator would otherwise go on asking until the server stops.
    customers.close();
  }
  const runs = rounds.flatMap((r) => r.runs);
  const catalogueAlone = figuresOf(...rounds.map((r) => r.alone));
  const catalogueDuringImport = figuresOf(...rounds.map((r) => r.during));
  return {
    rate: BROWSING_RATE,
    catalogueAlone,
    catalogueDuringImport,
    p99Ratio: p99Ratio({ alone: catalogueAlone, during: catalogueDuringImport }),
    /** Each round's own figures, for the spread behind the pooled ones. */
    rounds: rounds.map((r) => {
      const alone = figuresOf(r.alone);
      const during = figuresOf(r.during);
      return { aloneP99: alone.p99, duringP99: during.p99, p99Ratio: p99Ratio({ alone, during }), duringRequests: during.requests };
    }),
    imports: runs.length,
    /** The mean of all the imports applied. */
    importApplySeconds: seconds(runs.reduce((sum, run) => sum + run.ms, 0) / runs.length),
    importUpdated: runs[runs.length - 1]!.value.updated,
  };
}

interface ImportUnderLoadFigures {
  catalogueAlone: Load;
  catalogueDuringImport: Load;
  p99Ratio: number;
  importDryRunSeconds: number;
  importApplyUnderLoadSeconds: number;
  importUpdated: number;
  importPeakServerMb: number | undefined;
  atHalfCapacity: Awaited<ReturnType<typeof compareAtHalfCapacity>>;
  atBrowsingRate: Awaited<ReturnType<typeof compareAtBrowsingRate>>;
}

function sayFigures(figures: ImportUnderLoadFigures, say: (s: string) => void) {
  const { catalogueAlone: alone, catalogueDuringImport: during } = figures;
  say(
    `  Catálogo p99 ${alone.p99} ms solo → ${during.p99} ms durante la importación (${figures.p99Ratio}×, ≤ 1,5) · ` +
      `${during.requests} pedidos, ${during.non2xx} no-2xx · importación: simulación ${figures.importDryRunSeconds} s, ` +
      `aplicación con la tienda saturada ${figures.importApplyUnderLoadSeconds} s (sin objetivo: cede a los clientes), ${figures.importUpdated} actualizados, memoria pico ${figures.importPeakServerMb} MB (≤ 300)`,
  );
  const half = figures.atHalfCapacity;
  say(
    `  A ${half.rate} pedidos/s: p99 ${half.catalogueAlone.p99} ms solo → ${half.catalogueDuringImport.p99} ms durante la importación (${half.p99Ratio}×, ≤ 1,5) · ` +
      `${half.catalogueDuringImport.non2xx} no-2xx · aplicación ${half.importApplySeconds} s (≤ 10), ${half.importUpdated} actualizados`,
  );
  const browsing = figures.atBrowsingRate;
  const perRound = browsing.rounds.map((r) => `${r.aloneP99} → ${r.duringP99} ms (${r.p99Ratio}×)`).join(', ');
  say(
    `  A ${BROWSING_RATE} pedidos/s: p99 ${browsing.catalogueAlone.p99} ms solo → ${browsing.catalogueDuringImport.p99} ms durante la importación (${browsing.p99Ratio}×, ≤ 1,5) · ` +
      `${browsing.rounds.length} rondas juntas (${perRound}) · ${browsing.catalogueAlone.requests} pedidos solo, ${browsing.catalogueDuringImport.requests} durante, ${browsing.catalogueDuringImport.non2xx} no-2xx · ` +
      `${browsing.imports} importaciones, aplicación ${browsing.importApplySeconds} s cada una (≤ 10), ${browsing.importUpdated} actualizados`,
  );
}
