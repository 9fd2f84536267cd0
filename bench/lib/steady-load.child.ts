// The open-loop load generator of steady-load.ts, in a process of its own (forked with tsx): it
// keeps nothing but its latencies, so its own garbage collector never pauses the load. It answers
// each `measure` message with the window's figures and ends on `close`.
import type { SteadyLoadFigures, SteadyLoadMessage, SteadyLoadTarget } from './steady-load';

const target = JSON.parse(process.argv[2]!) as SteadyLoadTarget;

let stopRequested = false;

/**
 * Customers arriving one by one: a request every 1000/rate ms, each sent on time whether or not
 * the earlier ones have answered, for `seconds` or until a `stop` message. Latency counts from
 * the moment a request was due, so a late sender is not hidden.
 */
async function measure(seconds: number): Promise<SteadyLoadFigures> {
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
      fetch(target.url, { headers: target.headers }).then(async (response) => {
        await response.arrayBuffer();
        if (response.status < 200 || response.status > 299) non2xx++;
        latencies.push(performance.now() - due);
      }),
    );
  }
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { rps: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), non2xx, requests: latencies.length };
}

process.on('message', (message: SteadyLoadMessage) => {
  if (message.kind === 'measure') void measure(message.seconds).then((figures) => process.send!(figures));
  else if (message.kind === 'stop') stopRequested = true;
  else process.disconnect();
});
process.send!('ready');
