// `npm run bench -- --only=<phase>`: one phase alone, on its own database (decision 022).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createPool } from '../../apps/server/src/db/client';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { runMigrations } from '../../apps/server/src/db/migrate';
import type { Bench } from './bench-database';
import { runBroadcastPhase } from './broadcast';
import { runDeliveriesPhase } from './deliveries';
import { runImportUnderLoadPhase } from './import-under-load';
import { runOfflinePhase } from './offline';
import { measureDashboard } from './order-life';
import { runPricingPhase } from './pricing';
import { productionServerEnv, startProcess } from './processes';
import { runReceivablesPhase } from './receivables';
import { broadcastOptions, MAIN_JS, quick, say, SECONDS } from './run-options';
import { seedBenchDataset } from './seed';
import { runStartupPhase } from './startup';

/** One phase on its own database: the pricing phase, or the dashboard on the seeded 20,000 orders. */
export async function runOnePhase(phase: string, { databaseUrl, workDir, serverCpu, postgresPid }: Bench): Promise<unknown> {
  if (phase === 'pricing') return runPricingPhase({ databaseUrl, workDir, cpu: serverCpu, say });
  if (phase === 'broadcast') return runBroadcastPhase(broadcastOptions(databaseUrl, workDir, serverCpu, postgresPid));
  if (phase === 'import-load') return runImportUnderLoadPhase({ databaseUrl, workDir, cpu: serverCpu, say });
  if (phase === 'receivables') return runReceivablesOnly(databaseUrl, workDir, serverCpu);
  if (phase === 'deliveries') return runDeliveriesOnly(databaseUrl);
  if (phase === 'offline') return runOfflineOnly(databaseUrl, workDir, serverCpu);
  if (phase === 'startup') return runStartupOnly(databaseUrl, workDir);
  if (phase !== 'dashboard') throw new Error(`--only=${phase}: use pricing, import-load, dashboard, receivables, deliveries, offline, startup or broadcast`);
  say('▶ Cargando datos: 5.000 productos, 2.000 clientes, 20.000 pedidos...');
  const pool = createPool(databaseUrl, 4);
  try {
    await runMigrations(pool);
    await seedBenchDataset(pool, new TextEncoder().encode(randomBytes(32).toString('base64url')));
    say('▶ Panel de administración...');
    return await measureDashboard(pool, quick ? 20 : 60);
  } finally {
    await pool.end();
  }
}

/** `--only=startup`: the built app's start-up, empty and existing DATA_DIR, several times (decision 073). */
async function runStartupOnly(databaseUrl: string, workDir: string): Promise<unknown> {
  say('▶ Arranque (base embebida vacía y existente)...');
  const pool = createPool(databaseUrl, 1);
  try {
    return await runStartupPhase({ pool, workDir, runs: Math.max(1, Number(process.env.BENCH_STARTUP_RUNS ?? 5)), say });
  } finally {
    await pool.end();
  }
}

/** `--only=receivables`: the cuenta corriente's phase (decisions 037–039) on its own seeded database. */
async function runReceivablesOnly(databaseUrl: string, workDir: string, serverCpu: number | null): Promise<unknown> {
  say('▶ Cargando datos: 5.000 productos, 2.000 clientes, 20.000 pedidos...');
  const pool = createPool(databaseUrl, 4);
  try {
    await runMigrations(pool);
    const secret = randomBytes(32).toString('base64url');
    const data = await seedBenchDataset(pool, new TextEncoder().encode(secret));
    return await runReceivablesPhase({ pool, databaseUrl, data, secret, workDir, cpu: serverCpu, seconds: SECONDS, rounds: quick ? 1 : 3, say });
  } finally {
    await pool.end();
  }
}

/** `--only=deliveries`: Repartos' phase (decision 049) on its own seeded database. */
async function runDeliveriesOnly(databaseUrl: string): Promise<unknown> {
  say('▶ Cargando datos: 5.000 productos, 2.000 clientes, 20.000 pedidos...');
  const pool = createPool(databaseUrl, 4);
  try {
    await runMigrations(pool);
    await seedBenchDataset(pool, new TextEncoder().encode(randomBytes(32).toString('base64url')));
    return await runDeliveriesPhase({ pool, say });
  } finally {
    await pool.end();
  }
}

/** `--only=offline`: the "Sin conexión" phase on its own seeded database and built server. */
async function runOfflineOnly(databaseUrl: string, workDir: string, serverCpu: number | null): Promise<unknown> {
  say('▶ Cargando datos: 5.000 productos, 2.000 clientes, 20.000 pedidos...');
  const pool = createPool(databaseUrl, 4);
  const secret = randomBytes(32).toString('base64url');
  let data: Awaited<ReturnType<typeof seedBenchDataset>>;
  try {
    await runMigrations(pool);
    data = await seedBenchDataset(pool, new TextEncoder().encode(secret));
  } finally {
    await pool.end();
  }
  const port = await findFreePort();
  const server = await startProcess({
    script: MAIN_JS,
    env: productionServerEnv({ databaseUrl, secret, port, dataDir: path.join(workDir, 'app') }),
    port,
    cpu: serverCpu,
  });
  try {
    return await runOfflinePhase({ url: server.url, token: data.customers[0]!.token, say });
  } finally {
    await server.stop();
  }
}
