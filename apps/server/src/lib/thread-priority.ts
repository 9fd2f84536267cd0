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

/**
 * The lowest CPU priority for a PostgreSQL backend of this machine, given its process id (its
 * `pg_backend_pid()`). Every backend starts a session of its own (PostgreSQL calls setsid), and
 * Linux schedules each session as one group ("autogroup"): a backend's own nice value only ranks
 * it within that group, where it is alone, so what gives way to the other processes is the group's
 * nice, written to /proc/<pid>/autogroup. Where the autogroup is not used (cgroups, another OS)
 * the process's nice does it, so both are set. A process that is not a `postgres` (the database
 * is elsewhere and the id means something else here) is left alone; so is one the OS does not let
 * us change.
 */
export function lowerPostgresBackendPriority(pid: number): void {
  try {
    if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return;
  } catch {
    return;
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(os.constants.priority.PRIORITY_LOW));
  } catch {
    /* no autogroup here, or not permitted */
  }
  try {
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    /* not permitted */
  }
}
