// `npm run bench:offline`: the offline catalogue (decision 043) with 5,000 products — the size of
// GET /api/catalog/snapshot (raw, gzip, brotli and what the server sends), the offline search over
// it in Chromium with the CPU slowed 4×, and the first download against its budget (bench/lib/offline.ts;
// `npm run bench` runs the same phase). See bench/README.md, "Sin conexión". Figures are reported
// against their targets (≤ 300 kB gzip, ≤ 50 ms per search, ≤ 1.7× the template), never asserted.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runOfflinePhase } from './lib/offline';
import { ROOT } from './lib/processes';
import { startSeededServer } from './lib/seeded-server';

const PRODUCTS = 5000;
const say = (s: string) => process.stdout.write(`${s}\n`);

async function main() {
  const server = await startSeededServer({ name: 'offline', products: PRODUCTS, say });
  try {
    const token = await fetch(`${server.url}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente1@bench.local', password: 'Clave-Bench-2026' }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const results = await runOfflinePhase({ url: server.url, token, say });
    writeFileSync(path.join(ROOT, 'bench/results-offline.json'), `${JSON.stringify({ date: new Date().toISOString(), ...results }, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

await main();
