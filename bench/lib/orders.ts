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
 * The raw SQL baseline: the transaction the product runs for an order, written by hand and sent
 * directly with pg from `workers` connections, without HTTP, validation, pricing or pipelining —
 * the customer and settings read with the replayed-key check, the customer's account locked for
 * the credit check, the products locked in id order, the order inserted (its database triggers:
 * the items check, the sales summary), each limited line's conditional stock decrement with its
 * stock ledger row, the cart emptied, the customer's and the admins' e-mails queued in the outbox
 * (as already sent, so the product's server running meanwhile does not render them), and NOTIFY.
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
          const started = performance.now();
          try {
            await rawOrderTransaction(client, userId, lines);
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

/**
 * One order of the raw baseline, in its own transaction (see runRawOrderLoad). Like the product,
 * it reads the products without locking them and takes the stock last, in one statement that
 * locks the rows in id order, so the shared product's row is held from there to the commit only.
 */
async function rawOrderTransaction(client: pg.Client, userId: string, lines: { product_id: string; quantity: number }[]): Promise<void> {
  const orderId = randomUUID();
  const key = randomUUID();
  await client.query('begin');
  const { rows: context } = await client.query(
    `select (select row_to_json(c) from (select nombre, apellido, email, dni from profiles where id = $1) c) as customer,
            (select value from app_settings) as settings,
            (select id from orders where user_id = $1 and idempotency_key = $2) as replay`,
    [userId, key],
  );
  await client.query(`select 1 from customer_accounts where profile_id = $1 for update`, [userId]);
  const { rows: products } = await client.query(`select id, name, price, stock, has_unlimited_stock, is_enabled from products where id = any($1::uuid[])`, [
    lines.map((l) => l.product_id),
  ]);
  let total = 0;
  const items = lines.map((l) => {
    const p = products.find((x) => x.id === l.product_id);
    total += Number(p.price) * l.quantity;
    return { product_id: l.product_id, name: p.name, quantity: l.quantity, price: Number(p.price), total: Number(p.price) * l.quantity, discounts: {} };
  });
  const limited = lines.filter((l) => !products.find((x) => x.id === l.product_id).has_unlimited_stock);
  await client.query(
    `insert into orders (id, user_id, user_info, items, total, total_savings, status, observaciones, canjeado_con_puntos, idempotency_key)
     values ($1, $2, $3, $4, $5, 0, 'Pendiente', 'bench', false, $6)`,
    [orderId, userId, JSON.stringify(context[0].customer), JSON.stringify(items), total, key],
  );
  await client.query(`update cart set cart_data = '{}'::jsonb, updated_at = now() where user_id = $1`, [userId]);
  await client.query(
    `insert into email_outbox (kind, recipient, order_id, status, sent_at)
     values ('order_placed', $1, $2, 'sent', now()), ('admin_new_order', 'admin@bench.test', $2, 'sent', now())`,
    [context[0].customer.email, orderId],
  );
  await client.query(`select pg_notify('orders_insert', $1)`, [JSON.stringify({ id: orderId, total })]);
  const taken = await client.query(
    `with wanted as (select * from unnest($1::uuid[], $2::int[]) as w(id, quantity)),
          locked as (select p.id from products p join wanted w on w.id = p.id order by p.id for update of p),
          taken as (update products p set stock = p.stock - w.quantity, updated_at = now()
                      from wanted w where p.id = w.id and p.id in (select id from locked) and p.stock >= w.quantity
                    returning p.id, p.stock, w.quantity)
     insert into stock_movements (product_id, kind, quantity, balance, order_id, actor_id)
     select id, 'order', -quantity, stock, $3, $4 from taken`,
    [limited.map((l) => l.product_id), limited.map((l) => l.quantity), orderId, userId],
  );
  if (taken.rowCount !== limited.length) throw new Error('stock');
  await client.query('commit');
}
