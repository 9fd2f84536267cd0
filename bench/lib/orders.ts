import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { percentile } from './processes';

export interface LoadResult {
  completed: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: Record<string, number>;
}

function summarise(latencies: number[], failed: number, seconds: number, errors: Record<string, number>): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    completed: latencies.length,
    failed,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** Five lines: the hot product every order shares, plus four others picked per order. */
export function orderLines(hotProductId: string, others: string[], n: number) {
  const lines = [{ product_id: hotProductId, quantity: 1 }];
  for (let i = 0; i < 4; i++) lines.push({ product_id: others[(n * 4 + i * 37) % others.length]!, quantity: 1 + ((n + i) % 3) });
  // Distinct products per order.
  return lines.filter((l, i, all) => all.findIndex((o) => o.product_id === l.product_id) === i);
}

/**
 * One POST over a kept-alive connection with node:http. The load generator shares the machine's
 * two cores with the server and PostgreSQL; `fetch` (undici) spent ~1–1.5 ms of CPU per order
 * here against ~0.7 ms for the baseline's pg client, CPU the server then did not have.
 */
function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `workers` customers in parallel, each placing orders back to back over HTTP for `seconds`. */
export async function runOrderLoad(opts: { url: string; tokens: string[]; hotProductId: string; others: string[]; seconds: number }): Promise<LoadResult> {
  const deadline = Date.now() + opts.seconds * 1000;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.tokens.length });
  const target = new URL('/api/orders', opts.url);
  let failed = 0;
  let n = 0;
  try {
    await Promise.all(
      opts.tokens.map(async (token) => {
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        while (Date.now() < deadline) {
          const i = n++;
          const started = performance.now();
          const body = JSON.stringify({ items: orderLines(opts.hotProductId, opts.others, i), observaciones: 'bench', canjeado_con_puntos: false, idempotency_key: randomUUID() });
          const res = await post(agent, target, headers, body);
          if (res.status === 201) latencies.push(performance.now() - started);
          else {
            failed++;
            const key = `${res.status} ${res.body.slice(0, 80)}`;
            errors[key] = (errors[key] ?? 0) + 1;
          }
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return summarise(latencies, failed, opts.seconds, errors);
}

/**
 * The raw SQL baseline: the same transaction the product runs for an order (lock the products,
 * conditional stock decrements, insert the order with its snapshot, empty the cart, NOTIFY),
 * sent directly with pg from `workers` connections, without HTTP, validation or pricing code.
 */
export async function runRawOrderLoad(opts: { databaseUrl: string; customerIds: string[]; hotProductId: string; others: string[]; seconds: number }): Promise<LoadResult> {
  const deadline = Date.now() + opts.seconds * 1000;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let failed = 0;
  let n = 0;
  await Promise.all(
    opts.customerIds.map(async (userId) => {
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      try {
        while (Date.now() < deadline) {
          const lines = orderLines(opts.hotProductId, opts.others, n++);
          const ids = lines.map((l) => l.product_id);
          const started = performance.now();
          try {
            await client.query('begin');
            const { rows: products } = await client.query(
              `select id, name, price, stock, has_unlimited_stock, is_enabled from products where id = any($1::uuid[]) order by id for update`,
              [ids],
            );
            const { rows: profile } = await client.query(`select nombre, apellido, email, dni from profiles where id = $1`, [userId]);
            let total = 0;
            const items = lines.map((l) => {
              const p = products.find((x) => x.id === l.product_id);
              total += Number(p.price) * l.quantity;
              return { product_id: l.product_id, name: p.name, quantity: l.quantity, price: Number(p.price), total: Number(p.price) * l.quantity, discounts: {} };
            });
            for (const l of lines) {
              const p = products.find((x) => x.id === l.product_id);
              if (!p.has_unlimited_stock) {
                const r = await client.query(`update products set stock = stock - $2, updated_at = now() where id = $1 and stock >= $2`, [l.product_id, l.quantity]);
                if (r.rowCount !== 1) throw new Error('stock');
              }
            }
            const { rows: order } = await client.query(
              `insert into orders (user_id, user_info, items, total, total_savings, status, observaciones, canjeado_con_puntos, idempotency_key)
               values ($1, $2, $3, $4, 0, 'Pendiente', 'bench', false, $5) returning id, created_at`,
              [userId, JSON.stringify(profile[0]), JSON.stringify(items), total, randomUUID()],
            );
            await client.query(`update cart set cart_data = '{}'::jsonb, updated_at = now() where user_id = $1`, [userId]);
            await client.query(`select pg_notify('orders_insert', $1)`, [JSON.stringify({ id: order[0].id, total })]);
            await client.query('commit');
            latencies.push(performance.now() - started);
          } catch (error) {
            await client.query('rollback');
            failed++;
            const key = String((error as Error).message).slice(0, 80);
            errors[key] = (errors[key] ?? 0) + 1;
          }
        }
      } finally {
        await client.end();
      }
    }),
  );
  return summarise(latencies, failed, opts.seconds, errors);
}
