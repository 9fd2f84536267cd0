// Customers arriving one by one at a steady rate (decision 068), measured by a process of its own
// (steady-load.child.ts). Measured from the bench's own process, the load generator's pauses were
// counted as the server's: that process holds the seeded data and the workbooks (about 200 MB), and
// its garbage collector stopped it 8–22 ms at a time, right where the slowest requests were.
import { fork } from 'node:child_process';
import { stopIfBenchDies } from './processes';

const WARM_UP_SECONDS = 2;

export interface SteadyLoadTarget {
  url: string;
  headers: Record<string, string>;
  /** Requests per second, evenly spaced. */
  rate: number;
}

export interface SteadyLoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  requests: number;
}

/** What one window measured: each request's latency in ms, the answers that were not 2xx, and how long it lasted. */
export interface SteadyLoadWindow {
  latencies: number[];
  non2xx: number;
  seconds: number;
}

/**
 * The figures of one window, or of several pooled: percentiles over all their requests together,
 * to 0.1 ms (at 8 ms, a whole millisecond is an eighth of a ratio).
 */
export function figuresOf(...windows: SteadyLoadWindow[]): SteadyLoadFigures {
  const latencies = windows.flatMap((w) => w.latencies).sort((a, b) => a - b);
  const seconds = windows.reduce((sum, w) => sum + w.seconds, 0);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0) * 10) / 10;
  return {
    rps: Math.round(latencies.length / Math.max(seconds, 0.001)),
    p50: at(0.5),
    p99: at(0.99),
    non2xx: windows.reduce((sum, w) => sum + w.non2xx, 0),
    requests: latencies.length,
  };
}

export type SteadyLoadMessage = { kind: 'measure'; seconds: number } | { kind: 'stop' } | { kind: 'close' };

export interface SteadyLoad {
  /** One window: `seconds` long, or shorter when `until` settles first. */
  measure(seconds: number, until?: Promise<unknown>): Promise<SteadyLoadWindow>;
  close(): void;
}

/** Starts the load generator's process; the answer comes once it is warm. */
export async function openSteadyLoad(target: SteadyLoadTarget): Promise<SteadyLoad> {
  const child = fork(new URL('./steady-load.child.ts', import.meta.url), [JSON.stringify(target)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const forget = stopIfBenchDies(() => child.kill());
  // A window's `until` may settle after the generator was closed: nothing is left to stop then.
  const send = (message: SteadyLoadMessage) => void (child.connected && child.send(message));
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the load generator ended (${code})`));
      child.once('exit', exited);
      child.once('message', (message) => {
        child.off('exit', exited);
        resolve(message);
      });
    });
  await next();
  const load: SteadyLoad = {
    async measure(seconds, until) {
      const figures = next();
      send({ kind: 'measure', seconds });
      void until?.finally(() => send({ kind: 'stop' }));
      return (await figures) as SteadyLoadWindow;
    },
    close: () => {
      send({ kind: 'close' });
      forget();
    },
  };
  // A fresh process compiles fetch and opens its connections on its first requests: a window
  // first, not kept, so that the first measured one is not the generator's warm-up.
  await load.measure(WARM_UP_SECONDS);
  return load;
}
