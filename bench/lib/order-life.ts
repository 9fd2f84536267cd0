import type pg from 'pg';
import type { DashboardPeriod } from '@mayorista/core/schemas/order-life';
import { loadDashboard } from '../../apps/server/src/flows/read-dashboard';
import { runOrderLoad, type LoadResult } from './orders';
import { percentile } from './processes';
import { checkpoint } from './seed';

/**
 * The order-life work's (decision 014) bench phase: the admin dashboard's queries on the dataset's 20,000 orders (all within
 * the last two weeks, so "month" reads every one of them), and what writing the order e-mails to
 * the outbox inside the order's transaction costs the order throughput.
 */

const round = (n: number) => Math.round(n * 100) / 100;

async function timeDashboard(pool: pg.Pool, period: DashboardPeriod, runs: number) {
  await loadDashboard(pool, period); // plans and caches warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await loadDashboard(pool, period);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)) };
}

export async function measureDashboard(pool: pg.Pool, runs: number) {
  const orders = Number((await pool.query('select count(*) from orders')).rows[0].count);
  return {
    orders,
    day: await timeDashboard(pool, 'day', runs),
    week: await timeDashboard(pool, 'week', runs),
    month: await timeDashboard(pool, 'month', runs),
    target: { p95MsAtMost: 50 },
  };
}

const setEmails = (pool: pg.Pool, on: boolean) =>
  pool.query(`update app_settings set value = value || $1::jsonb`, [
    JSON.stringify({
      email_customer_order_placed: on,
      email_admin_new_order: on,
      admin_email_recipients: on ? ['pedidos@example.com'] : [],
    }),
  ]);

/**
 * Waits until the server's outbox worker has sent every e-mail due (at most `timeoutMs`), and
 * answers how long that took. The orders the product accepted leave e-mails to send; measuring
 * the next run while they are still being rendered and written would hand that run's CPU to
 * them, so every side of a comparison starts with the outbox empty.
 */
export async function waitForOutboxDrained(pool: pg.Pool, timeoutMs = 180_000): Promise<number> {
  // The servers inherit this environment: with their worker off (a diagnosis run) nothing is sent.
  if (process.env.OUTBOX_WORKER === '0') return 0;
  const started = Date.now();
  for (;;) {
    const { rows } = await pool.query(`select count(*)::int as n from email_outbox where status = 'pending' and next_attempt_at <= now()`);
    if (rows[0].n === 0 || Date.now() - started > timeoutMs) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The same order load twice against the running server: e-mails switched off (no outbox rows:
 * the order's transaction as before the order-life work (decision 014), plus reading the settings) and on (a customer and
 * an admin row per order, and the server's worker rendering and "sending" them meanwhile).
 * Off, on, off, on: each side gets half the run at each position.
 */
export async function measureOutboxCost(
  pool: pg.Pool,
  load: { url: string; tokens: string[]; hotProductId: string; others: string[] },
  seconds: number,
): Promise<{ emailsOff: number; emailsOn: number; ratio: number; outboxRows: number; target: { ratioAtLeast: number } }> {
  const half = Math.max(2, Math.round(seconds / 2));
  const runs: { on: boolean; result: LoadResult }[] = [];
  const before = Number((await pool.query('select count(*) from email_outbox')).rows[0].count);
  for (const on of [false, true, false, true]) {
    await setEmails(pool, on);
    await waitForOutboxDrained(pool);
    await checkpoint(pool);
    runs.push({ on, result: await runOrderLoad({ ...load, seconds: half }) });
  }
  await setEmails(pool, false);
  const rate = (on: boolean) => {
    const side = runs.filter((r) => r.on === on);
    return side.reduce((sum, r) => sum + r.result.completed, 0) / (side.length * half);
  };
  const emailsOff = round(rate(false));
  const emailsOn = round(rate(true));
  const outboxRows = Number((await pool.query('select count(*) from email_outbox')).rows[0].count) - before;
  return { emailsOff, emailsOn, ratio: round(emailsOn / emailsOff), outboxRows, target: { ratioAtLeast: 0.85 } };
}
