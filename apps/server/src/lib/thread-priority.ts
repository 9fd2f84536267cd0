import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Nice 19 for the calling thread only: on Linux setpriority() on a thread id changes that thread,
 * so the server's main thread (requests, orders) always runs first and background threads take
 * what CPU is left. Where that is not possible (another OS, a sandbox) the thread simply keeps
 * the normal priority.
 */
export function lowerThisThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, os.constants.priority.PRIORITY_LOW);
  } catch {
    /* not Linux or not permitted: normal priority */
  }
}

/** A backend of this machine's PostgreSQL as its connection sees it: `pg_backend_pid()`, and `inet_client_port()` (null over a Unix socket). */
export interface LocalBackend {
  pid: number;
  clientPort: number | null;
}

/**
 * The lowest CPU priority for a PostgreSQL backend of this machine. Every backend starts a session
 * of its own (PostgreSQL calls setsid), and Linux schedules each session as one group
 * ("autogroup"): a backend's own nice value only ranks it within that group, where it is alone, so
 * what gives way to the other processes is the group's nice, written to /proc/<pid>/autogroup
 * (decision 081). Where autogroups are not used (cgroups, another OS) the process's nice does it,
 * so both are set. Best effort: a process the OS does not let us change keeps its priority.
 */
export function lowerPostgresBackendPriority(backend: LocalBackend): void {
  if (!isThatBackend(backend)) return;
  lowerGroupPriority(backend.pid, AUTOGROUP_ATTEMPTS);
  try {
    os.setPriority(backend.pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    /* not permitted */
  }
}

/**
 * Whether process `pid` here is the backend serving that connection, and not a process that only
 * shares its number (a database in a container has ids of its own): a `postgres` that leads its
 * own session, whose title (PostgreSQL's "user db 127.0.0.1(54321) idle") names the connection's
 * port, or "[local]" for a Unix socket. Anything else is left alone.
 */
function isThatBackend({ pid, clientPort }: LocalBackend): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return name === 'postgres' && session === pid && title.includes(clientPort === null ? '[local]' : `(${clientPort})`);
  } catch {
    return false;
  }
}

/**
 * Linux lets a process without CAP_SYS_ADMIN change an autogroup's nice once per 100 ms, machine
 * wide (EAGAIN otherwise): connections opened together, or two background pools at once, are
 * lowered one after another, a little over that apart.
 */
const AUTOGROUP_ATTEMPTS = 20;
const AUTOGROUP_RETRY_MS = 110;

function lowerGroupPriority(pid: number, attemptsLeft: number): void {
  const outcome = tryWrite(() => writeFileSync(`/proc/${pid}/autogroup`, String(os.constants.priority.PRIORITY_LOW)));
  if (outcome === 'busy' && attemptsLeft > 1) setTimeout(() => lowerGroupPriority(pid, attemptsLeft - 1), AUTOGROUP_RETRY_MS).unref();
}

/** Runs `write`: 'done', 'busy' when the OS asks to try again later (EAGAIN), 'refused' for anything else (no autogroups, not permitted, gone). */
export function tryWrite(write: () => void): 'done' | 'busy' | 'refused' {
  try {
    write();
    return 'done';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EAGAIN' ? 'busy' : 'refused';
  }
}
