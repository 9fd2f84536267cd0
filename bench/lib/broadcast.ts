// `npm run bench -- --scenarios=broadcast` (bench/README.md "Lunes 9 de la mañana"): the morning the
// distributor broadcasts "ya está la lista nueva" by WhatsApp. 1,000 customers on three price lists
// arrive over a minute, most of them at once, and each one does what the app does for a returning
// buyer: refresh the session, read the profile and cart, open the catalogue, search twice, add ten
// lines (the cart saves 1 s after the last change), place the order; some download its PDF.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { createPool } from '../../apps/server/src/db/client';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { hashOpaqueToken } from '../../apps/server/src/modules/accounts/secure-tokens';
import { listenForNewOrders } from './live-notices';
import { percentile, productionServerEnv, ROOT, sampleMemory, startProcess } from './processes';
import { seedBenchDataset, settleDatabase } from './seed';

export interface BroadcastOptions {
  databaseUrl: string;
  workDir: string;
  cpu: number | null;
  say: (line: string) => void;
  /** PostgreSQL's postmaster, when the bench started it (its backends are counted with it). */
  postgresPid: () => number | null;
  customers?: number;
  seconds?: number;
  /**
   * Server processes on the one database (default 1). With two, the customers alternate between
   * them and an admin is connected to each: every new order must reach both (LISTEN/NOTIFY).
   */
  processes?: number;
}

const STEPS = ['sesión', 'perfil', 'carrito', 'catálogo', 'búsqueda', 'guardar carrito', 'pedido', 'PDF'] as const;
type Step = (typeof STEPS)[number];
const PDF_DOWNLOADS = 50;
const LINES = 10;
/** Lines are added in three bursts; each burst ends with the 1-second debounced save. */
const BURSTS = [4, 3, 3];
const SEARCHES = ['yerba', 'azúcar 12', 'gaseosa', 'jabón', 'fideos 3', 'café', 'dulce de leche', 'aceite'];

/**
 * Arrival times over `seconds`: a broadcast's arrivals decay (most people open the message in the
 * first minutes), modelled as an exponential with a 15-second time constant, truncated at the end
 * of the window; deterministic quantiles so every run sees the same curve.
 */
export function arrivalTimesMs(count: number, seconds: number, tauSeconds = 15): number[] {
  const tail = 1 - Math.exp(-seconds / tauSeconds);
  return Array.from({ length: count }, (_, i) => -tauSeconds * Math.log(1 - ((i + 0.5) / count) * tail) * 1000);
}

interface Answer {
  status: number;
  body: string;
}

/** One request on a kept-alive connection (node:http: `fetch` costs the shared cores more CPU, decision 023). */
function request(agent: http.Agent, base: URL, method: string, pathAndQuery: string, token: string | null, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, path: pathAndQuery, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the customers of one run measured, per step, and what they ordered (for the stock check). */
class Journal {
  readonly latencies = new Map<Step, number[]>(STEPS.map((s) => [s, []]));
  readonly errors = new Map<Step, Record<string, number>>(STEPS.map((s) => [s, {}]));
  readonly sold = new Map<string, number>();
  ordersPlaced = 0;

  async timed(step: Step, expected: number, work: () => Promise<Answer>): Promise<Answer | null> {
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await work();
    } catch (error) {
      this.fail(step, `red: ${String(error).slice(0, 60)}`);
      return null;
    }
    if (answer.status !== expected) {
      this.fail(step, `${answer.status} ${answer.body.slice(0, 80)}`);
      return null;
    }
    this.latencies.get(step)!.push(performance.now() - started);
    return answer;
  }

  private fail(step: Step, key: string) {
    const errors = this.errors.get(step)!;
    errors[key] = (errors[key] ?? 0) + 1;
  }

  summary() {
    return Object.fromEntries(
      STEPS.map((step) => {
        const sorted = [...this.latencies.get(step)!].sort((a, b) => a - b);
        const errors = this.errors.get(step)!;
        const ms = (p: number) => Math.round(percentile(sorted, p));
        return [step, { requests: sorted.length, p50: ms(50), p95: ms(95), p99: ms(99), errors: Object.values(errors).reduce((a, b) => a + b, 0), errorKinds: errors }];
      }),
    );
  }
}

interface Customer {
  id: string;
  refreshToken: string;
}

/**
 * The ten products of customer `n`: the shared limited-stock product, and nine others spread over
 * the pool, one or two units each, so a thousand orders stay within the seeded stocks (a refusal
 * for lack of stock would be the right answer, but not what this morning measures).
 */
function cartOf(n: number, hotProductId: string, others: string[]): Record<string, number> {
  const cart: Record<string, number> = { [hotProductId]: 1 + (n % 3) };
  for (let i = 0; Object.keys(cart).length < LINES; i++) cart[others[(n * 9 + i * 31) % others.length]!] = 1 + ((n + i) % 2);
  return cart;
}

/** One returning buyer's visit, in the order the app makes its requests, with a person's pauses. */
interface VisitContext {
  agent: http.Agent;
  base: URL;
  journal: Journal;
  hotProductId: string;
  others: string[];
  /** Every how many customers one downloads the PDF of the order (50 in all). */
  pdfEvery: number;
}

async function visit(n: number, customer: Customer, ctx: VisitContext) {
  const { agent, base, journal } = ctx;
  const call = (method: string, route: string, token: string | null, body?: unknown) => () => request(agent, base, method, route, token, body);
  const session = await journal.timed('sesión', 200, call('POST', '/api/auth/token?grant_type=refresh_token', null, { refresh_token: customer.refreshToken }));
  if (!session) return;
  const token = (JSON.parse(session.body) as { access_token: string }).access_token;
  await Promise.all([
    journal.timed('perfil', 200, call('GET', `/api/profiles/${customer.id}`, token)),
    journal.timed('carrito', 200, call('GET', '/api/cart', token)),
    journal.timed('catálogo', 200, call('GET', '/api/products?page=1&page_size=48', token)),
  ]);
  for (const search of [SEARCHES[n % SEARCHES.length]!, SEARCHES[(n + 3) % SEARCHES.length]!]) {
    await pause(1500 + (n % 7) * 200);
    await journal.timed('búsqueda', 200, call('GET', `/api/products?search=${encodeURIComponent(search)}&page=1&page_size=48`, token));
  }
  const wanted = Object.entries(cartOf(n, ctx.hotProductId, ctx.others));
  let added = 0;
  for (const burst of BURSTS) {
    // A burst of taps about 0.3 s apart, then the debounce's second of quiet, then the save.
    await pause(burst * 300 + 1000);
    added += burst;
    const saved = await journal.timed('guardar carrito', 200, call('PUT', '/api/cart', token, { cart_data: Object.fromEntries(wanted.slice(0, added)) }));
    if (!saved) return;
  }
  await pause(2000);
  const items = wanted.map(([product_id, quantity]) => ({ product_id, quantity }));
  const order = await journal.timed(
    'pedido',
    201,
    call('POST', '/api/orders', token, { items, observaciones: '', canjeado_con_puntos: false, idempotency_key: randomUUID() }),
  );
  if (!order) return;
  journal.ordersPlaced++;
  for (const { product_id, quantity } of items) journal.sold.set(product_id, (journal.sold.get(product_id) ?? 0) + quantity);
  if (n % ctx.pdfEvery === 0) {
    const { order: placed } = JSON.parse(order.body) as { order: { id: string } };
    await journal.timed('PDF', 200, call('GET', `/api/orders/${placed.id}/pdf`, token));
  }
}

/**
 * Three price lists (−5 %, +8 %, and one with explicit prices for 300 products), each customer on
 * one of them in turn, and a refresh token per customer as a returning buyer's app keeps it.
 */
async function prepareCustomers(pool: pg.Pool, count: number): Promise<Customer[]> {
  const { rows: lists } = await pool.query<{ id: string }>(
    `insert into price_lists (name, percentage_bp) values ('Lista Bench A', -500), ('Lista Bench B', 800), ('Lista Bench C', 0) returning id`,
  );
  await pool.query(
    `insert into price_list_items (list_id, product_id, price)
     select $1, id, greatest(1, price * 95 / 100) from products where is_enabled order by id limit 300`,
    [lists[2]!.id],
  );
  const { rows } = await pool.query<{ id: string }>(`select id from profiles where not is_admin order by id limit $1`, [count]);
  await pool.query(
    `update profiles p set price_list_id = (array[$2::uuid, $3::uuid, $4::uuid])[1 + (c.n % 3)]
     from (select id, (row_number() over (order by id))::int as n from profiles where id = any($1::uuid[])) c where p.id = c.id`,
    [rows.map((r) => r.id), lists[0]!.id, lists[1]!.id, lists[2]!.id],
  );
  const customers = rows.map((r) => ({ id: r.id, refreshToken: randomBytes(32).toString('base64url'), sessionId: randomUUID() }));
  await pool.query(`insert into sessions (id, user_id) select * from unnest($1::uuid[], $2::uuid[])`, [
    customers.map((c) => c.sessionId),
    customers.map((c) => c.id),
  ]);
  await pool.query(`insert into refresh_tokens (session_id, token_hash) select * from unnest($1::uuid[], $2::text[])`, [
    customers.map((c) => c.sessionId),
    customers.map((c) => hashOpaqueToken(c.refreshToken)),
  ]);
  return customers;
}

/** Stock sold per product according to the database, against what the placed orders asked for. */
async function stockCheck(pool: pg.Pool, before: Map<string, number>, sold: Map<string, number>) {
  const { rows } = await pool.query<{ id: string; stock: number }>(`select id, stock::int as stock from products where id = any($1::uuid[])`, [
    [...before.keys()],
  ]);
  const wrong = rows.filter((r) => before.get(r.id)! - r.stock !== (sold.get(r.id) ?? 0));
  const { rows: negative } = await pool.query(`select count(*)::int as n from products where not has_unlimited_stock and stock < 0`);
  return { productsChecked: rows.length, productsWrong: wrong.length, negative: negative[0].n as number };
}

/** A database of its own with the broadcast's customers, and the built server (or servers) on it. */
async function prepareShop(opts: BroadcastOptions, pool: pg.Pool, databaseUrl: string, count: number) {
  await runMigrations(pool);
  const secret = randomBytes(32).toString('base64url');
  const data = await seedBenchDataset(pool, new TextEncoder().encode(secret), { products: 5000, customers: count, orders: 1 });
  const customers = await prepareCustomers(pool, count);
  // Sixty limited-stock products (so the check covers sixty-one stock ledgers; each is in about
  // 90 of the thousand carts, 1–2 units, within its 300 or more) and unlimited ones.
  const { rows: limited } = await pool.query<{ id: string }>(
    `select id from products where is_enabled and not has_unlimited_stock and stock >= 300 order by id limit 60`,
  );
  await settleDatabase(pool);
  const servers = [];
  for (let i = 0; i < Math.max(1, opts.processes ?? 1); i++) {
    const port = await findFreePort();
    servers.push(
      await startProcess({
        script: path.join(ROOT, 'apps/server/dist/main.js'),
        env: {
          ...productionServerEnv({ databaseUrl, secret, port, dataDir: path.join(opts.workDir, `broadcast-app-${i}`) }),
          // A thousand customers come from a thousand addresses; here they share the bench's.
          RATE_LIMIT_AUTH_MAX: '1000000',
          RATE_LIMIT_ORDERS_MAX: '1000000',
        },
        port,
        cpu: opts.cpu,
      }),
    );
  }
  return {
    servers,
    adminToken: data.admin.token,
    customers,
    hotProductId: data.hotProductId,
    others: [...limited.map((r) => r.id), ...data.otherProductIds.slice(0, 40)],
    watched: [data.hotProductId, ...limited.map((r) => r.id)],
  };
}

type Shop = Awaited<ReturnType<typeof prepareShop>>;

/** Every customer arrives on the curve and makes their visit; answers what the journal saw. */
async function runVisits(opts: BroadcastOptions, shop: Shop, seconds: number) {
  const memory = sampleMemory([
    ...shop.servers.map((server, i) => ({ name: `server${i}`, pid: () => server.child.pid ?? null })),
    { name: 'postgres', pid: opts.postgresPid, withChildren: true },
  ]);
  const journal = new Journal();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const count = shop.customers.length;
  const ctx: VisitContext = {
    agent,
    base: new URL(shop.servers[0]!.url),
    journal,
    hotProductId: shop.hotProductId,
    others: shop.others,
    pdfEvery: Math.max(1, Math.floor(count / PDF_DOWNLOADS)),
  };
  const started = Date.now();
  const arrivals = arrivalTimesMs(count, seconds);
  await Promise.all(
    shop.customers.map(async (customer, n) => {
      await pause(arrivals[n]!);
      await visit(n, customer, { ...ctx, base: new URL(shop.servers[n % shop.servers.length]!.url) });
    }),
  );
  agent.destroy();
  const peak = memory.stop();
  const server = shop.servers.reduce((sum, _, i) => sum + (peak[`server${i}`] ?? 0), 0);
  return { journal, wallSeconds: Number(((Date.now() - started) / 1000).toFixed(1)), peak: { server, postgres: peak.postgres ?? 0 } };
}

const countOf = async (pool: pg.Pool, sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0].n as number;

export async function runBroadcastPhase(opts: BroadcastOptions) {
  const count = opts.customers ?? 1000;
  const seconds = opts.seconds ?? 60;
  const name = `mayorista_broadcast_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = opts.databaseUrl.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  const pool = createPool(databaseUrl, 2);
  let shop: Shop | null = null;
  try {
    opts.say(`▶ Difusión: cargando 5.000 productos y ${count.toLocaleString('es-AR')} clientes en 3 listas...`);
    shop = await prepareShop(opts, pool, databaseUrl, count);
    const { rows } = await pool.query<{ id: string; stock: number }>(`select id, stock::int as stock from products where id = any($1::uuid[])`, [shop.watched]);
    const stockBefore = new Map(rows.map((r) => [r.id, r.stock]));
    const outboxBefore = await countOf(pool, `select count(*)::int as n from email_outbox`);
    const since = new Date();
    const listeners = await Promise.all(shop.servers.map((server) => listenForNewOrders(server.url, shop!.adminToken)));

    opts.say(`▶ Difusión: ${count.toLocaleString('es-AR')} clientes llegan en ${seconds} s (la mayoría al principio)...`);
    const { journal, wallSeconds, peak } = await runVisits(opts, shop, seconds);

    // The notices travel after each commit; a few seconds cover the last ones.
    const heard = await Promise.all(listeners.map((listener) => listener.settle(journal.ordersPlaced, 10_000)));
    const ordersInDatabase = await countOf(pool, `select count(*)::int as n from orders where created_at >= $1`, [since]);
    const emailsQueued = (await countOf(pool, `select count(*)::int as n from email_outbox`)) - outboxBefore;
    const stock = await stockCheck(pool, stockBefore, journal.sold);
    const steps = journal.summary();
    const errors = Object.values(steps).reduce((sum, s) => sum + s.errors, 0);
    const otherStepsP99 = Math.max(...Object.entries(steps).filter(([step]) => step !== 'pedido').map(([, s]) => s.p99 || 0));
    const figures = {
      customers: count,
      processes: shop.servers.length,
      arrivalSeconds: seconds,
      wallSeconds,
      steps,
      errors,
      ordersPlaced: journal.ordersPlaced,
      ordersInDatabase,
      stock,
      emailsQueued,
      liveNoticesHeard: heard,
      peakMemoryMb: { server: peak.server ?? 0, postgres: peak.postgres ?? 0, total: (peak.server ?? 0) + (peak.postgres ?? 0) },
      correct: ordersInDatabase === count && journal.ordersPlaced === count && stock.productsWrong === 0 && stock.negative === 0 && emailsQueued === 2 * count && heard.every((n) => n === count),
      targets: { errors: 0, stepP99Ms: 300, orderP99Ms: 500, totalMemoryMb: 512 },
      met: { errors: errors === 0, stepP99: otherStepsP99 <= 300, orderP99: (steps.pedido?.p99 ?? Infinity) <= 500 },
    };
    reportBroadcast(figures, opts.say);
    return figures;
  } finally {
    for (const server of shop?.servers ?? []) await server.stop();
    await pool.end();
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

interface BroadcastReport {
  steps: ReturnType<Journal['summary']>;
  customers: number;
  ordersPlaced: number;
  ordersInDatabase: number;
  stock: Awaited<ReturnType<typeof stockCheck>>;
  emailsQueued: number;
  processes: number;
  liveNoticesHeard: number[];
  peakMemoryMb: { server: number; postgres: number; total: number };
  wallSeconds: number;
}

function reportBroadcast(f: BroadcastReport & { targets: { errors: number; stepP99Ms: number; orderP99Ms: number; totalMemoryMb: number } }, say: (line: string) => void) {
  const t = f.targets;
  for (const [step, s] of Object.entries(f.steps)) {
    const p99Target = step === 'pedido' ? t.orderP99Ms : t.stepP99Ms;
    say(
      `  ${step.padEnd(16)} ${String(s.requests).padStart(5)} solicitudes · p50 ${s.p50} · p95 ${s.p95} · p99 ${s.p99} ms (≤ ${p99Target}) · errores ${s.errors} (${t.errors})`,
    );
  }
  const stockOk = f.stock.productsWrong === 0 && f.stock.negative === 0;
  // An external PostgreSQL runs elsewhere: only the servers' memory is this machine's to measure.
  const { server, postgres, total } = f.peakMemoryMb;
  const memory =
    postgres > 0 ? `servidor ${server} MB + PostgreSQL ${postgres} MB = ${total} MB (≤ ${t.totalMemoryMb})` : `servidores ${server} MB (PostgreSQL externo, sin medir)`;
  say(
    `  Pedidos ${f.ordersPlaced}/${f.customers} (en la base ${f.ordersInDatabase}; todos) · stock ${stockOk ? 'exacto' : 'INCORRECTO'} · ` +
      `correos en cola ${f.emailsQueued} (${2 * f.customers}) · avisos en vivo ${f.liveNoticesHeard.join(' / ')} (${f.processes} ${f.processes === 1 ? 'proceso' : 'procesos'}) · memoria pico ${memory} · ${f.wallSeconds} s`,
  );
}
