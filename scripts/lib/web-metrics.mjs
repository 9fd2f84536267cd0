// Shared by scripts/bundle-size.mjs, scripts/audit-web.mjs and the benchmarks.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What index.html loads before any lazy route: entry script, modulepreloads and stylesheets, with gzip sizes. */
export function initialAssets(distDir) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No existe ${indexFile}: ejecutá primero la compilación.`);
  const html = readFileSync(indexFile, 'utf8');
  const assets = new Map();
  const add = (kind, href) => {
    if (href && !/^https?:/.test(href)) assets.set(href, kind);
  };
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) add('js', m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) add('js', m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)) add('css', m[1]);
  const rows = [];
  for (const [href, kind] of assets) {
    const content = readFileSync(path.join(distDir, href.replace(/^\//, '')));
    rows.push({ kind, file: href, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  const total = (kind) => rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.gzip, 0);
  return { rows, jsGzip: total('js'), cssGzip: total('css') };
}

/**
 * Lighthouse 12, mobile preset, with Debian's Chromium, for each page of a running server.
 * Lighthouse's simulated 4× CPU slowdown scales whatever this shared VM happens to be doing, so one
 * run swings by tens of points; following Lighthouse's own advice on variability, each page is
 * audited `runs` times and the run with the median performance score is reported (all scores kept).
 * `onReport(page, run, lhr, artifacts)`, when given, receives each run's full Lighthouse report
 * and artifacts (the trace is `artifacts.Trace`).
 */
export async function runLighthouse(baseUrl, pages, { runs = 3, onReport } = {}) {
  const chromeLauncher = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = [];
  try {
    for (const page of pages) {
      const attempts = [];
      for (let run = 0; run < runs; run++) {
        const { lhr, artifacts } = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        attempts.push(summarise(page, lhr));
        // The whole report, for a caller that wants to see where the time went (bench/lighthouse.ts).
        onReport?.(page, run, lhr, artifacts);
      }
      // A run Lighthouse itself reports as failed (runtimeError, score 0) is shown but not ranked.
      const ranked = attempts.filter((a) => !a.error);
      const pool = ranked.length > 0 ? ranked : attempts;
      const median = [...pool].sort((a, b) => a.performance - b.performance)[Math.floor((pool.length - 1) / 2)];
      results.push({ ...median, runs: attempts.map((a) => ({ performance: a.performance, lcpMs: a.lcpMs, tbtMs: a.tbtMs, cls: a.cls, error: a.error })) });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

function summarise(page, lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  return {
    page,
    error: lhr.runtimeError?.code ?? null,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint') ?? NaN),
    cls: Number((audit('cumulative-layout-shift') ?? NaN).toFixed(3)),
    tbtMs: Math.round(audit('total-blocking-time') ?? NaN),
    failedA11y: Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id) && a.score === 0)
      .map((a) => a.id),
  };
}
