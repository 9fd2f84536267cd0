/// <reference lib="dom" />
// `npm run bench:admin`: the admin's panel and orders tab on a 390 × 844 phone, with the bench's
// 20,000 orders (decision 033). See bench/README.md, "Administración en el teléfono". Figures are
// reported, never asserted: they depend on the machine.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ROOT } from './lib/processes';
import { startSeededServer } from './lib/seeded-server';

const ROUNDS = Number(process.env.BENCH_ADMIN_ROUNDS ?? 5);
const say = (s: string) => process.stdout.write(`${s}\n`);

/** Event Timing and LCP, recorded from before the app's scripts run. */
function installObservers() {
  const w = window as unknown as { __events: { id: number; duration: number }[]; __lcp: number };
  w.__events = [];
  w.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) w.__events.push({ id: e.interactionId, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

interface Round {
  /** From navigation start to the "N pedidos nuevos · N cuentas por aprobar" line painted. */
  dashboardSummaryMs: number;
  dashboardLcpMs: number;
  /** From the tap on "Pedidos" to the first order row on screen. */
  ordersFirstRowAfterTapMs: number;
  /** /admin?tab=pedidos opened directly: from navigation start to the first order row. */
  ordersFirstRowDirectMs: number;
  /** The slowest interaction (the tab taps), Event Timing. */
  worstInteractionMs: number;
}

const sinceNavigation = (page: Page) => page.evaluate(() => performance.now());

async function round(page: Page): Promise<Round> {
  await page.goto('/admin', { waitUntil: 'commit' });
  await page.getByTestId('dashboard-summary').waitFor();
  const dashboardSummaryMs = await sinceNavigation(page);
  await page.waitForTimeout(300);
  const dashboardLcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);

  const firstRow = page.getByRole('list', { name: 'Pedidos' }).getByRole('listitem').first();
  const tapped = await page.evaluate(() => performance.now());
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await firstRow.waitFor();
  const ordersFirstRowAfterTapMs = (await sinceNavigation(page)) - tapped;
  await page.waitForTimeout(300);
  const worstInteractionMs = await page.evaluate(() =>
    Math.max(0, ...(window as unknown as { __events: { id: number; duration: number }[] }).__events.filter((e) => e.id > 0).map((e) => e.duration)),
  );

  await page.goto('/admin?tab=pedidos', { waitUntil: 'commit' });
  await firstRow.waitFor();
  const ordersFirstRowDirectMs = await sinceNavigation(page);
  return { dashboardSummaryMs, dashboardLcpMs, ordersFirstRowAfterTapMs, ordersFirstRowDirectMs, worstInteractionMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const server = await startSeededServer({
    name: 'admin-phone',
    products: 5000,
    customers: 2000,
    orders: 20000,
    env: { RATE_LIMIT_AUTH_MAX: '1000' },
    say,
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const results: Record<string, Round[]> = {};
    for (const slowdown of [1, 4]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-AR', baseURL: server.url });
      const page = await context.newPage();
      await page.addInitScript(installObservers);
      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill('admin@bench.local');
      await page.getByLabel('Contraseña', { exact: true }).fill('Clave-Bench-2026');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      say(`▶ Panel y Pedidos a 390 px, 20.000 pedidos, CPU ×${slowdown}: ${ROUNDS} vueltas...`);
      await round(page); // warm: server caches, the browser's HTTP cache
      results[`cpu${slowdown}x`] = [];
      for (let i = 0; i < ROUNDS; i++) results[`cpu${slowdown}x`]!.push(await round(page));
      await context.close();
    }
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    const medians = Object.fromEntries(
      Object.entries(results).map(([key, rounds]) => [
        key,
        Object.fromEntries((Object.keys(rounds[0]!) as (keyof Round)[]).map((k) => [k, Math.round(median(rounds.map((r) => r[k])))])),
      ]),
    );
    writeFileSync(path.join(ROOT, 'bench/results-admin-phone.json'), `${JSON.stringify({ rounds: ROUNDS, loadAverage: load, medians, results }, null, 2)}\n`);
    say(`\nMediana de ${ROUNDS} (carga de la máquina: ${load})          CPU ×1      CPU ×4`);
    const row = (label: string, key: keyof Round) => say(`${label.padEnd(56)}${String(medians.cpu1x![key]).padEnd(12)}${medians.cpu4x![key]}`);
    row('Panel: resumen en pantalla desde la navegación (ms)', 'dashboardSummaryMs');
    row('Panel: LCP (ms)', 'dashboardLcpMs');
    row('Pedidos: primera fila tras tocar la pestaña (ms)', 'ordersFirstRowAfterTapMs');
    row('Pedidos: primera fila, abierto directo (ms)', 'ordersFirstRowDirectMs');
    row('Peor interacción (ms)', 'worstInteractionMs');
    say('\nResultados en bench/results-admin-phone.json (objetivo: ≤ 1.000 ms con CPU ×1).');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
