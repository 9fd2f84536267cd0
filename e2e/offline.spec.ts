import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

// Ordering without signal (decisions 042, 043), on a 390 px phone, with the service worker on
// (the rest of the suite runs without it: playwright.config.ts blocks it).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

declare global {
  interface Window {
    __whatsapp: string[];
  }
}

const SHOTS = 'test-results/shots/offline';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

async function adminHeaders(request: APIRequestContext) {
  const token = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  return { Authorization: `Bearer ${token}` };
}

interface MadeProduct {
  id: string;
  name: string;
  body: Record<string, unknown>;
}

/** Products with a shared, unique word in their names (the offline search finds them by it). */
async function createProducts(request: APIRequestContext, word: string, prices: number[]): Promise<MadeProduct[]> {
  const headers = await adminHeaders(request);
  const made: MadeProduct[] = [];
  for (const [i, price] of prices.entries()) {
    const body = { name: `${word} Surtido ${i + 1}`, price, retail_price: price * 2, stock: 50, category: i % 2 === 0 ? 'Almacén' : 'Bebidas', sku: `OF-${word}-${i}` };
    const res = await request.post('/api/products', { headers, data: body });
    expect(res.status(), await res.text()).toBe(201);
    made.push({ id: ((await res.json()) as { id: string }).id, name: body.name, body });
  }
  return made;
}

async function ordersOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: string; total: number; items: { product_id: string; quantity: number; price: number }[] }[] }).items;
}

/** Signs in, opens the catalogue and waits for what offline use needs: the worker in control and the snapshot stored. */
async function readyForOffline(page: Page, request: APIRequestContext, tag: string) {
  const customer = await createApprovedCustomer(request, tag);
  const token = await accessTokenFor(request, customer.email, customer.password);
  await page.addInitScript(() => {
    window.__whatsapp = [];
    window.open = (url?: string | URL) => {
      window.__whatsapp.push(String(url));
      return { opener: null } as unknown as Window;
    };
  });
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/catalog');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => page.evaluate(snapshotCount), { timeout: 20_000 }).toBe(1);
  return { ...customer, token };
}

/** How many snapshots this browser keeps (run in the page). */
function snapshotCount(): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open('mayorista-offline');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('snapshots')) return resolve(0);
      const count = db.transaction('snapshots').objectStore('snapshots').count();
      count.onsuccess = () => resolve(count.result);
    };
    open.onerror = () => resolve(-1);
  });
}

async function addFromCatalog(page: Page, search: string, name: string, quantity: number) {
  await page.getByLabel('Buscar productos').fill(search);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  const input = card.getByLabel(`Cantidad: ${name}`);
  await input.fill(String(quantity));
  await expect(input).toHaveValue(String(quantity));
  await card.getByRole('button', { name: /^Agregar( al carrito)?$/ }).click();
}

async function queueOrderOffline(page: Page, context: BrowserContext) {
  await page.getByRole('link', { name: /^Carrito:/ }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line').first()).toBeVisible();
  const total = (await page.getByTestId('checkout-bar-total').textContent())!;
  await page.getByTestId('checkout-bar').getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByTestId('queued-notice')).toContainText('Pedido pendiente de envío');
  await expect(page.getByTestId('queued-order')).toHaveAttribute('data-status', 'pending');
  expect(context).toBeTruthy();
  return total;
}

test('offline: the app opens on reload, browses and searches the snapshot, queues the order; back online it is placed exactly once and WhatsApp opens', async ({
  page,
  context,
  request,
}) => {
  const word = `Sinred${randomBytes(3).toString('hex')}`;
  const products = await createProducts(request, word, [12_000, 8_050, 30_000]);
  const customer = await readyForOffline(page, request, 'offline');

  await context.setOffline(true);
  await page.reload();
  // The shell from the worker, the profile and the catalogue from the device.
  await expect(page.getByTestId('offline-banner')).toContainText(/Sin conexión — precios al \d\d\/\d\d \d\d:\d\d/);
  await page.getByLabel('Buscar productos').fill(word);
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByLabel('Buscar productos').fill(`${word.toLowerCase()} surtido 2`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await shot(page, 'offline-banner-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'offline-banner-1280');
  await page.setViewportSize({ width: 390, height: 844 });

  await addFromCatalog(page, word, products[0]!.name, 2);
  await addFromCatalog(page, word, products[1]!.name, 3);
  const shownTotal = await queueOrderOffline(page, context);
  expect(shownTotal.replace(/\s/g, '')).toBe('$481,50');
  await expect(page.getByTestId('offline-banner')).toContainText('1 pedido pendiente de envío');
  await shot(page, 'queue-390', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'queue-1280', true);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await ordersOf(request, customer.token)).toHaveLength(0);

  // Double taps and a reload while offline: still one entry, still nothing sent.
  await page.reload();
  await expect(page.getByTestId('queued-order')).toHaveCount(1);
  expect(await ordersOf(request, customer.token)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByTestId('queued-order')).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => window.__whatsapp.length)).toBe(1);
  expect(await page.evaluate(() => window.__whatsapp[0])).toContain('wa.me');
  await expect(page.getByTestId('queued-order').getByRole('link', { name: 'Enviar pedido por WhatsApp' })).toHaveAttribute('href', /wa\.me/);
  await shot(page, 'queue-placed-390', true);

  // Focus, timers, another reload: exactly one order, at the total the person saw.
  await page.reload();
  await page.waitForTimeout(1500);
  const placed = await ordersOf(request, customer.token);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.total).toBe(48_150);
  expect(Object.fromEntries(placed[0]!.items.map((i) => [i.product_id, i.quantity]))).toEqual({ [products[0]!.id]: 2, [products[1]!.id]: 3 });
});

test('a price changed while the order waited: the person sees the difference and confirms; nothing is placed before', async ({ page, context, request }) => {
  const word = `Cambio${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [10_000]);
  const customer = await readyForOffline(page, request, 'cambio');

  await context.setOffline(true);
  await addFromCatalog(page, word, product!.name, 4);
  await queueOrderOffline(page, context);

  // Meanwhile the business raises the price.
  const raised = await request.put(`/api/products/${product!.id}`, { headers: await adminHeaders(request), data: { ...product!.body, price: 11_500 } });
  expect(raised.status(), await raised.text()).toBe(200);

  await context.setOffline(false);
  const entry = page.getByTestId('queued-order');
  await expect(entry).toHaveAttribute('data-status', 'changed', { timeout: 20_000 });
  const changes = entry.getByTestId('queued-changes');
  await expect(changes).toContainText(new RegExp(`${product!.name}: antes \\$\\s?100,00, ahora \\$\\s?115,00`));
  await expect(changes.getByTestId('queued-total-before')).toHaveText(/\$\s?400,00/);
  await expect(changes.getByTestId('queued-total-now')).toHaveText(/\$\s?460,00/);
  await shot(page, 'queue-changed-390', true);
  expect(await ordersOf(request, customer.token)).toHaveLength(0);
  expect(await page.evaluate(() => window.__whatsapp.length)).toBe(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'queue-changed-1280', true);
  await page.setViewportSize({ width: 390, height: 844 });

  await entry.getByRole('button', { name: 'Confirmar y enviar' }).click();
  await expect(entry).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  await expect(page.getByTestId('queued-notice')).toHaveCount(0);
  const placed = await ordersOf(request, customer.token);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.total).toBe(460_00);
});

test('a product deleted while the order waited: shown as gone, dropped on confirmation, the rest placed once at the total shown', async ({ page, context, request }) => {
  const word = `Borrado${randomBytes(3).toString('hex')}`;
  const [kept, deleted] = await createProducts(request, word, [7_000, 9_000]);
  const customer = await readyForOffline(page, request, 'borrado');

  await context.setOffline(true);
  await addFromCatalog(page, word, kept!.name, 2);
  await addFromCatalog(page, word, deleted!.name, 1);
  await queueOrderOffline(page, context);
  await expect(page.getByTestId('queued-order')).toHaveCount(1);

  const removed = await request.delete(`/api/products/${deleted!.id}`, { headers: await adminHeaders(request) });
  expect(removed.status(), await removed.text()).toBe(204);

  await context.setOffline(false);
  const entry = page.getByTestId('queued-order');
  await expect(entry).toHaveAttribute('data-status', 'changed', { timeout: 20_000 });
  await expect(entry.getByTestId('queued-changes')).toContainText(`${deleted!.name} ya no está disponible: se quita del pedido.`);
  await expect(entry.getByTestId('queued-total-now')).toHaveText(/\$\s?140,00/);
  expect(await ordersOf(request, customer.token)).toHaveLength(0);

  await entry.getByRole('button', { name: 'Confirmar y enviar' }).click();
  await expect(entry).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  const placed = await ordersOf(request, customer.token);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.total).toBe(140_00);
  expect(placed[0]!.items.map((i) => [i.product_id, i.quantity])).toEqual([[kept!.id, 2]]);
});

test('two tabs with the same queue: one order', async ({ page, context, request }) => {
  const word = `Dos${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [5_000]);
  const customer = await readyForOffline(page, request, 'dostabs');

  await context.setOffline(true);
  await addFromCatalog(page, word, product!.name, 2);
  await queueOrderOffline(page, context);
  // A second tab opens offline (the worker's shell) and sees the same queue.
  const second = await context.newPage();
  await second.goto('/cart');
  await expect(second.getByTestId('queued-order')).toHaveCount(1);

  await context.setOffline(false);
  await Promise.all([
    second.evaluate(() => window.dispatchEvent(new Event('focus'))),
    page.evaluate(() => window.dispatchEvent(new Event('focus'))),
  ]);
  await expect(page.getByTestId('queued-order')).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  await expect(second.getByTestId('queued-order')).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  await page.waitForTimeout(1500);
  expect(await ordersOf(request, customer.token)).toHaveLength(1);
});

test('installable: the Spanish manifest, its PNG icons, and Chromium finds no installability error', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const body = (await manifest.json()) as { name: string; short_name: string; lang: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
  expect(body).toMatchObject({ name: 'Catálogo Mayorista', short_name: 'Mayorista', lang: 'es-AR', start_url: '/catalog', display: 'standalone', theme_color: '#0f766e' });
  for (const size of ['192x192', '512x512']) {
    const icon = body.icons.find((i) => i.sizes === size && i.type === 'image/png')!;
    const png = await request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  expect(body.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await page.goto('/catalog');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
  expect(errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are incognito, where Chromium never offers to install; that is the only
  // reason allowed (Lighthouse 12 dropped its PWA audit; these are the checks it ran).
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('storage denied: it says so, the order is not queued but kept in the cart, and online ordering works', async ({ page, context, request }) => {
  const word = `Sinlugar${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [6_000]);
  const customer = await createApprovedCustomer(request, 'sinlugar');
  const token = await accessTokenFor(request, customer.email, customer.password);
  // A browser that refuses IndexedDB (private mode, a policy, a full disk).
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      configurable: true,
      get: () => ({
        open: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    });
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/catalog');
  await expect(page.getByTestId('offline-banner')).toContainText('Este dispositivo no deja guardar el catálogo');
  await addFromCatalog(page, word, product!.name, 3);
  await page.getByRole('link', { name: /^Carrito:/ }).first().click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  await context.setOffline(true);
  const bar = page.getByTestId('checkout-bar');
  await bar.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(bar.getByRole('alert')).toContainText('No se pudo guardar el pedido en este dispositivo');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión — este dispositivo todavía no guardó el catálogo');
  await shot(page, 'storage-denied-390');
  expect(await ordersOf(request, token)).toHaveLength(0);

  await context.setOffline(false);
  await bar.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  expect(await ordersOf(request, token)).toHaveLength(1);
});

test('storage full when the order is queued: said at "Realizar pedido", the cart kept, nothing placed; back online "Reintentar" places it once', async ({ page, context, request }) => {
  const word = `Lleno${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [7_000]);
  // The catalogue was saved on the device; since then the disk filled up: writing the order fails.
  const customer = await readyForOffline(page, request, 'lleno');
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'queue') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });

  await context.setOffline(true);
  await addFromCatalog(page, word, product!.name, 4);
  await page.getByRole('link', { name: /^Carrito:/ }).first().click();
  const bar = page.getByTestId('checkout-bar');
  await bar.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(bar.getByRole('alert')).toContainText('No se pudo guardar el pedido en este dispositivo (falta espacio o el navegador no lo permite)');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('queued-order')).toHaveCount(0);
  await shot(page, 'storage-full-390');
  expect(await ordersOf(request, customer.token)).toHaveLength(0);

  await context.setOffline(false);
  await bar.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  await page.waitForTimeout(1000);
  const placed = await ordersOf(request, customer.token);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.total).toBe(28_000);
});

test('the session ended while the order waited: nothing placed, the order kept; signed in again, it is placed once', async ({ page, context, request }) => {
  const word = `Sesion${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [4_000]);
  const customer = await readyForOffline(page, request, 'sesion');

  await context.setOffline(true);
  await addFromCatalog(page, word, product!.name, 5);
  await queueOrderOffline(page, context);

  // Meanwhile every session of the customer ends (signed out everywhere from another device).
  const other = await accessTokenFor(request, customer.email, customer.password);
  const out = await request.post('/api/auth/logout?scope=global', { headers: { Authorization: `Bearer ${other}` } });
  expect(out.status(), await out.text()).toBe(204);

  await context.setOffline(false);
  // The app notices (the order's 401, or the session's own check) and asks to sign in again.
  await expect(page.getByTestId('queued-order').and(page.locator('[data-status="needs_sign_in"]')).or(page.getByLabel('Correo electrónico'))).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForTimeout(1000);
  const fresh = await accessTokenFor(request, customer.email, customer.password);
  expect(await ordersOf(request, fresh)).toHaveLength(0);

  if (!(await page.getByLabel('Correo electrónico').isVisible())) {
    await expect(page.getByTestId('queued-order')).toContainText('Tu sesión venció');
    await shot(page, 'queue-session-390', true);
    await page.getByTestId('queued-order').getByRole('button', { name: 'Iniciar sesión' }).click();
  }
  await expect(page).toHaveURL(/\/login/);
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/cart');
  await expect(page.getByTestId('queued-order')).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  await page.waitForTimeout(1000);
  expect(await ordersOf(request, fresh)).toHaveLength(1);
});

/** The built worker (apps/web/dist/sw.js, what the e2e server serves), and a way to deploy a "new version" of it. */
const DIST_SW = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/sw.js');

/** The version the worker controlling the page answers (sw.js's VERSION message). */
function controllerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller!.postMessage({ type: 'VERSION' }, [channel.port2]);
      }),
  );
}

test('a new app version while an order waits: the update prompt, "Actualizar", and the order survives and is placed once', async ({ page, context, request }) => {
  const word = `Version${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [15_000]);
  const customer = await readyForOffline(page, request, 'version');
  const oldVersion = await controllerVersion(page);

  await context.setOffline(true);
  await addFromCatalog(page, word, product!.name, 2);

  // The points without network (decision 057): the balance known on this device, and why points cannot be used now.
  await page.getByRole('link', { name: /^Carrito:/ }).first().click();
  await expect(page.getByTestId('checkout-points-balance')).toContainText('Sin conexión — los puntos necesitan conexión');
  await expect(page.getByTestId('checkout-points-balance')).toContainText(/Saldo al \d\d\/\d\d \d\d:\d\d: \$\s?0,00\./);
  await page.getByTestId('checkout-points-balance').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  await shot(page, 'points-offline-checkout-390');
  await page.getByRole('button', { name: /menú/i }).click();
  await expect(page.getByTestId('points-balance').first()).toContainText(/Saldo de puntos: \$\s?0,00 \(al \d\d\/\d\d \d\d:\d\d\)/);
  await shot(page, 'points-offline-nav-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('points-balance').first()).toContainText(/\(al \d\d\/\d\d \d\d:\d\d\)/);
  await shot(page, 'points-offline-1280');
  await page.setViewportSize({ width: 390, height: 844 });

  await queueOrderOffline(page, context);

  // The network returns for everything but the order itself: the entry keeps waiting while a new
  // version is deployed (the built worker with another VERSION, as a rebuild would give).
  await context.route('**/api/orders', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await context.setOffline(false);
  const original = readFileSync(DIST_SW, 'utf8');
  const newVersion = `${oldVersion}e2e`;
  try {
    writeFileSync(DIST_SW, original.replace(`const VERSION = "${oldVersion}";`, `const VERSION = "${newVersion}";`));
    // The open app looks for a new version on focus (and every 30 minutes).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByTestId('app-update')).toContainText('Hay una versión nueva', { timeout: 20_000 });
    await shot(page, 'update-prompt-390');
    expect(await ordersOf(request, customer.token)).toHaveLength(0);

    await Promise.all([page.waitForEvent('load'), page.getByTestId('app-update').getByRole('button', { name: 'Actualizar' }).click()]);
    await expect.poll(() => controllerVersion(page), { timeout: 20_000 }).toBe(newVersion);
  } finally {
    writeFileSync(DIST_SW, original);
  }

  // The new version finds the order where the old one left it, and nothing was placed meanwhile.
  await page.goto('/cart');
  await expect(page.getByTestId('queued-order')).toHaveCount(1);
  await expect(page.getByTestId('queued-order')).not.toHaveAttribute('data-status', 'placed');
  expect(await ordersOf(request, customer.token)).toHaveLength(0);

  // The order can reach the server again: placed, once, at the total shown.
  await context.unroute('**/api/orders');
  await expect(page.getByTestId('queued-order')).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  await page.waitForTimeout(6_000);
  const placed = await ordersOf(request, customer.token);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.total).toBe(30_000);
  expect(placed[0]!.items.map((i) => [i.product_id, i.quantity])).toEqual([[product!.id, 2]]);
});

test('the answer lost on the way back: the order arrived, so "Descartar" says it may have, and the notice that promised to send it goes', async ({ page, context, request }) => {
  const word = `Perdida${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [54_000]);
  const customer = await readyForOffline(page, request, 'perdida');
  await addFromCatalog(page, word, product!.name, 1);
  // The server places the order; the phone never hears the answer (the signal drops on the way back).
  await context.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await page.getByRole('link', { name: /^Carrito:/ }).first().click();
  await page.getByTestId('checkout-bar').getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByTestId('queued-notice')).toContainText('Pedido pendiente de envío');
  expect(await ordersOf(request, customer.token)).toHaveLength(1);

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await page.getByTestId('queued-order').getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByTestId('queued-order')).toHaveCount(0);
  expect(asked).toEqual([expect.stringContaining('puede que ya haya llegado')]);
  // Nothing left on screen says it will be sent by itself.
  await expect(page.getByTestId('queued-notice')).toHaveCount(0);
  await shot(page, 'lost-answer-discarded-390');
  await context.unroute('**/api/orders');
  await context.setOffline(false);
  await page.waitForTimeout(3_000);
  expect(await ordersOf(request, customer.token)).toHaveLength(1);
});

test('a product opened after the signal dropped says it loads when the signal returns, and then it does', async ({ page, context, request }) => {
  const word = `Espera${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(request, word, [9_000]);
  await readyForOffline(page, request, 'espera');
  await page.getByLabel('Buscar productos').fill(word);
  const card = page.getByRole('article', { name: product!.name });
  await expect(card).toBeVisible();
  await context.setOffline(true);
  await card.getByRole('link', { name: product!.name }).click();
  // Not a spinner for ever: what it waits for, and that nothing has to be done.
  await expect(page.getByRole('status').filter({ hasText: 'Cargando producto' })).toContainText('Sin conexión: se carga solo cuando vuelva la señal.');
  await shot(page, 'product-waiting-390');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible({ timeout: 20_000 });
});
