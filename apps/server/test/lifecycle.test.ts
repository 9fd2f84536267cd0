import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded';
import { isProcessAlive, waitForExit } from '../src/lib/process';

/**
 * The built server as a real process on a throw-away DATA_DIR: crash with SIGKILL and
 * restart, a second process on the same data, and a graceful SIGTERM.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = path.join(serverDir, 'dist/main.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-lifecycle-'));
const running: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function startServer(port: number): Promise<Started> {
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) return { child, output: () => out, port };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${out}`);
}

/** Connects to the embedded server the way an operator would: its port file and password file. */
async function queryEmbedded<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const lines = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(lines[3]),
    user: 'postgres',
    password: readFileSync(path.join(dataDir, '.postgres-password'), 'utf8').trim(),
    database: 'mayorista',
  });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);

beforeAll(() => {
  if (!existsSync(mainJs)) execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
}, 120_000);

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  // A SIGKILLed app leaves its PostgreSQL behind; stop it before removing the directory.
  if (existsSync(path.join(dataDir, 'postgres/postmaster.pid'))) {
    const pid = postmasterPid();
    if (isProcessAlive(pid)) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 10_000);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the app process life cycle on the embedded database', () => {
  let first: Started;

  it('starts on an empty DATA_DIR, seeds the demo catalogue and prints the demo admin once', async () => {
    first = await startServer(await findFreePort());
    expect(first.output()).toMatch(/Contraseña: \S+/);
    const [row] = await queryEmbedded<{ n: string }>('select count(*)::text as n from products');
    expect(Number(row!.n)).toBeGreaterThanOrEqual(40);
  }, 90_000);

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const second = spawn(process.execPath, [mainJs], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await findFreePort()), LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(second);
    let out = '';
    second.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((r) => second.on('exit', r));
    expect(code).toBe(1);
    expect(out).toContain('Otra instancia de la aplicación');
    expect(out).toContain(dataDir);
    // The first one is untouched.
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);
  }, 60_000);

  it('comes back with all data after kill -9 (orphaned PostgreSQL and stale pid files handled)', async () => {
    await queryEmbedded(`insert into users (email, password_hash) values ('sobreviviente@x.co', 'h')`);
    const orphan = postmasterPid();
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(isProcessAlive(orphan)).toBe(true); // PostgreSQL outlived its parent

    const restarted = await startServer(await findFreePort());
    expect(isProcessAlive(orphan)).toBe(false);
    expect(restarted.output()).not.toMatch(/Contraseña:/); // the demo admin is printed only once
    const rows = await queryEmbedded<{ email: string }>(`select email from users where email = 'sobreviviente@x.co'`);
    expect(rows).toHaveLength(1);
    first = restarted;
  }, 90_000);

  it('stops gracefully on SIGTERM: exit code 0, embedded PostgreSQL stopped, lock released', async () => {
    const pgPid = postmasterPid();
    first.child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => first.child.once('exit', r));
    expect(code).toBe(0);
    expect(await waitForExit(pgPid, 10_000)).toBe(true);
    expect(existsSync(path.join(dataDir, 'app.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  }, 60_000);
});
