import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

let tasksetAvailable: boolean | null = null;
/** Pins a command to one core with taskset when available, so server and load generator don't fight. */
export function pinned(cpu: number | null, command: string, args: string[]): [string, string[]] {
  if (cpu === null) return [command, args];
  if (tasksetAvailable === null) {
    try {
      execFileSync('taskset', ['-c', '0', 'true']);
      tasksetAvailable = true;
    } catch {
      tasksetAvailable = false;
    }
  }
  return tasksetAvailable ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

/**
 * What to stop if the bench dies before its `finally` blocks run (an uncaught exception, Ctrl-C, a
 * kill): each entry stops one process it started, synchronously, as an 'exit' handler must.
 * Without this a crash left the servers and the embedded PostgreSQL running.
 */
const stopOnCrash = new Set<() => void>();
let crashGuardInstalled = false;

/** Registers `stop` (synchronous) to run if the bench dies; the answer unregisters it once stopped normally. */
export function stopIfBenchDies(stop: () => void): () => void {
  if (!crashGuardInstalled) {
    crashGuardInstalled = true;
    const stopAll = () => {
      for (const one of stopOnCrash) {
        try {
          one();
        } catch {
          /* already gone */
        }
      }
      stopOnCrash.clear();
    };
    process.on('exit', stopAll);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        stopAll();
        process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
      });
    }
  }
  stopOnCrash.add(stop);
  return () => stopOnCrash.delete(stop);
}

/** An embedded PostgreSQL, fast shutdown (SIGINT) if the bench dies; `stop` stops it normally. */
export function guardDatabase(embedded: { pid: number; stop(): Promise<void> }): () => Promise<void> {
  // Read at the moment of the crash: the supervisor may have restarted the server meanwhile.
  const forget = stopIfBenchDies(() => process.kill(embedded.pid, 'SIGINT'));
  return async () => {
    forget();
    await embedded.stop();
  };
}

export interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
  output(): string;
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000, getOutput = () => ''): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}):\n${getOutput()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return Date.now() - started;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not become healthy:\n${getOutput()}`);
}

/**
 * How `npm start` runs the built server (package.json, decision 022): with an explicit V8 heap
 * limit. Without one, Node sizes the heap from the machine's memory and lets garbage pile up
 * (an XLSX import of 20,000 rows peaked at 366 MB RSS with ~80 MB live); with it, 235 MB.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512'];

export async function startProcess(opts: { script: string; args?: string[]; env: Record<string, string>; port: number; cpu: number | null }): Promise<Running & { startupMs: number }> {
  // The built server is measured as it is started in production.
  const nodeFlags = opts.script.endsWith(path.join('apps', 'server', 'dist', 'main.js')) ? SERVER_NODE_FLAGS : [];
  const [cmd, args] = pinned(opts.cpu, process.execPath, [...nodeFlags, opts.script, ...(opts.args ?? [])]);
  const spawnedAt = Date.now();
  const child = spawn(cmd, args, { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const forget = stopIfBenchDies(() => child.kill('SIGKILL'));
  child.once('exit', forget);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${opts.port}`;
  await waitForHealth(url, child, 120_000, () => out);
  const startupMs = Date.now() - spawnedAt;
  return {
    child,
    url,
    startupMs,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function rssKb(pid: number): Promise<number> {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Proportional resident memory (PSS): each shared page divided among the processes that map it.
 * PostgreSQL's backends all map its shared buffers, so summing their RSS counts those pages once
 * per backend (20 backends that touched 100 MB of buffers "used" 2 GB); summed PSS is what the
 * machine really holds. RSS where the kernel has no smaps_rollup.
 */
async function residentKb(pid: number): Promise<number> {
  try {
    const m = /^Pss:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    /* no smaps_rollup (or the process is gone): RSS below */
  }
  return rssKb(pid);
}

/**
 * The children of `pid` (PostgreSQL's backends) as the kernel lists them per thread
 * (`/proc/<pid>/task/<tid>/children`): a few small reads, cheap enough for the memory sampler's
 * every tick. `ps` only where that file is missing (a kernel without it), which blocks while it runs.
 */
function childrenOf(pid: number): number[] {
  try {
    const tasks = readdirSync(`/proc/${pid}/task`);
    return tasks.flatMap((tid) => pidsIn(readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')));
  } catch {
    try {
      return pidsIn(execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }));
    } catch {
      return [];
    }
  }
}

const pidsIn = (text: string) => text.split(/\s+/).map(Number).filter((n) => n > 0);

/**
 * Samples the peak resident memory (PSS, see residentKb) of a process (and, for PostgreSQL, of its
 * backends too) every `everyMs`, without ever blocking this process: the bench's process is also
 * the load generator of the phases that sample (orders, the morning broadcast, the import), and the
 * synchronous reads of some thirty backends' smaps and a `ps` froze it for 60–140 ms every 250 ms
 * — the orders' completions stopped on that rhythm, and the stalls were counted as the server's
 * latency (decision 087). The smaps are read on libuv's threads now, one sample at a time, and the
 * backends listed from /proc (childrenOf) instead of a `ps`.
 */
export function sampleMemory(targets: { name: string; pid: () => number | null; withChildren?: boolean }[], everyMs = 250) {
  const peaks: Record<string, number> = Object.fromEntries(targets.map((t) => [t.name, 0]));
  let stopped = false;
  const sampleOnce = async () => {
    for (const t of targets) {
      const pid = t.pid();
      if (!pid) continue;
      const pids = t.withChildren ? [pid, ...childrenOf(pid)] : [pid];
      const kb = (await Promise.all(pids.map(residentKb))).reduce((sum, one) => sum + one, 0);
      peaks[t.name] = Math.max(peaks[t.name] ?? 0, kb);
    }
  };
  void (async () => {
    while (!stopped) {
      await sampleOnce();
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: () => {
      stopped = true;
      return Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, Math.round(v / 1024)]));
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

const hundredths = (n: number) => Math.round(n * 100) / 100;

/** `work` once to warm up, then `runs` times timed one after another: p50, p95 and the slowest, in ms. */
export async function timeRuns(runs: number, work: () => Promise<unknown>): Promise<{ p50Ms: number; p95Ms: number; maxMs: number }> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: hundredths(percentile(times, 50)), p95Ms: hundredths(percentile(times, 95)), maxMs: hundredths(times.at(-1)!) };
}

/**
 * CPU time (user + system, all threads) a process has used so far, in milliseconds; null where
 * /proc is not available. The difference over a run, per order, is less sensitive to other load
 * on a shared machine than throughput is.
 */
export function cpuMs(pid: number | null): number | null {
  return pid === null ? null : statCpuMs(pid, 11);
}

/**
 * Two consecutive clock-tick fields of /proc/<pid>/stat in milliseconds, counted from 0 after the
 * command name (which may contain spaces): 11–12 are utime and stime, 13–14 cutime and cstime (the
 * children it has reaped). null where /proc is not available or the process is gone.
 */
function statCpuMs(pid: number, first: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[first]) + Number(fields[first + 1])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds of a process and its children (PostgreSQL's postmaster and its backends), per
 * pid, so a run's share is `treeCpuDelta(before, after)` even when backends come and go.
 */
export function treeCpuMs(pid: number | null): Map<number, number> {
  const out = new Map<number, number>();
  if (pid === null) return out;
  // Children that have exited (a closed connection's backend) are counted in the parent's
  // cutime/cstime, under a key no live process has.
  const reaped = statCpuMs(pid, 13);
  if (reaped !== null) out.set(-pid, reaped);
  for (const one of [pid, ...childrenOf(pid)]) {
    const ms = cpuMs(one);
    if (ms !== null) out.set(one, ms);
  }
  return out;
}

export function treeCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** This process's own CPU milliseconds so far (the load generator's cost, user + system). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The environment the bench starts the built server with: production mode, quiet logs, no demo data. */
export function productionServerEnv(opts: { databaseUrl: string; secret: string; port: number; dataDir: string }): Record<string, string> {
  return {
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET: opts.secret,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    DATA_DIR: opts.dataDir,
  };
}

/**
 * CPU milliseconds per accepted order of PostgreSQL (postmaster and backends) and of the load
 * generator (this process) over one side's run: where the machine's two cores went, per side.
 */
export function startCpuAccount(postgres: number | null) {
  const pgBefore = treeCpuMs(postgres);
  const loadBefore = ownCpuMs();
  return {
    perOrder(completed: number) {
      const n = Math.max(1, completed);
      return {
        postgresCpuMsPerOrder: Number((treeCpuDelta(pgBefore, treeCpuMs(postgres)) / n).toFixed(2)),
        loadGeneratorCpuMsPerOrder: Number(((ownCpuMs() - loadBefore) / n).toFixed(2)),
      };
    },
  };
}
