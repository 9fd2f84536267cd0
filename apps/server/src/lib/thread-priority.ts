import { readlinkSync } from 'node:fs';
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
