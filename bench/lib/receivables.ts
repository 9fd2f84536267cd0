import path from 'node:path';
import type pg from 'pg';
import { addDays, businessDay } from '@mayorista/core/receivables';
import { receivablesQuerySchema } from '@mayorista/core/schemas/receivables';
import { createAccountReader } from '../../apps/server/src/flows/read-account';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { runOrderLoad } from './orders';
import { timeRuns, productionServerEnv, ROOT, startProcess } from './processes';
import { settleDatabase, type BenchDataset } from './seed';

/**
 * The cuenta corriente's bench phase (decisions 037–039): on the seeded dataset, 200,000 account
 * movements over the 2,000 customers (one of them with 5,000), then
 * - the "Resumen de cuenta" PDF of the 5,000-movement customer (target ≤ 1 s);
 * - the admin's aging list over every customer (target p95 ≤ 100 ms);
 * - the order throughput of customers whose orders go through the credit check (an account with a
 *   limit and open charges, row locked per order) next to customers who have no account, on the
 *   same server, alternated (target ≥ 0.9×).
 * The movements are written in bulk SQL with consistent balances and open items, not through the
 * flows: the phase measures reads and the order path, not 200,000 HTTP calls.
 */

const round = (n: number) => Math.round(n * 100) / 100;

async function seedMovements(pool: pg.Pool, skip: string[], big: string): Promise<number> {
  await pool.query(
    `insert into customer_accounts (profile_id, credit_limit, payment_terms_days)
     select id, 100000000000, 15 from profiles where not is_admin and not is_super_admin and id <> all($1::uuid[])`,
    [skip],
  );
  // Each customer: charges of $100 (odd k) and credit notes of $70 (even k), four a day, ending
  // today; the big customer has 5,000, the rest 100 each (≈ 200,000 in all).
  await pool.query(
    `insert into account_movements (profile_id, kind, amount, balance, due_date, entry_date, reason)
     select profile_id, kind, amount, sum(amount) over (partition by profile_id order by k), due, day, null
       from (
         select a.profile_id, k,
                case when k % 2 = 1 then 'charge' else 'credit_note' end as kind,
                case when k % 2 = 1 then 10000 else -7000 end as amount,
                current_date - (n - k) / 4 as day,
                case when k % 2 = 1 then current_date - (n - k) / 4 + 15 end as due
           from customer_accounts a
           cross join lateral (select case when a.profile_id = $1::uuid then 5000 else 100 end as n) sizes
           cross join lateral generate_series(1, sizes.n) k
       ) m
      order by profile_id, k`,
    [big],
  );
  // What is still owed (balance = Σ open): the newest charges, fully open, up to the balance.
  await pool.query(
    `update customer_accounts a set balance = s.sum from (select profile_id, sum(amount) as sum from account_movements group by 1) s
      where s.profile_id = a.profile_id`,
  );
  await pool.query(
    `insert into account_open_items (movement_id, profile_id, order_id, due_date, amount, open)
     select id, profile_id, null, due_date, amount, case when rank * 10000 <= balance then amount else 0 end
       from (select m.id, m.profile_id, m.due_date, m.amount, a.balance,
                    row_number() over (partition by m.profile_id order by m.id desc) as rank
               from account_movements m join customer_accounts a on a.profile_id = m.profile_id where m.kind = 'charge') c`,
  );
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from account_movements`);
  return rows[0]!.n;
}


export interface ReceivablesPhaseOptions {
  pool: pg.Pool;
  databaseUrl: string;
  data: BenchDataset;
  secret: string;
  workDir: string;
  cpu: number | null;
  seconds: number;
  rounds: number;
  say: (s: string) => void;
}

export async function runReceivablesPhase(o: ReceivablesPhaseOptions) {
  const withoutAccount = o.data.customers.slice(0, 16);
  const withCheck = o.data.customers.slice(32, 48);
  const big = o.data.customers[63]!.id;
  o.say('▶ Cuenta corriente: 200.000 movimientos...');
  const movements = await seedMovements(
    o.pool,
    withoutAccount.map((c) => c.id),
    big,
  );
  await settleDatabase(o.pool);
  const reader = createAccountReader({ pool: o.pool, catalogName: 'Bench' });
  const today = businessDay(new Date());
  o.say('▶ Resumen de cuenta de 5.000 movimientos y saldos por antigüedad...');
  // 5,000 movements four a day: 1,250 days, within the statement's five-year limit.
  const period = { from: addDays(today, -1300), to: today };
  const statement = await timeRuns(5, () => reader.statementPdf(big, period));
  const pdfBytes = (await reader.statementPdf(big, period)).pdf.length;
  const agingDefault = await timeRuns(50, () => reader.aging(receivablesQuerySchema.parse({})));
  const agingByName = await timeRuns(50, () =>
    reader.aging(receivablesQuerySchema.parse({ filter: 'all', sort: 'name', dir: 'asc' })),
  );
  o.say('▶ Pedidos con y sin control de crédito...');
  const orders = await compareOrderThroughput(o, withoutAccount, withCheck);
  return {
    movements,
    statement: { movements: 5000, ...statement, pdfBytes, target: { msAtMost: 1000 } },
    aging: { customers: 2000, default: agingDefault, allByName: agingByName, target: { p95MsAtMost: 100 } },
    orders,
  };
}

async function compareOrderThroughput(
  o: ReceivablesPhaseOptions,
  without: BenchDataset['customers'],
  withCheck: BenchDataset['customers'],
) {
  const port = await findFreePort();
  const env = {
    ...productionServerEnv({
      databaseUrl: o.databaseUrl,
      secret: o.secret,
      port,
      dataDir: path.join(o.workDir, 'app-receivables'),
    }),
    RATE_LIMIT_ORDERS_MAX: '1000000',
  };
  const server = await startProcess({ script: path.join(ROOT, 'apps/server/dist/main.js'), env, port, cpu: o.cpu });
  const load = (customers: BenchDataset['customers'], seconds: number) =>
    runOrderLoad({
      url: server.url,
      tokens: customers.map((c) => c.token),
      hotProductId: o.data.hotProductId,
      others: o.data.otherProductIds,
      seconds,
    });
  try {
    await load(without, 2);
    await load(withCheck, 2);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < o.rounds; i++) {
      a.push((await load(without, o.seconds)).perSecond);
      b.push((await load(withCheck, o.seconds)).perSecond);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return {
      withoutCheckPerSecond: a.map(round),
      withCheckPerSecond: b.map(round),
      ratio: round(mean(b) / mean(a)),
      target: { ratioAtLeast: 0.9 },
    };
  } finally {
    await server.stop();
  }
}
