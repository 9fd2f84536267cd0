/// <reference lib="dom" />
// `npm run bench:offline`: the offline catalogue (decision 043) with 5,000 products — the size of
// GET /api/catalog/snapshot (raw, gzip, brotli and what the server sends), and the offline search
// over it in Chromium with the CPU slowed 4×. See bench/README.md, "Sin conexión". Figures are
// reported against their targets (≤ 300 kB gzip, ≤ 50 ms per search), never asserted.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type * as OfflineSearch from '../apps/web/src/lib/offline/snapshot-search';
import { ROOT } from './lib/processes';
import { startSeededServer } from './lib/seeded-server';

const PRODUCTS = 5000;
const CPU_SLOWDOWN = 4;
const QUERIES = ['yerba', 'azu', 'té', 'dulce de leche', 'sku-4321', 'gaseosa 12', 'a', 'jabón 9', 'arroz 1 x', 'nada-que-ver'];
const say = (s: string) => process.stdout.write(`${s}\n`);
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

async function searchBundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(ROOT, 'apps/web/src/lib/offline/snapshot-search.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'offlineSearch',
    target: 'es2022',
    minify: true,
  });
  return out.outputFiles[0]!.text;
}

async function main() {
  const server = await startSeededServer({ name: 'offline', products: PRODUCTS, say });
  try {
    const token = await fetch(`${server.url}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente1@bench.local', password: 'Clave-Bench-2026' }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const auth = { authorization: `Bearer ${token}` };
    const started = performance.now();
    const response = await fetch(`${server.url}/api/catalog/snapshot`, { headers: { ...auth, 'accept-encoding': 'identity' } });
    const firstMs = performance.now() - started;
    const body = await response.text();
    const etag = response.headers.get('etag')!;
    const revalidated = await fetch(`${server.url}/api/catalog/snapshot`, { headers: { ...auth, 'if-none-match': etag } });
    const sent = await fetch(`${server.url}/api/catalog/snapshot`, { headers: { ...auth, 'accept-encoding': 'br, gzip' } });
    const sentBytes = Number(sent.headers.get('content-length') ?? (await sent.arrayBuffer()).byteLength);
    const products = (JSON.parse(body) as { products: unknown[] }).products.length;
    const size = {
      products,
      rawKB: kb(Buffer.byteLength(body)),
      gzipKB: kb(gzipSync(body, { level: 6 }).length),
      brotliKB: kb(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length),
      sentEncoding: sent.headers.get('content-encoding') ?? 'identity',
      sentKB: kb(sentBytes),
      firstAnswerMs: Math.round(firstMs),
      revalidationStatus: revalidated.status,
      target: { gzipKBAtMost: 300 },
    };
    say(`snapshot: ${products} productos, ${size.rawKB} kB sin comprimir, ${size.gzipKB} kB gzip, ${size.brotliKB} kB brotli; enviado ${size.sentKB} kB (${size.sentEncoding}); revalidación → ${revalidated.status}`);

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>bench</title>');
      await page.addScriptTag({ content: await searchBundle() });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const timings = await page.evaluate(
        ({ json, queries }) => {
          const lib = (window as unknown as { offlineSearch: typeof OfflineSearch }).offlineSearch;
          const t0 = performance.now();
          const ready = lib.searchable(JSON.parse(json));
          const prepareMs = performance.now() - t0;
          const perQuery: { query: string; ms: number; total: number }[] = [];
          for (let round = 0; round < 3; round++) {
            for (const query of queries) {
              const t = performance.now();
              const page = lib.searchSnapshot(ready, { search: query, page: 1, pageSize: 48 });
              perQuery.push({ query, ms: performance.now() - t, total: page.total });
            }
          }
          const t2 = performance.now();
          lib.searchSnapshot(ready, { category: 'Bebidas', inStock: true, onSale: true, page: 1, pageSize: 48 });
          return { prepareMs, perQuery, filtersMs: performance.now() - t2 };
        },
        { json: body, queries: QUERIES },
      );
      const ms = timings.perQuery.map((q) => q.ms).sort((a, b) => a - b);
      const search = {
        cpuSlowdown: CPU_SLOWDOWN,
        prepareMs: Math.round(timings.prepareMs),
        medianMs: Math.round(ms[Math.floor(ms.length / 2)]! * 10) / 10,
        maxMs: Math.round(ms.at(-1)! * 10) / 10,
        filtersMs: Math.round(timings.filtersMs * 10) / 10,
        queries: QUERIES.map((query) => ({ query, matches: timings.perQuery.find((q) => q.query === query)!.total })),
        target: { msAtMost: 50 },
      };
      say(`búsqueda sin conexión (CPU ×${CPU_SLOWDOWN}): mediana ${search.medianMs} ms, máximo ${search.maxMs} ms; preparar el índice ${search.prepareMs} ms; filtros ${search.filtersMs} ms`);
      writeFileSync(path.join(ROOT, 'bench/results-offline.json'), `${JSON.stringify({ date: new Date().toISOString(), size, search }, null, 2)}\n`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

await main();
