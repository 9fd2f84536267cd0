// Phase 2 of `npm run bench`: orders over HTTP against the server, next to the same transaction in raw SQL.
import type pg from 'pg';
import { runOrderLoad, runRawOrderLoad } from './orders';
import { waitForOutboxDrained } from './order-life';
import { cpuMs, sampleMemory, startCpuAccount } from './processes';
import { settleDatabase, type BenchDataset } from './seed';

const round = (n: number, d = 1) => Number(n.toFixed(d));

export type OrdersPhase = Awaited<ReturnType<typeof measureOrders>>;
export type OrderLoad = { url: string; tokens: string[]; hotProductId: string; others: string[] };

/**
 * Phase 2: the order load over HTTP against the server, then the same transaction in raw SQL (the
 * baseline, other customers) straight to the database, each side after a warm-up and settleDatabase.
 */
export async function measureOrders(seconds: number, warmUpSeconds: number, pool: pg.Pool, databaseUrl: string, data: BenchDataset, productLoad: OrderLoad, serverPid: number | null, postgresPid: () => number | null) {
  const rawLoad = { databaseUrl, customerIds: data.customers.slice(16, 32).map((c) => c.id), hotProductId: data.hotProductId, others: data.otherProductIds };
  // Both sides get the same start: a warm-up like the catalogue's (connections opened, code
  // compiled, statements prepared), then a settled database (settleDatabase).
  await runOrderLoad({ ...productLoad, seconds: warmUpSeconds });
  await waitForOutboxDrained(pool);
  await settleDatabase(pool);
  const stockBefore = Number((await pool.query(`select stock from products where id = $1`, [data.hotProductId])).rows[0].stock);
  const ordersBefore = Number((await pool.query(`select count(*) from orders`)).rows[0].count);
  const mem = sampleMemory([
    { name: 'server', pid: () => serverPid },
    { name: 'postgres', pid: postgresPid, withChildren: true },
  ]);
  const cpuBefore = cpuMs(serverPid);
  const productCpu = startCpuAccount(postgresPid());
  const productOrders = await runOrderLoad({ ...productLoad, seconds });
  const cpuAfter = cpuMs(serverPid);
  const productCpuPerOrder = productCpu.perOrder(productOrders.completed);
  const orderMemory = mem.stop();
  // The server's CPU per accepted order (its outbox thread included), a figure other load disturbs less.
  const serverCpuMsPerOrder = cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / Math.max(1, productOrders.completed), 2);
  const stockAfter = Number((await pool.query(`select stock from products where id = $1`, [data.hotProductId])).rows[0].stock);
  const newOrders = Number((await pool.query(`select count(*) from orders`)).rows[0].count) - ordersBefore;
  const negative = Number((await pool.query(`select count(*) from products where not has_unlimited_stock and stock < 0`)).rows[0].count);
  // The baseline starts once the product's e-mails are out (they would take its CPU otherwise).
  const emailsDrainedMs = await waitForOutboxDrained(pool);
  await runRawOrderLoad({ ...rawLoad, seconds: warmUpSeconds });
  await settleDatabase(pool);
  const rawCpu = startCpuAccount(postgresPid());
  const rawOrders = await runRawOrderLoad({ ...rawLoad, seconds });
  const rawCpuPerOrder = rawCpu.perOrder(rawOrders.completed);
  return {
    product: { ...productOrders, perSecond: round(productOrders.perSecond), memoryMb: orderMemory, serverCpuMsPerOrder, ...productCpuPerOrder, emailsDrainedMs },
    baseline: { ...rawOrders, perSecond: round(rawOrders.perSecond), ...rawCpuPerOrder },
    ratio: round(productOrders.perSecond / rawOrders.perSecond, 2),
    target: { ratioAtLeast: 0.7, p99MsAtMost: 150 },
    correctness: {
      ordersAccepted: productOrders.completed,
      ordersInDatabase: newOrders,
      hotStockSold: stockBefore - stockAfter,
      productsWithNegativeStock: negative,
      ok: newOrders === productOrders.completed && stockBefore - stockAfter === productOrders.completed && negative === 0,
    },
  };
}


/**
 * The round with the median ratio, whole (its rates, latencies and CPU belong together), with its
 * stock check widened to every round: one round that sold wrong fails the figure.
 */
export function medianRound(rounds: OrdersPhase[]): OrdersPhase {
  const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, correctness: { ...median.correctness, ok: rounds.every((r) => r.correctness.ok) } };
}
