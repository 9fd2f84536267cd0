import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/lib/free-port';
import { isProcessAlive, waitForExit } from '../src/lib/process';
import {
  ensureBuilt,
  mainJs,
  postmasterPid as postmasterPidOf,
  queryEmbedded as queryEmbeddedIn,
  startBuiltServer,
  type BuiltServer,
} from './built-server';

/**
 * The built server as a real process on a throw-away DATA_DIR: crash with SIGKILL and
 * restart, a second process on the same data, and a graceful SIGTERM.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-lifecycle-'));
const running: ChildProcess[] = [];

type Started = BuiltServer;
const startServer = (): Promise<Started> => startBuiltServer(dataDir, {}, running);
const queryEmbedded = <T extends pg.QueryResultRow>(sql: string) => queryEmbeddedIn<T>(dataDir, sql);
const postmasterPid = () => postmasterPidOf(dataDir);

beforeAll(() => ensureBuilt(), 120_000);

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
    first = await startServer();
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

    const restarted = await startServer();
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
