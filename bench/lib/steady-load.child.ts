// The open-loop load generator of steady-load.ts, in a process of its own (forked with tsx): it
// keeps nothing but its latencies, so its own garbage collector never pauses the load. It answers
// each `measure` message with the window's latencies and ends on `close`.
import http from 'node:http';
import type { SteadyLoadMessage, SteadyLoadTarget, SteadyLoadWindow } from './steady-load';

const target = JSON.parse(process.argv[2]!) as SteadyLoadTarget;
// node:http with kept-alive connections, the body read and dropped: with `fetch` (undici) this
// process spent about 5 ms of CPU per catalogue page (48 products), half a core at 100 requests/s
// on a machine whose two cores it shares with the server (`perf sched`, decision 086); the orders'
// load generator made the same choice (decision 023).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET, resolved with its status once the whole answer has arrived. */
function get(): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(target.url, { agent, headers: target.headers }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

let stopRequested = false;

/**
 * Customers arriving one by one: a request every 1000/rate ms, each sent on time whether or not
 * the earlier ones have answered, for `seconds` or until a `stop` message. Latency counts from
 * the moment a request was due, so a late sender is not hidden.
 */
async function measure(seconds: number): Promise<SteadyLoadWindow> {
  stopRequested = false;
  const latencies: number[] = [];
  let non2xx = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; !stopRequested && performance.now() - start < seconds * 1000; i++) {
    const due = start + (i * 1000) / target.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      get().then((status) => {
        if (status < 200 || status > 299) non2xx++;
        latencies.push(performance.now() - due);
      }),
    );
  }
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  // The latencies themselves cross, so that windows can be pooled (steady-load.ts figuresOf).
  return { latencies, non2xx, seconds: elapsed };
}

process.on('message', (message: SteadyLoadMessage) => {
  if (message.kind === 'measure') void measure(message.seconds).then((figures) => process.send!(figures));
  else if (message.kind === 'stop') stopRequested = true;
  else process.disconnect();
});
process.send!('ready');
