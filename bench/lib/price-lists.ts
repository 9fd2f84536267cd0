// The business-identity work (decision 018): the catalogue read with customers on price lists, next to the
// bare baseline. Target: ≥ 0.95× the baseline's req/s.
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { ROOT, startProcess } from './processes';

const round = (n: number, d = 2) => Number(n.toFixed(d));

interface Options {
  pool: pg.Pool;
  databaseUrl: string;
  productUrl: string;
  /** The customers put on lists: their ids and tokens (taken from the end of the dataset, away from the order load). */
  customers: { id: string; token: string }[];
  catalogPath: string;
  seconds: number;
  warmUpSeconds: number;
  cpu: number | null;
  say: (s: string) => void;
}

/**
 * Two lists like a distributor's ("Lista 2" −5 % with 500 explicit prices, "Recargo" +8 %) and
 * customers spread over them and the base list. The product's load rotates over those customers'
 * tokens on every request (autocannon cycles the request list per connection), so each list's
 * pages are cached and served side by side, as in a shop where customers on every list browse at once.
 */
async function createLists(pool: pg.Pool, customers: Options['customers']): Promise<void> {
  await pool.query(`delete from price_lists where name in ('Lista 2 bench', 'Recargo bench')`);
  const { rows } = await pool.query<{ id: string }>(
    `insert into price_lists (name, percentage_bp) values ('Lista 2 bench', -500), ('Recargo bench', 800) returning id`,
  );
  const [lista2, recargo] = rows.map((r) => r.id);
  await pool.query(
    `insert into price_list_items (list_id, product_id, price)
     select $1, id, greatest(1, price * 9 / 10) from products where is_enabled order by name limit 500`,
    [lista2],
  );
  // A third on each list, a third on the base list.
  const ids = customers.map((c) => c.id);
  await pool.query(`update profiles set price_list_id = $2 where id = any($1::uuid[])`, [ids.filter((_, i) => i % 3 === 0), lista2]);
  await pool.query(`update profiles set price_list_id = $2 where id = any($1::uuid[])`, [ids.filter((_, i) => i % 3 === 1), recargo]);
}

async function load(url: string, requests: { path: string; headers: Record<string, string> }[], seconds: number) {
  const run = (duration: number) => autocannon({ url, connections: 50, duration, requests: requests.map((r) => ({ method: 'GET' as const, ...r })) });
  return run(seconds);
}

export async function runPriceListCatalogue(options: Options) {
  const { pool, productUrl, customers, catalogPath, seconds, warmUpSeconds, say } = options;
  say('▶ Catálogo con clientes en listas de precios (50 conexiones, 3 listas)...');
  await createLists(pool, customers);
  const onLists = customers.map((c) => ({ path: catalogPath, headers: { authorization: `Bearer ${c.token}` } }));
  const baseOnly = onLists.filter((_, i) => i % 3 === 2);

  await load(productUrl, onLists, warmUpSeconds);
  const product = await load(productUrl, onLists, seconds);
  await load(productUrl, baseOnly, warmUpSeconds);
  const productBaseList = await load(productUrl, baseOnly, seconds);

  const basePort = await findFreePort();
  const baseline = await startProcess({
    script: path.join(ROOT, 'bench/baselines/catalog-baseline.mjs'),
    env: { DATABASE_URL: options.databaseUrl, PORT: String(basePort) },
    port: basePort,
    cpu: options.cpu,
  });
  let bare: autocannon.Result;
  try {
    await load(baseline.url, onLists, warmUpSeconds);
    bare = await load(baseline.url, onLists, seconds);
  } finally {
    await baseline.stop();
  }
  const figures = (r: autocannon.Result) => ({ rps: round(r.requests.average, 1), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
  return {
    request: `GET ${catalogPath}, ${customers.length} clientes: 1/3 "Lista 2" (−5 %, 500 precios propios), 1/3 "Recargo" (+8 %), 1/3 lista base`,
    productOnLists: figures(product),
    productBaseListOnly: figures(productBaseList),
    baseline: figures(bare),
    rpsRatio: round(product.requests.average / bare.requests.average),
    rpsRatioBaseListOnly: round(productBaseList.requests.average / bare.requests.average),
    target: { rpsRatioAtLeast: 0.95 },
  };
}
