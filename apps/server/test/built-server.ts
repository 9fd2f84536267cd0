import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runningEmbeddedUrl } from '../src/db/embedded';
import { findFreePort } from '../src/lib/free-port';

/** Helpers for suites that run the BUILT server as a real process (life cycle, crashes). */

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const mainJs = path.join(serverDir, 'dist/main.js');

/** Newest modification time of any source file (not a test) under `dir`. */
function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full));
    else if (/\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Test what the source says now: builds dist/ when it is missing or older than any source the
 * bundle is made of (the server's and core's, migrations included).
 */
export function ensureBuilt(): void {
  const newestSource = Math.max(newestSourceMtime(path.join(serverDir, 'src')), newestSourceMtime(path.resolve(serverDir, '../../packages/core/src')));
  if (!existsSync(mainJs) || statSync(mainJs).mtimeMs < newestSource) {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  }
}

/** Sends `signal` and resolves when the process has exited (at once if it already has). */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** What a built server needs to run on a shared test database instead of its own embedded one. */
export const sharedDatabaseEnv = (databaseUrl: string, jwtSecret: string): Record<string, string> => ({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  JWT_SECRET: jwtSecret,
  SEED_DEMO: '0',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
});

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
}

/** Starts `node dist/main.js` on the embedded database of `dataDir` and waits for /healthz 200. */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
  running?: ChildProcess[],
): Promise<BuiltServer> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running?.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) return { child, port, base, output: () => out };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${out}`);
}

/** Queries the embedded server of `dataDir` the way an operator would (its pid and password files). */
export async function queryEmbedded<T extends pg.QueryResultRow>(
  dataDir: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const url = await runningEmbeddedUrl(dataDir);
  if (!url) throw new Error(`no embedded PostgreSQL is running on ${dataDir}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
