import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackgroundPool, createPool, isOnThisMachine } from '../src/db/client';
import { tryWrite } from '../src/lib/thread-priority';
import { createTestDatabase } from './helpers';

/**
 * The e-mail outbox and the catalogue import give way to the customers' requests, and so do the
 * PostgreSQL backends that run their statements. Linux schedules each backend (its own session) as
 * a group of its own, so the group's nice is the one that counts (lib/thread-priority.ts). Read
 * back from /proc; where this machine has no autogroups or the test database is not local, that
 * test is reported as skipped.
 */
const database = await createTestDatabase();
const background = createBackgroundPool(database.url, 3);
const requests = createPool(database.url, 1);
afterAll(async () => {
  await background.end();
  await requests.end();
  await database.drop();
});

const backendPid = async (pool: typeof background) => (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
const autogroupOf = (pid: number) => readFileSync(`/proc/${pid}/autogroup`, 'utf8');
const autogroups = os.platform() === 'linux' && existsSync('/proc/self/autogroup') && isOnThisMachine(database.url);

describe('the PostgreSQL backends of background work', () => {
  // First: pg warns once per process, and the other tests open background connections too.
  it('are lowered before a new connection is handed out, so its first statement is never queued behind that (pg warns of queueing)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const fresh = createBackgroundPool(database.url, 2);
    try {
      await Promise.all([backendPid(fresh), backendPid(fresh)]);
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
      await fresh.end();
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  it.runIf(autogroups)("run in a scheduling group at the lowest priority, every one of several opened at once; the requests' backends keep the normal one", async () => {
    // Three connections opened together: without CAP_SYS_ADMIN Linux takes one autogroup change per 100 ms.
    const clients = await Promise.all([background.connect(), background.connect(), background.connect()]);
    const pids = await Promise.all(clients.map(async (client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid));
    for (const client of clients) client.release();
    await expect.poll(() => pids.map(autogroupOf).filter((group) => / nice 19$/m.test(group)).length, { timeout: 5000 }).toBe(3);
    for (const pid of pids) expect(os.getPriority(pid)).toBe(19);
    const requestsPid = await backendPid(requests);
    expect(autogroupOf(requestsPid)).toMatch(/ nice 0$/m);
  });

  it('are lowered again later when the OS asks to wait (EAGAIN), and not when it refuses', () => {
    const failing = (code: string) => () => {
      throw Object.assign(new Error(code), { code });
    };
    expect(tryWrite(() => undefined)).toBe('done');
    expect(tryWrite(failing('EAGAIN'))).toBe('busy');
    expect(tryWrite(failing('EPERM'))).toBe('refused');
    expect(tryWrite(failing('ENOENT'))).toBe('refused');
  });

  it('are lowered only when the database is on this machine', () => {
    expect(isOnThisMachine('postgres://u:p@localhost:5432/db')).toBe(true);
    expect(isOnThisMachine('postgres://u:p@127.0.0.1/db')).toBe(true);
    expect(isOnThisMachine('postgres://u:p@[::1]:5432/db')).toBe(true);
    expect(isOnThisMachine('postgres://u@/db?host=/var/run/postgresql')).toBe(true);
    expect(isOnThisMachine('postgres://u:p@db.example.com:5432/db')).toBe(false);
    expect(isOnThisMachine('postgres://u:p@10.0.0.5/db')).toBe(false);
    expect(isOnThisMachine('not a url')).toBe(false);
  });
});
