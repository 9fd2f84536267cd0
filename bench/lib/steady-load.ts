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

export type SteadyLoadMessage = { kind: 'measure'; seconds: number } | { kind: 'stop' } | { kind: 'close' };

export interface SteadyLoad {
  /** One window: `seconds` long, or shorter when `until` settles first. */
  measure(seconds: number, until?: Promise<unknown>): Promise<SteadyLoadFigures>;
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
      return (await figures) as SteadyLoadFigures;
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
