// `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, Debian Chromium) on the catalogue with
// the bench's 5,000 products, and where its time goes (the wholesale-ordering work, decision 024). See bench/README.md,
// "Lighthouse del catálogo". Figures are reported, never asserted: they depend on the machine.
//   npm run bench:lighthouse                       /catalog, 3 runs (build first: npm run build)
//   npm run bench:lighthouse -- --runs=5 / --pages=/,/catalog,/login
//   npm run bench:lighthouse -- --compare=../main/apps/web/dist [--rounds=2]    this build and another, alternated
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- plain ESM script shared with the npm scripts
import { runLighthouse } from '../scripts/lib/web-metrics.mjs';
import { ROOT, stopIfBenchDies } from './lib/processes';
import { startSeededServer } from './lib/seeded-server';

const PRODUCTS = 5000;
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(option('runs') ?? 3);
const PAGES = (option('pages') ?? '/catalog').split(',');
const COMPARE = option('compare');
const ROUNDS = Number(option('rounds') ?? 2);
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** Each run's full report goes here (Lighthouse's JSON: open it in the Lighthouse viewer). */
const REPORT_DIR = path.join(ROOT, 'bench/results-lighthouse');
const say = (s: string) => process.stdout.write(`${s}\n`);

interface Audit {
  numericValue?: number;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[] };
}
interface Report {
  audits: Record<string, Audit>;
  categories: Record<string, { score: number | null }>;
}

const ms = (audit: Audit | undefined) => Math.round(audit?.numericValue ?? NaN);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One run in a few lines: the scores, the metrics, the LCP element and its phases, the long tasks and scripts. */
function describe(page: string, run: number, lhr: Report, load: string): string[] {
  const a = lhr.audits;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = (id: string) => a[id]?.details?.items ?? [];
  const lines = [
    `${page} corrida ${run + 1} (carga ${load}): perf ${score('performance')} a11y ${score('accessibility')} · ` +
      `FCP ${ms(a['first-contentful-paint'])} SI ${ms(a['speed-index'])} LCP ${ms(a['largest-contentful-paint'])} ` +
      `TBT ${ms(a['total-blocking-time'])} CLS ${(a['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)} ms`,
  ];
  const element = items('largest-contentful-paint-element')[0] as { items?: { node?: { snippet?: string } }[] } | undefined;
  const snippet = element?.items?.[0]?.node?.snippet;
  if (snippet) lines.push(`  elemento LCP: ${snippet.slice(0, 140)}`);
  const phases = (items('largest-contentful-paint-element')[1] as { items?: { phase: string; timing: number }[] } | undefined)
    ?.items;
  if (phases) lines.push(`  fases LCP: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)}`).join(', ')}`);
  const tasks = items('long-tasks') as { url?: string; startTime: number; duration: number }[];
  if (tasks.length)
    lines.push(
      `  tareas largas (simuladas): ${tasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ${path.basename(t.url ?? '')}`).join(', ')}`,
    );
  const bootup = items('bootup-time') as { url: string; scripting: number; total: number }[];
  lines.push(
    `  JS por archivo (total/script): ${bootup.map((b) => `${path.basename(b.url)} ${Math.round(b.total)}/${Math.round(b.scripting)}`).join(', ')}`,
  );
  const work = items('mainthread-work-breakdown') as { groupLabel: string; duration: number }[];
  lines.push(`  hilo principal: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)}`).join(', ')}`);
  const requests = items('network-requests') as {
    url: string;
    networkRequestTime: number;
    networkEndTime: number;
    transferSize: number;
  }[];
  lines.push(
    `  pedidos: ${requests.map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(r.networkRequestTime)}→${Math.round(r.networkEndTime)} (${r.transferSize} B)`).join(', ')}`,
  );
  return lines;
}

async function main() {
  const server = await startSeededServer({ name: 'lighthouse', products: PRODUCTS, say });
  try {
    rmSync(REPORT_DIR, { recursive: true, force: true });
    mkdirSync(REPORT_DIR, { recursive: true });
    say(`▶ Lighthouse móvil, ${RUNS} corridas: ${PAGES.join(' ')}`);
    const results = await runLighthouse(server.url, PAGES, {
      runs: RUNS,
      onReport: (page: string, run: number, lhr: Report, artifacts: { Trace?: unknown }) => {
        const name = `${page.replace(/\W+/g, '_') || 'root'}-${run + 1}`;
        writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
        // The page's trace (observed, unthrottled): open it in Chrome's Performance panel.
        if (artifacts.Trace) writeFileSync(path.join(REPORT_DIR, `${name}.trace.json`), JSON.stringify(artifacts.Trace));
        for (const line of describe(page, run, lhr, loadAverage())) say(line);
      },
    });
    say('');
    for (const r of results as {
      page: string;
      performance: number;
      accessibility: number;
      lcpMs: number;
      tbtMs: number;
      cls: number;
      runs: { performance: number }[];
    }[])
      say(
        `${r.page}: mediana perf ${r.performance} (${r.runs.map((x) => x.performance).join('/')}), a11y ${r.accessibility}, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls} — carga ${loadAverage()}`,
      );
    say(`Informes completos en ${path.relative(ROOT, REPORT_DIR)}/`);
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * `--compare=DIR`: this build (apps/web/dist) and another web build (DIR, e.g. main's), alternated on
 * one database and one server that restarts between turns (it reads the build at start-up), the
 * order flipped every round: on a shared machine only builds measured in the same minutes compare
 * (decisions 071, 076). apps/web/dist is put back at the end, or if the bench dies.
 */
async function compare(other: string) {
  const own = mkdtempSync(path.join(os.tmpdir(), 'mayorista-web-build-'));
  cpSync(WEB_DIST, own, { recursive: true });
  const use = (dir: string) => {
    rmSync(WEB_DIST, { recursive: true, force: true });
    cpSync(dir, WEB_DIST, { recursive: true });
  };
  const restore = () => {
    use(own);
    rmSync(own, { recursive: true, force: true });
  };
  const forget = stopIfBenchDies(restore);
  const builds: [string, string][] = [
    ['esta', own],
    ['comparada', path.resolve(other)],
  ];
  const runs: { build: string; page: string; lcp: number; performance: number; failed: boolean }[] = [];
  const server = await startSeededServer({ name: 'lighthouse', products: PRODUCTS, say });
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [build, dir] of round % 2 ? [...builds].reverse() : builds) {
        use(dir);
        await server.restart();
        await runLighthouse(server.url, PAGES, {
          runs: RUNS,
          onReport: (page: string, run: number, lhr: Report & { runtimeError?: { code: string } }) => {
            runs.push({
              build,
              page,
              lcp: ms(lhr.audits['largest-contentful-paint']),
              performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
              failed: !!lhr.runtimeError,
            });
            say(describe(`${build} ${page} ronda ${round + 1}`, run, lhr, loadAverage())[0]!);
          },
        });
      }
    }
    say('');
    for (const page of PAGES)
      for (const [build] of builds) {
        const mine = runs.filter((r) => r.page === page && r.build === build);
        const ok = mine.filter((r) => !r.failed);
        say(
          `${page} ${build}: LCP mediana ${median(ok.map((r) => r.lcp))} ms (${mine.map((r) => (r.failed ? '—' : r.lcp)).join('/')}), perf mediana ${median(ok.map((r) => r.performance))} (${mine.map((r) => (r.failed ? '—' : r.performance)).join('/')})`,
        );
      }
    say(`carga al terminar ${loadAverage()}`);
  } finally {
    await server.stop();
    forget();
    restore();
  }
}

(COMPARE ? compare(COMPARE) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
