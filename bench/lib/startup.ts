import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { ROOT, startProcess } from './processes';

const MAIN_JS = path.join(ROOT, 'apps/server/dist/main.js');

/**
 * Start-up is measured on a settled disk: initdb makes its files durable, and on ext4 that waits
 * for other processes' unsynced writes too — the bench's own earlier phases (last, the migration
 * over 50,000 products) left up to seconds of them (decision 073). Outside the measured time.
 */
export async function settleDisk(pool: pg.Pool): Promise<void> {
  // CHECKPOINT needs a superuser or pg_checkpoint: an external BENCH_DATABASE_URL may have neither.
  await pool.query('checkpoint').catch(() => undefined);
  execFileSync('sync');
}

/**
 * The app starts as `npm start` runs it, on every core. The bench pins itself to core 1 for the load
 * phases and a child inherits that: until decision 073 the start-up (initdb, PostgreSQL, the app)
 * was measured on that one core, where nothing of it can overlap.
 */
async function onEveryCore<T>(work: () => Promise<T>): Promise<T> {
  const cores = os.cpus().length;
  const pid = String(process.pid);
  let pinned: string | null = null;
  try {
    // "pid 123's current affinity list: 1": put back afterwards, for any phase that follows.
    pinned = execFileSync('taskset', ['-cp', pid], { encoding: 'utf8' }).split(':').pop()!.trim();
    if (cores >= 2) execFileSync('taskset', ['-cp', `0-${cores - 1}`, pid], { stdio: 'ignore' });
  } catch {
    /* no taskset: not pinned either */
  }
  try {
    return await work();
  } finally {
    if (pinned) execFileSync('taskset', ['-cp', pinned, pid], { stdio: 'ignore' });
  }
}

/** One start of the built app with its embedded database on `dataDir`: ms from spawn until `/healthz` answers 200. */
export async function timeStartup(dataDir: string): Promise<number> {
  return onEveryCore(async () => {
    const port = await findFreePort();
    const s = await startProcess({ script: MAIN_JS, env: { DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' }, port, cpu: null });
    await s.stop();
    return s.startupMs;
  });
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { minMs: sorted[0]!, medianMs: sorted[Math.floor(sorted.length / 2)]!, allMs: ms };
};

/**
 * `--only=startup`: `runs` pairs — a fresh DATA_DIR, then the same one again — with the minimum and
 * the median of each, since on a shared machine one start says little (`BENCH_STARTUP_RUNS`, default 5).
 */
export async function runStartupPhase(opts: { pool: pg.Pool; workDir: string; runs: number; say: (s: string) => void }) {
  const empty: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const dir = path.join(opts.workDir, `startup-${i}`);
    mkdirSync(dir, { recursive: true });
    await settleDisk(opts.pool);
    empty.push(await timeStartup(dir));
    existing.push(await timeStartup(dir));
    rmSync(dir, { recursive: true, force: true });
    opts.say(`  arranque ${i + 1}/${opts.runs}: vacío ${empty.at(-1)} ms, existente ${existing.at(-1)} ms`);
  }
  return { runs: opts.runs, emptyDataDir: summary(empty), existingDataDir: summary(existing) };
}
