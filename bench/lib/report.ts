// What `npm run bench` prints: the order rounds and the results table (bench/run.ts measures).
import { GROWTH_SIZES } from './catalogue-growth';

const say = (s: string) => process.stdout.write(`${s}\n`);
const round = (n: number, d = 1) => Number(n.toFixed(d));
/** The pages whose Lighthouse targets the Monday-broadcast work set: performance ≥ 97 and LCP ≤ 2.0 s each. */
const LIGHTHOUSE_TARGETS = ['/catalog', '/login'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function printOrderRounds(r: Record<string, any>) {
  say('');
  type Side = { postgres: number; load: number };
  type Round = {
    product: number;
    baseline: number;
    ratio: number;
    cpuMsPerOrder: number | null;
    emailsDrainedMs: number;
    cpu: { product: Side; baseline: Side };
    ok: boolean;
  };
  for (const [i, one] of (r.orderRounds as Round[]).entries()) {
    const server = one.cpuMsPerOrder === null ? '' : `servidor ${one.cpuMsPerOrder}, `;
    const cpu =
      `; ms de CPU por pedido: ${server}PostgreSQL ${one.cpu.product.postgres}, generador ${one.cpu.product.load}` +
      ` (base: PostgreSQL ${one.cpu.baseline.postgres}, generador ${one.cpu.baseline.load})` +
      `; correos del producto enviados ${(one.emailsDrainedMs / 1000).toFixed(1)} s después`;
    say(
      `Pedidos ronda ${i + 1}: producto ${one.product}/s, base ${one.baseline}/s, ${one.ratio}×${cpu}${one.ok ? '' : ' ERROR de stock'}`,
    );
  }
  say(`Errores del producto (ronda mediana): ${JSON.stringify(r.orders.product.errors)}`);
  say(`Errores de la base (ronda mediana): ${JSON.stringify(r.orders.baseline.errors)}`);
  say(
    `Latencia p50/p99 ms (ronda mediana): producto ${r.orders.product.p50}/${r.orders.product.p99}, base ${r.orders.baseline.p50}/${r.orders.baseline.p99}`,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function printTable(r: Record<string, any>, resultsFile: string) {
  const rows: [string, string, string, string][] = [];
  if (r.catalog) classicRows(r, rows);
  if (r.priceLists) {
    const l = r.priceLists;
    rows.push(['Catálogo en listas de precios req/s', `${l.productOnLists.rps}`, `${l.baseline.rps}`, `${l.rpsRatio}× (≥ 0,95)`]);
    rows.push([
      '  p50 / p99 ms',
      `${l.productOnLists.p50} / ${l.productOnLists.p99}`,
      `${l.baseline.p50} / ${l.baseline.p99}`,
      `solo lista base ${l.rpsRatioBaseListOnly}×`,
    ]);
  }
  if (r.growth) growthRows(r, rows);
  if (r.offline) offlineRows(r.offline, rows);
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...rows.map((row) => row[i]!.length), ['Medida', 'Producto', 'Base', 'Relación'][i]!.length),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  say('');
  say(line(['Medida', 'Producto', 'Base', 'Relación']));
  say(widths.map((w2) => '─'.repeat(w2)).join('  '));
  for (const row of rows) say(line(row));
  say(`\nResultados completos en ${resultsFile}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function classicRows(r: Record<string, any>, rows: [string, string, string, string][]) {
  const c = r.catalog;
  rows.push(['Catálogo req/s', `${c.product.rps}`, `${c.baseline.rps}`, `${c.rpsRatio}× (≥ 0,8)`]);
  rows.push([
    'Catálogo p50 / p99 ms',
    `${c.product.p50} / ${c.product.p99}`,
    `${c.baseline.p50} / ${c.baseline.p99}`,
    `p99 ${c.p99Ratio}× (≤ 1,25)`,
  ]);
  const o = r.orders;
  // Decision 078: the median of the rounds (older result files hold one round and no list).
  const spread = Array.isArray(r.orderRounds) && r.orderRounds.length > 1 ? ` · rondas ${r.orderRounds.map((x: { ratio: number }) => `${x.ratio}×`).join(', ')}` : '';
  rows.push(['Pedidos /s (base: la misma transacción en SQL)', `${o.product.perSecond}`, `${o.baseline.perSecond}`, `${o.ratio}× (≥ 0,7)${spread}`]);
  rows.push([
    'Pedidos p50 / p99 ms',
    `${round(o.product.p50)} / ${round(o.product.p99)}`,
    `${round(o.baseline.p50)} / ${round(o.baseline.p99)}`,
    `p99 ≤ 150 · ${o.correctness.ok ? 'stock correcto' : 'ERROR de stock'}`,
  ]);
  const ol = r.orderLife;
  if (ol) {
    const d = ol.dashboard;
    rows.push([
      `Panel p95 ms (día/semana/mes, ${d.orders} pedidos)`,
      `${d.day.p95Ms} / ${d.week.p95Ms} / ${d.month.p95Ms}`,
      '—',
      'p95 ≤ 50',
    ]);
    rows.push([
      'Pedidos /s con correos (outbox)',
      `${ol.outbox.emailsOn}`,
      `${ol.outbox.emailsOff}`,
      `${ol.outbox.ratio}× (≥ 0,85)`,
    ]);
    const mail = ol.emailCpu;
    if (mail)
      rows.push([
        'CPU ms por correo de pedido (PDF + MIME)',
        `${mail.totalCpuMs}`,
        '—',
        `PDF ${mail.pdfCpuMs} + MIME ${mail.mimeCpuMs}`,
      ]);
  }
  const nt = r.notifications;
  rows.push(['Aviso en vivo p50 / p95 ms', `${nt.p50Ms} / ${nt.p95Ms}`, '—', `p95 ≤ 100 (${nt.received}/${nt.orders})`]);
  rows.push(['Arranque vacío / existente ms', `${r.startup.emptyDataDirMs} / ${r.startup.existingDataDirMs}`, '—', '≤ 3000 / ≤ 1500']);
  const w = r.web;
  rows.push([
    'Web inicial JS+CSS gzip',
    `${w.product.jsGzip + w.product.cssGzip} B`,
    `${w.template.jsGzip + w.template.cssGzip} B`,
    `${w.ratio}× (objetivo ≤ 1,6; presupuesto ≤ 1,7)`,
  ]);
  if (Array.isArray(w.lighthouse)) {
    for (const l of w.lighthouse) {
      const all = (l.runs as { performance: number }[]).map((run) => run.performance).join('/');
      rows.push([
        `Lighthouse ${l.page} (mediana)`,
        `perf ${l.performance} a11y ${l.accessibility}`,
        `perf ${all}`,
        `LCP ${l.lcpMs} CLS ${l.cls} TBT ${l.tbtMs}${LIGHTHOUSE_TARGETS.includes(l.page) ? ' · perf ≥ 97, LCP ≤ 2000' : ''}`,
      ]);
    }
  }
  rows.push([
    'Memoria pico servidor MB',
    `catálogo ${c.product.memoryMb.server} / pedidos ${o.product.memoryMb.server}`,
    `${c.baseline.memoryMb.server}`,
    '',
  ]);
  // A small server (the Monday-broadcast work): the whole product, server and PostgreSQL, under the orders load.
  const ordersTotal = o.product.memoryMb.server + o.product.memoryMb.postgres;
  rows.push([
    'Memoria pico PostgreSQL MB',
    `catálogo ${c.product.memoryMb.postgres} / pedidos ${o.product.memoryMb.postgres}`,
    '—',
    o.product.memoryMb.postgres > 0 ? `pedidos: servidor + PostgreSQL ${ordersTotal} (≤ 512)` : '',
  ]);
}

/**
 * A growth row's targets: at 50k the 50k/5k ratio (0.8 for the searches, 0.7 for the pages) and
 * the searches' p99; at 5k the search with results against the bare baseline.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function growthTarget(g: Record<string, any>, name: string, size: number, p: { rps: number; p99: number }, b: { rps: number } | null): string {
  const search = name.startsWith('search');
  const t = g.targets;
  const comma = (n: number) => String(n).replace('.', ',');
  if (size === GROWTH_SIZES[2]) {
    // Result files from before the searches had targets of their own show the pages' one.
    const ratio = `50k/5k ${g.ratio50kTo5k[name]}× (≥ ${comma(search ? (t.searchRatioAtLeast ?? t.ratioAtLeast) : t.ratioAtLeast)})`;
    return search ? `${ratio}; p99 ≤ ${t.searchP99MsAtMost} ms` : ratio;
  }
  if (size === GROWTH_SIZES[0] && name === 'searchHit' && b && t.searchHitVsBaselineAt5kAtLeast)
    return `base ${(p.rps / Math.max(1, b.rps)).toFixed(2)}× (≥ ${comma(t.searchHitVsBaselineAt5kAtLeast)})`;
  return '';
}

/** One row per scenario and size: product req/s and p50/p99, baseline req/s, and the targets. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function growthRows(r: Record<string, any>, rows: [string, string, string, string][]) {
  const g = r.growth;
  for (const scenario of g.scenarios as { name: string; label: string }[]) {
    for (const size of GROWTH_SIZES) {
      const point = g.sizes[size][scenario.name];
      const p = point.product;
      const b = point.baseline;
      const errors = p.non2xx + p.errors > 0 ? ` ${p.non2xx + p.errors} errores` : '';
      rows.push([
        `${scenario.label} ${size / 1000}k req/s (p50/p99 ms)`,
        `${p.rps} (${p.p50}/${p.p99})${errors}`,
        b ? `${b.rps} (${b.p50}/${b.p99})` : '—',
        growthTarget(g, scenario.name, size, p, b),
      ]);
    }
  }
  if (r.migration) rows.push(['Migración 0004 sobre 50k productos', `${r.migration.seconds} s`, '—', '≤ 30 s']);
}

/** Ordering without signal (decisions 042–044): the snapshot, the offline search, the first download. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function offlineRows(o: Record<string, any>, rows: [string, string, string, string][]) {
  rows.push([`Snapshot ${o.size.products} productos gzip / brotli`, `${o.size.gzipKB} / ${o.size.brotliKB} kB`, '—', '≤ 300 kB gzip']);
  rows.push([
    `Búsqueda sin conexión mediana / máx (CPU ×${o.search.cpuSlowdown})`,
    `${o.search.medianMs} / ${o.search.maxMs} ms`,
    '—',
    '≤ 50 ms',
  ]);
  const f = o.firstDownload;
  const outside = !f.workerInFirstDownload && !f.indexedDbInFirstDownload;
  rows.push([
    'Primera descarga JS+CSS gzip',
    `${f.product.jsGzip + f.product.cssGzip} B`,
    `${f.template.jsGzip + f.template.cssGzip} B`,
    `${f.ratio}× (objetivo ≤ 1,6; presupuesto ≤ 1,7)${outside ? '; worker e IndexedDB fuera' : '; worker o IndexedDB DENTRO'}`,
  ]);
}
