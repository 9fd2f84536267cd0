// The catalogue's growth curve (the catalogue-at-scale work, decision 008): the same requests at 5,000, 20,000 and 50,000 products.
import autocannon from 'autocannon';
import pg from 'pg';
import { createPool } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { migrateUpTo } from './migration-time';
import { checkpoint, insertBenchProducts, settleDatabase } from './seed';

export const GROWTH_SIZES = [5_000, 20_000, 50_000] as const;
const CONNECTIONS = 20;

export interface LoadPoint {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Scenario {
  name: string;
  label: string;
  /** Paths in rotation: one fixed path, or a new one per request (a search typed by many buyers). */
  path: (n: number) => string;
  /** Who asks: the token of an approved customer or of an admin. */
  as: 'customer' | 'admin';
  /** The bare baseline answers the same SQL for it. */
  baseline: boolean;
}

const q = (s: string) => encodeURIComponent(s);
const SPELLINGS = [
  (x: number) => `yerba ${x}`,
  (x: number) => `${x} yerba`,
  (x: number) => `Yerba ${x}`,
  (x: number) => `YERBA ${x}`,
  (x: number) => `yérba ${x}`,
  (x: number) => `${x} Yerba`,
  (x: number) => `${x} YERBA`,
  (x: number) => `Yérba ${x}`,
];
const searchHitText = (n: number) => SPELLINGS[Math.floor(n / 250) % SPELLINGS.length]!(20 * (1 + (n % 250)));

/**
 * Pages are the same request repeated (every visitor opening the catalogue), so the product
 * answers them from its per-process cache; the baseline runs the SQL every time. Searches change
 * on every request (5,000 distinct texts, more than the cache holds), so both sides run the search
 * SQL every time: the figure is the index's, not the cache's.
 */
export const GROWTH_SCENARIOS: Scenario[] = [
  { name: 'page1', label: 'Página 1', path: () => '/api/products?page=1&page_size=48', as: 'customer', baseline: true },
  { name: 'page50', label: 'Página 50', path: () => '/api/products?page=50&page_size=48', as: 'customer', baseline: true },
  // "yerba 1240", "1240 YERBA", "yérba 1240"…: each matches a few of the thousands of "Yerba …"
  // at every size; 250 numbers × 8 spellings is more distinct texts than the cache keeps.
  {
    name: 'searchHit',
    label: 'Búsqueda con resultados',
    path: (n) => `/api/products?search=${q(searchHitText(n))}`,
    as: 'customer',
    baseline: true,
  },
  {
    name: 'searchMiss',
    label: 'Búsqueda sin resultados',
    path: (n) => `/api/products?search=${q(`zapato ${n % 5000}`)}`,
    as: 'customer',
    baseline: true,
  },
  {
    name: 'adminList',
    label: 'Lista de productos (admin)',
    path: () => '/api/products?include_disabled=1&page=1&page_size=100',
    as: 'admin',
    baseline: true,
  },
];

async function load(url: string, scenario: Scenario, token: string | null, seconds: number): Promise<LoadPoint> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: scenario.path(n++) }),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export interface GrowthOptions {
  pool: pg.Pool;
  productUrl: string;
  baselineUrl: string;
  tokens: { customer: string; admin: string };
  /** Products already in the database, numbered 1…existing by insertBenchProducts. */
  existing: number;
  seconds: number;
  warmUpSeconds: number;
  say: (s: string) => void;
  /** Scenario names to run (all when absent). */
  only?: string[];
}

export async function runCatalogueGrowth(opts: GrowthOptions) {
  const scenarios = opts.only ? GROWTH_SCENARIOS.filter((s) => opts.only!.includes(s.name)) : GROWTH_SCENARIOS;
  if (scenarios.length === 0) throw new Error(`no growth scenario named ${opts.only?.join(', ')}`);
  const sizes: Record<string, Record<string, { product: LoadPoint; baseline: LoadPoint | null }>> = {};
  let inserted = opts.existing;
  for (const size of GROWTH_SIZES) {
    if (size > inserted) {
      await insertBenchProducts(opts.pool, inserted + 1, size);
      inserted = size;
    }
    // Every size starts vacuumed, the first too: the order phase before it leaves the hot
    // product's row updated thousands of times, and a bloated table would slow only the 5k point.
    await opts.pool.query('vacuum analyze products');
    await checkpoint(opts.pool);
    opts.say(`  ${size.toLocaleString('es-AR')} productos...`);
    const points: Record<string, { product: LoadPoint; baseline: LoadPoint | null }> = {};
    for (const scenario of scenarios) {
      const token = opts.tokens[scenario.as];
      await load(opts.productUrl, scenario, token, opts.warmUpSeconds);
      const product = await load(opts.productUrl, scenario, token, opts.seconds);
      let baseline: LoadPoint | null = null;
      if (scenario.baseline) {
        await load(opts.baselineUrl, scenario, null, opts.warmUpSeconds);
        baseline = await load(opts.baselineUrl, scenario, null, opts.seconds);
      }
      points[scenario.name] = { product, baseline };
    }
    sizes[size] = points;
  }
  const first = sizes[GROWTH_SIZES[0]]!;
  const last = sizes[GROWTH_SIZES[2]]!;
  const ratios = Object.fromEntries(
    scenarios.map((s) => [
      s.name,
      Number((last[s.name]!.product.rps / Math.max(1, first[s.name]!.product.rps)).toFixed(2)),
    ]),
  );
  return {
    connections: CONNECTIONS,
    seconds: opts.seconds,
    scenarios: scenarios.map((s) => ({ name: s.name, label: s.label, example: s.path(1), as: s.as })),
    sizes,
    ratio50kTo5k: ratios,
    // The searches' targets are the Monday-broadcast work's (bench/README.md); the pages keep the catalogue-at-scale work's 0.7.
    targets: { searchP99MsAtMost: 50, ratioAtLeast: 0.7, searchRatioAtLeast: 0.8, searchHitVsBaselineAt5kAtLeast: 1, page1At5kRpsAtLeast: 600, non2xx: 0 },
  };
}

/**
 * Start-up migration on an existing shop of 50,000 products: a database at the schema before
 * `firstNewTag`, seeded, vacuumed, then migrated the way `main.ts` does it.
 */
export async function measureMigrationOnExistingCatalogue(databaseUrl: string, firstNewTag: string, products = 50_000) {
  const name = `mayorista_migration_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = databaseUrl.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  const pool = createPool(url, 2);
  try {
    await migrateUpTo(pool, firstNewTag);
    await insertBenchProducts(pool, 1, products);
    await settleDatabase(pool);
    const started = Date.now();
    await runMigrations(pool);
    return {
      products,
      fromTag: firstNewTag,
      seconds: Number(((Date.now() - started) / 1000).toFixed(2)),
      targetSecondsAtMost: 30,
    };
  } finally {
    await pool.end();
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}
