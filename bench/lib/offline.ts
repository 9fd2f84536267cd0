/// <reference lib="dom" />
// Ordering without signal (decisions 042–044) in figures: the size of a customer's catalogue
// snapshot, the offline search over it with the CPU slowed 4×, and the first download against its
// budget with the worker's and IndexedDB's code kept out of it. Used by `npm run bench` (phase
// "Sin conexión", skipped with --no-offline) and by `npm run bench:offline`. Reported, never asserted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type * as OfflineSearch from '../../apps/web/src/lib/offline/snapshot-search';
import { ROOT } from './processes';
import { productInitialBytes, templateInitialBytes } from './web';
// @ts-expect-error -- plain ESM script shared with the npm scripts
import { initialAssets } from '../../scripts/lib/web-metrics.mjs';

export const OFFLINE_CPU_SLOWDOWN = 4;
const QUERIES = ['yerba', 'azu', 'té', 'dulce de leche', 'sku-4321', 'gaseosa 12', 'a', 'jabón 9', 'arroz 1 x', 'nada-que-ver'];
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
const round = (n: number, d = 1) => Number(n.toFixed(d));

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

/** GET /api/catalog/snapshot as the customer: raw, gzip, brotli, what the server sends, and a revalidation. */
async function measureSnapshot(url: string, token: string, say: (s: string) => void) {
  const auth = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const response = await fetch(`${url}/api/catalog/snapshot`, { headers: { ...auth, 'accept-encoding': 'identity' } });
  const firstMs = performance.now() - started;
  const body = await response.text();
  const etag = response.headers.get('etag')!;
  const revalidated = await fetch(`${url}/api/catalog/snapshot`, { headers: { ...auth, 'if-none-match': etag } });
  const sent = await fetch(`${url}/api/catalog/snapshot`, { headers: { ...auth, 'accept-encoding': 'br, gzip' } });
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
  say(
    `  snapshot: ${products} productos, ${size.rawKB} kB sin comprimir, ${size.gzipKB} kB gzip, ${size.brotliKB} kB brotli; ` +
      `enviado ${size.sentKB} kB (${size.sentEncoding}); revalidación → ${revalidated.status}`,
  );
  return { size, body };
}

/** The offline search (snapshot-search.ts, bundled) over the snapshot in Chromium, CPU slowed 4×. */
async function measureSearch(body: string, say: (s: string) => void) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: await searchBundle() });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: OFFLINE_CPU_SLOWDOWN });
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
      cpuSlowdown: OFFLINE_CPU_SLOWDOWN,
      prepareMs: Math.round(timings.prepareMs),
      medianMs: round(ms[Math.floor(ms.length / 2)]!),
      maxMs: round(ms.at(-1)!),
      filtersMs: round(timings.filtersMs),
      queries: QUERIES.map((query) => ({ query, matches: timings.perQuery.find((q) => q.query === query)!.total })),
      target: { msAtMost: 50 },
    };
    say(
      `  búsqueda sin conexión (CPU ×${OFFLINE_CPU_SLOWDOWN}): mediana ${search.medianMs} ms, máximo ${search.maxMs} ms; ` +
        `preparar el índice ${search.prepareMs} ms; filtros ${search.filtersMs} ms`,
    );
    return search;
  } finally {
    await browser.close();
  }
}

/**
 * The built app's first download (entry, its preloads and the stylesheet) against Vite's React
 * template built in this run, and whether the worker's registration or IndexedDB slipped into it.
 */
export async function measureFirstDownload(say: (s: string) => void) {
  const dist = path.join(ROOT, 'apps/web/dist');
  const product = productInitialBytes();
  const template = await templateInitialBytes();
  const files = (initialAssets(dist) as { rows: { kind: string; file: string }[] }).rows.filter((r) => r.kind === 'js');
  const initialJs = files.map((r) => readFileSync(path.join(dist, r.file.replace(/^\//, '')), 'utf8')).join('\n');
  const firstDownload = {
    product,
    template,
    ratio: round((product.jsGzip + product.cssGzip) / (template.jsGzip + template.cssGzip), 3),
    budget: { ratioAtMost: 1.7 },
    target: { ratioAtMost: 1.6 },
    // The worker's registration and the device's storage load after the first screen (decision 042).
    workerInFirstDownload: /register\(["'`]\/sw\.js/.test(initialJs),
    indexedDbInFirstDownload: /\bindexedDB\b/.test(initialJs),
  };
  say(
    `  primera descarga: ${product.jsGzip + product.cssGzip} B gzip (JS ${product.jsGzip}, CSS ${product.cssGzip}) = ` +
      `${firstDownload.ratio}× la plantilla (${template.jsGzip + template.cssGzip} B; presupuesto ≤ 1,7×)` +
      `; worker ${firstDownload.workerInFirstDownload ? 'DENTRO' : 'fuera'}, IndexedDB ${firstDownload.indexedDbInFirstDownload ? 'DENTRO' : 'fuera'}`,
  );
  return firstDownload;
}

/** The phase: a server with the bench's 5,000 products and an approved customer's token. */
export async function runOfflinePhase(opts: { url: string; token: string; say: (s: string) => void }) {
  opts.say('▶ Sin conexión: snapshot de 5.000 productos, búsqueda con CPU ×4, primera descarga...');
  const { size, body } = await measureSnapshot(opts.url, opts.token, opts.say);
  const search = await measureSearch(body, opts.say);
  const firstDownload = await measureFirstDownload(opts.say);
  return { size, search, firstDownload };
}
