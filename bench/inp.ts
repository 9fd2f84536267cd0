/// <reference lib="dom" />
// `npm run bench:inp`: input latency (INP) and scrolling of the order-form view with 5,000
// products loaded (the wholesale-ordering work, decision 016). See bench/README.md, "INP del pedido". Figures are reported,
// never asserted: they depend on the machine.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ROOT } from './lib/processes';
import { startSeededServer } from './lib/seeded-server';

const PRODUCTS = 5000;
/**
 * `--first-page`: the same work with only the first page (48 rows) in the list, to tell the cost
 * of the list's length from the cost of the interaction itself.
 */
const FIRST_PAGE_ONLY = process.argv.includes('--first-page');
/** Rows whose quantity is typed (two keys, then Enter: adds and moves on) per run. */
const TYPED_ROWS = 30;
const say = (s: string) => process.stdout.write(`${s}\n`);

/**
 * Collects Event Timing entries (every event of 16 ms or more, the API's floor) and long animation
 * frames. Installed before the app's scripts, so nothing is missed.
 */
function installObservers() {
  const w = window as unknown as { __events: { id: number; name: string; duration: number }[]; __frames: number[] };
  w.__events = [];
  w.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[])
      w.__events.push({ id: e.interactionId, name: e.name, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__frames.push(e.duration);
    }).observe({ type: 'long-animation-frame', buffered: true } as unknown as PerformanceObserverInit);
  } catch {
    /* older Chromium: no long animation frames */
  }
}

interface Measured {
  interactions: number;
  /** web-vitals' INP: the worst interaction, ignoring one per 50; "< 16" when none reached the floor. */
  inpMs: number | '< 16';
  worstMs: number;
  slowInteractions: number;
  longFrames: number;
  worstFrameMs: number;
  /** The longest duration seen per event type (keydown, pointerup, click…), to tell where time goes. */
  worstByEvent: Record<string, number>;
}

async function collect(page: Page, before: number): Promise<Measured> {
  const { events, frames, count } = await page.evaluate(() => {
    const w = window as unknown as { __events: { id: number; name: string; duration: number }[]; __frames: number[] };
    // Chromium counts every interaction, fast ones included (Event Timing reports only ≥ 16 ms).
    const counted = (performance as unknown as { interactionCount?: number }).interactionCount ?? 0;
    return { events: w.__events, frames: w.__frames, count: counted };
  });
  const interactions = count - before;
  const perInteraction = new Map<number, number>();
  const byName = new Map<string, number>();
  for (const e of events) {
    if (e.id > 0) perInteraction.set(e.id, Math.max(perInteraction.get(e.id) ?? 0, e.duration));
    if (e.id > 0) byName.set(e.name, Math.max(byName.get(e.name) ?? 0, e.duration));
  }
  const worst = [...perInteraction.values()].sort((a, b) => b - a);
  const skip = Math.floor(interactions / 50);
  return {
    interactions,
    inpMs: worst.length > skip ? worst[skip]! : '< 16',
    worstMs: worst[0] ?? 0,
    slowInteractions: worst.length,
    longFrames: frames.length,
    worstFrameMs: Math.round(Math.max(0, ...frames)),
    worstByEvent: Object.fromEntries([...byName].sort((a, b) => b[1] - a[1])),
  };
}

/** Clears what was recorded so far; returns the interaction count to measure from. */
async function resetObservations(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __events: unknown[]; __frames: unknown[] };
    w.__events.length = 0;
    w.__frames.length = 0;
    return (performance as unknown as { interactionCount?: number }).interactionCount ?? 0;
  });
}

/** "Cargar más" until every product is in the list (the virtualised rows keep the DOM small). Returns the count. */
async function loadEverything(page: Page): Promise<string> {
  const more = page.getByRole('button', { name: 'Cargar más' });
  const counter = page.getByText(/^Mostrando \d+ de/);
  while (await more.isVisible()) {
    const before = await counter.textContent();
    await more.click();
    await page.waitForFunction(
      (previous) =>
        Array.from(document.querySelectorAll('p')).some(
          (p) => p.textContent?.startsWith('Mostrando ') && p.textContent !== previous,
        ),
      before,
    );
  }
  return (await counter.textContent()) ?? '';
}

/**
 * The buyer's work: scroll down the list with the wheel (60 steps), and every other step type a
 * quantity into the first row on screen (select, two keys, Enter — which adds to the cart and
 * moves the focus on), TYPED_ROWS times.
 */
async function typeAndScroll(page: Page): Promise<void> {
  await page.mouse.move(195, 500);
  for (let step = 0; step < TYPED_ROWS * 2; step++) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(60);
    if (step % 2 === 1) {
      const field = page.locator('[data-order-quantity] input[inputmode="numeric"]').filter({ visible: true }).nth(2);
      await field.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('24');
      await page.keyboard.press('Enter');
    }
  }
}

async function measure(baseUrl: string, cpuSlowdown: number): Promise<Measured> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: false,
      locale: 'es-AR',
      baseURL: baseUrl,
    });
    const page = await context.newPage();
    await page.addInitScript(installObservers);
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('cliente1@bench.local');
    await page.getByLabel('Contraseña', { exact: true }).fill('Clave-Bench-2026');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/catalog');
    await page.getByTestId('product-row').first().waitFor();
    if (!FIRST_PAGE_ONLY) say(`  ${await loadEverything(page)}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.evaluate(() => window.scrollTo(0, 0));
    const before = await resetObservations(page);
    await typeAndScroll(page);
    await page.waitForTimeout(500);
    return await collect(page, before);
  } finally {
    await browser.close();
  }
}

async function main() {
  const server = await startSeededServer({ name: 'inp', products: PRODUCTS, env: { RATE_LIMIT_AUTH_MAX: '1000' }, say });
  try {
    const results: Record<string, Measured> = {};
    for (const slowdown of [1, 4]) {
      const loaded = FIRST_PAGE_ONLY ? 'la primera página (48) cargada' : `${PRODUCTS} productos cargados`;
      say(`▶ Vista de pedido, 390 px, ${loaded}, CPU ×${slowdown}: escribir cantidades y desplazarse...`);
      results[`cpu${slowdown}x`] = await measure(server.url, slowdown);
    }
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    writeFileSync(
      path.join(ROOT, 'bench/results-inp.json'),
      `${JSON.stringify({ products: PRODUCTS, typedRows: TYPED_ROWS, loadAverage: load, results }, null, 2)}\n`,
    );
    say(`\nMedida (carga de la máquina: ${load})           CPU ×1        CPU ×4 (como Lighthouse móvil)`);
    const row = (label: string, pick: (m: Measured) => string | number) =>
      say(`${label.padEnd(48)}${String(pick(results.cpu1x!)).padEnd(14)}${pick(results.cpu4x!)}`);
    row('INP (ms)', (m) => (typeof m.inpMs === 'number' ? Math.round(m.inpMs) : m.inpMs));
    row('Peor interacción (ms)', (m) => Math.round(m.worstMs));
    row('Interacciones / de ≥ 16 ms', (m) => `${m.interactions} / ${m.slowInteractions}`);
    row('Cuadros largos (> 50 ms) / peor (ms)', (m) => `${m.longFrames} / ${m.worstFrameMs}`);
    for (const [name, m] of Object.entries(results)) {
      const worst = Object.entries(m.worstByEvent)
        .slice(0, 3)
        .map(([k, v]) => `${k} ${Math.round(v)}`);
      say(`${`Peor por evento, ${name} (ms)`.padEnd(48)}${worst.join(', ')}`);
    }
    say('\nResultados en bench/results-inp.json (objetivo: INP ≤ 200 ms, "bueno" según web.dev).');
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
