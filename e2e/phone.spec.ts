import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';

// On a 390 × 844 phone, every step has a way forward (decisions 032 and 033).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SHOTS = 'test-results/shots/phone';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

/** Controls on the first screen smaller than 44 × 44 px (checkboxes inside a larger label excepted). */
function smallTapTargets(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, select, input, a[class*="min-h"], [role="tab"]'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight && getComputedStyle(el).visibility !== 'hidden';
      })
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'checkbox' && el.closest('label')))
      .map((el) => ({ label: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, w: el.getBoundingClientRect().width, h: el.getBoundingClientRect().height }))
      .filter((b) => b.w < 44 || b.h < 44),
  );
}

async function adminHeaders(request: APIRequestContext) {
  const token = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  return { Authorization: `Bearer ${token}` };
}

/** `count` fresh products with unlimited stock, in two categories, through the admin API. */
async function createProducts(request: APIRequestContext, count: number, tag: string) {
  const headers = await adminHeaders(request);
  const run = randomBytes(3).toString('hex');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/products', {
      headers,
      data: {
        name: `${tag} ${run} ${String(i + 1).padStart(2, '0')}`,
        price: 10_000 + i * 100,
        retail_price: 15_000,
        stock: 0,
        has_unlimited_stock: true,
        category: i % 2 === 0 ? 'Almacén' : 'Bebidas',
        sku: `PH-${run}-${i}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

async function customerWithCart(page: Page, request: APIRequestContext, tag: string, cart: Record<string, number>) {
  const customer = await createApprovedCustomer(request, tag);
  const token = await accessTokenFor(request, customer.email, customer.password);
  const saved = await request.put('/api/cart', { headers: { Authorization: `Bearer ${token}` }, data: { cart_data: cart } });
  expect(saved.status(), await saved.text()).toBe(200);
  // Placing an order opens WhatsApp; keep the test on the app.
  await page.addInitScript(() => {
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  return { ...customer, token };
}

async function ordersOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { items: { product_id: string; quantity: number }[]; total: number }[] }).items;
}

test('offline at "Realizar pedido": the order waits in the queue, none placed; back online it is placed exactly once with the quantities on screen', async ({
  page,
  request,
}) => {
  const ids = await createProducts(request, 3, 'Sin Red');
  const customer = await customerWithCart(page, request, 'sinred', { [ids[0]!]: 2, [ids[1]!]: 3, [ids[2]!]: 4 });
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(3);

  // The last change before ordering, still inside the save's debounce.
  const firstName = (await page.getByTestId('cart-line').first().getByRole('heading').textContent())!;
  await page.getByRole('button', { name: `Agregar una unidad de ${firstName}` }).click();
  const shownQuantities = await page.getByTestId('cart-line').evaluateAll((rows) =>
    rows.map((row) => Number((row.querySelector('input') as HTMLInputElement).value)),
  );
  expect(shownQuantities.reduce((a, b) => a + b, 0)).toBe(10);
  const shownTotal = await page.getByTestId('checkout-bar-total').textContent();

  // Decision 043 (replacing 032's "nothing goes later"): the order waits on the device, in sight.
  await page.context().setOffline(true);
  await page.getByTestId('checkout-bar').getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByTestId('queued-notice')).toContainText('Pedido pendiente de envío');
  await expect(page.getByTestId('queued-order')).toBeVisible();
  await shot(page, 'cart-offline');
  expect(await ordersOf(request, customer.token)).toHaveLength(0);

  // Back online: sent once, at the total on screen.
  await page.context().setOffline(false);
  await expect(page.getByTestId('queued-order')).toHaveAttribute('data-status', 'placed', { timeout: 20_000 });
  await page.waitForTimeout(1500);
  const placed = await ordersOf(request, customer.token);
  expect(placed).toHaveLength(1);
  const ordered = Object.fromEntries(placed[0]!.items.map((item) => [item.product_id, item.quantity]));
  expect(Object.values(ordered).reduce((a, b) => a + b, 0)).toBe(10);
  expect(ordered[ids[0]!]! + ordered[ids[1]!]! + ordered[ids[2]!]!).toBe(10);
  expect(new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(placed[0]!.total / 100).replace(/\s/g, '')).toBe(
    shownTotal!.replace(/\s/g, ''),
  );
});

test('a 40-line cart: the bar with total and "Realizar pedido" is on the first screen, lines by category then name, compact; the order keeps that order', async ({
  page,
  request,
}) => {
  const ids = await createProducts(request, 40, 'Cuarenta');
  const customer = await customerWithCart(page, request, 'cuarenta', Object.fromEntries(ids.map((id) => [id, 1])));
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(40);
  const bar = page.getByTestId('checkout-bar');
  await expect(bar.getByRole('button', { name: 'Realizar pedido' })).toBeInViewport();
  await expect(bar.getByTestId('checkout-bar-total')).toBeInViewport();
  await expect(bar).toContainText('40 unidades');
  const names = await page.getByTestId('cart-line').getByRole('heading').allTextContents();
  // Almacén (odd numbers) first, then Bebidas (even), each by name.
  const numbers = names.map((name) => Number(name.slice(-2)));
  expect(numbers.slice(0, 20).every((n) => n % 2 === 1)).toBe(true);
  expect(numbers.slice(0, 20)).toEqual([...numbers.slice(0, 20)].sort((a, b) => a - b));
  expect(numbers.slice(20).every((n) => n % 2 === 0)).toBe(true);
  // Compact: at most 130 px a line on a phone (40 lines in about six screens, not twenty).
  const heights = await page.getByTestId('cart-line').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThanOrEqual(130);
  await shot(page, 'cart-40-lines');
  expect(await smallTapTargets(page)).toEqual([]);
  // After scrolling to the end, the last line is not hidden behind the bar.
  await page.getByTestId('cart-line').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  await shot(page, 'cart-40-lines-end');
  // Placed, the order lists its lines as the cart did (Mis Pedidos and the PDF read them in this order).
  await page.getByTestId('checkout-bar').getByRole('button', { name: 'Realizar pedido' }).click();
  await expect.poll(async () => (await ordersOf(request, customer.token)).length).toBe(1);
  const [placed] = (await ordersOf(request, customer.token)) as unknown as { items: { name: string }[] }[];
  expect(placed!.items.map((line) => line.name)).toEqual(names);
});

test('the header is one row at 360, 390 and 430 px for a customer with a big cart and for the admin', async ({ page, request, browser }) => {
  const ids = await createProducts(request, 1, 'Cabecera');
  // A total of $ 9.999.999,99-ish: the longest pill a kiosk's cart shows.
  await customerWithCart(page, request, 'cabecera', { [ids[0]!]: 990 });
  const admin = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await admin.goto('/login');
  await signInThroughForm(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  for (const [who, p] of [
    ['cliente', page],
    ['admin', admin],
  ] as const) {
    await p.goto('/catalog');
    for (const width of [360, 390, 430]) {
      await p.setViewportSize({ width, height: 844 });
      const header = p.locator('header').first();
      await expect(header.getByRole('button', { name: /menú/i })).toBeVisible();
      const height = await header.evaluate((el) => el.getBoundingClientRect().height);
      expect(height, `${who} a ${width} px`).toBeLessThanOrEqual(62);
      if (width === 390) await shot(p, `header-${who}`);
    }
  }
  // The admin panel is one tap into the menu.
  await admin.getByRole('button', { name: /menú/i }).click();
  await admin.getByRole('link', { name: 'Panel de administración' }).click();
  await expect(admin).toHaveURL(/\/admin/);
  await admin.close();
});

test('an empty sign-up marks every field in Spanish, focuses the first one in view, and sums up next to the button', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  const nombre = page.getByLabel('Nombre', { exact: true });
  await expect(nombre).toBeFocused();
  await expect(nombre).toBeInViewport();
  await expect(nombre).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ingresá tu nombre.')).toBeVisible();
  await expect(page.getByText('Ingresá tu correo electrónico.')).toHaveCount(1);
  await expect(page.getByText('You must provide either an email or phone number and a password')).toHaveCount(0);
  const summary = page.getByTestId('form-summary');
  await expect(summary).toContainText('Revisá 13 campos: Nombre, Apellido, DNI');
  // The summary sits right above the button.
  const summaryBox = (await summary.boundingBox())!;
  const buttonBox = (await page.getByRole('button', { name: 'Registrarse' }).boundingBox())!;
  expect(buttonBox.y - (summaryBox.y + summaryBox.height)).toBeLessThan(40);
  await shot(page, 'register-empty');

  // Correcting a field clears its message as it is typed; a wrong CUIT is named as the field is left.
  await nombre.fill('Ana');
  await expect(page.getByText('Ingresá tu nombre.')).toHaveCount(0);
  await page.getByLabel('CUIT').fill('20-1');
  await page.getByLabel('WhatsApp').focus();
  await expect(page.getByText('El CUIT debe tener 11 dígitos, por ejemplo 30-71234567-1.')).toBeVisible();
});

test('a half-filled sign-up: leaving a field judges it at once; submitting focuses the first wrong one below the fold', async ({ page }) => {
  await page.goto('/register');
  const email = page.getByLabel('Correo electrónico');
  await email.fill('ana@');
  await email.blur();
  await expect(page.getByText('Ingresá tu correo electrónico.')).toHaveCount(0);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('ana@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('DNI').fill('30111222');
  await page.getByLabel('Contraseña').fill('Clave-Segura-2026');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  const razon = page.getByLabel('Razón social');
  await expect(razon).toBeFocused();
  await expect(razon).toBeInViewport();
  await shot(page, 'register-half');
});

async function signUpThroughApi(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  const password = 'Clave-Cliente-E2E-2026';
  const signup = await request.post('/api/auth/signup', { data: { email, password, data: { nombre: 'Kiosco', apellido: tag, dni: uniqueDni() } } });
  expect(signup.status(), await signup.text()).toBe(200);
  const link = await waitForMailLink(email, '/verificar-correo');
  return { email, password, link, id: ((await signup.json()) as { user: { id: string } }).user.id };
}

test('a verification link opened twice says the address is verified, with "Iniciar sesión"; the pending screen has a way forward', async ({ page, browser, request }) => {
  const account = await signUpThroughApi(request, 'dosveces');
  // A mail app's scanner opens it first…
  const scanner = await browser.newPage();
  await scanner.goto(account.link);
  await expect(scanner.getByRole('heading', { name: '¡Correo verificado!' })).toBeVisible();
  await scanner.close();
  // …then the person.
  await page.goto(account.link);
  await expect(page.getByRole('heading', { name: 'Tu correo ya está verificado' })).toBeVisible();
  await expect(page.getByText('No pudimos verificar tu correo')).toHaveCount(0);
  await shot(page, 'verify-twice');
  await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).click();
  await signInThroughForm(page, account.email, account.password);

  // Waiting for approval: how long it usually takes, and the catalogue at retail prices.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Cuenta Pendiente de Aprobación' })).toBeVisible();
  await expect(page.getByTestId('pending-wait')).toHaveText('Solemos aprobar las cuentas en menos de 24 horas hábiles.');
  await shot(page, 'pending');
  await page.getByRole('link', { name: 'Ver el catálogo (precios minoristas)' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByTestId('product-row').or(page.getByRole('article')).first()).toBeVisible();
});

test('a visitor finds the catalogue from the home page', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('main').getByRole('link', { name: 'Ver el catálogo' });
  await expect(link).toBeVisible();
  await shot(page, 'home-visitor');
  await link.click();
  await expect(page).toHaveURL(/\/catalog$/);
});

test('"Stock insuficiente" has a way forward: "Solo quedan 3 — ¿Agregás 3?" adds the 3; the refusal goes with the next search', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const name = `Poco Stock ${randomBytes(3).toString('hex')}`;
  const created = await request.post('/api/products', { headers, data: { name, price: 50_000, retail_price: 70_000, stock: 3, sku: `PS-${randomBytes(3).toString('hex')}` } });
  expect(created.status(), await created.text()).toBe(201);
  await customerWithCart(page, request, 'pocostock', {});
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(name);
  const row = page.getByRole('article', { name });
  await expect(row).toHaveCount(1);
  await row.getByLabel(`Cantidad: ${name}`).fill('10');
  await row.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Stock insuficiente', { exact: true })).toBeVisible();
  const offer = row.getByTestId('stock-offer');
  await expect(offer).toContainText('Solo quedan 3 — ¿Agregás 3?');
  await shot(page, 'stock-offer');
  await offer.getByRole('button', { name: 'Agregar 3' }).click();
  await expect(page.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-count')).toHaveText('3');
  await page.getByLabel('Buscar productos').fill('yerba');
  await expect(page.getByText('Stock insuficiente', { exact: true })).toHaveCount(0);
});

test('quantity boxes take digits only; a list row shows the next tier; the first product is in the top third; tap targets are 44 px', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const name = `Escalonado ${randomBytes(3).toString('hex')}`;
  const created = await request.post('/api/products', {
    headers,
    data: {
      name,
      price: 100_000,
      retail_price: 150_000,
      stock: 0,
      has_unlimited_stock: true,
      sku: `ES-${randomBytes(3).toString('hex')}`,
      discounts: [{ minQuantity: 12, discountType: 'percentage', discountValue: 8 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await customerWithCart(page, request, 'escalon', {});
  await page.goto('/catalog');
  // This API-made account has no business data; a person who signed up with the form has it.
  await page.getByRole('button', { name: 'Ahora no' }).click();
  const first = page.getByTestId('product-row').first();
  await expect(first).toBeVisible();
  const top = (await first.boundingBox())!.y;
  expect(top, 'first product y').toBeLessThan(844 / 3);
  await shot(page, 'catalog-list');

  // Every control on the first screen is at least 44 × 44 px.
  expect(await smallTapTargets(page)).toEqual([]);

  await page.getByLabel('Buscar productos').fill(name);
  const row = page.getByRole('article', { name });
  await expect(row.getByTestId('next-tier-short')).toHaveText('· −8 % desde 12');
  const quantity = row.getByLabel(`Cantidad: ${name}`);
  await quantity.fill('');
  await quantity.pressSequentially('3e');
  await expect(quantity).toHaveValue('3');
  await quantity.pressSequentially('x2');
  await expect(quantity).toHaveValue('32');
});

test.describe('the admin at 7 a.m. on a phone', () => {
  async function adminPage(page: Page) {
    await page.goto('/login');
    await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  }

  test('the panel opens with "N pedidos nuevos · N cuentas por aprobar"; every tab is in sight; orders start on the first screen with filters behind "Filtrar"', async ({ page, request }) => {
    // At least one order and one account waiting.
    const ids = await createProducts(request, 1, 'Madrugada');
    const customer = await createApprovedCustomer(request, 'madrugada');
    const token = await accessTokenFor(request, customer.email, customer.password);
    const order = await request.post('/api/orders', {
      headers: { Authorization: `Bearer ${token}` },
      data: { items: [{ product_id: ids[0], quantity: 2 }], observaciones: '', canjeado_con_puntos: false, idempotency_key: `madrugada-${Date.now()}` },
    });
    expect(order.status(), await order.text()).toBe(201);
    await signUpThroughApi(request, 'espera');

    await adminPage(page);
    await page.goto('/admin');
    const summary = page.getByTestId('dashboard-summary');
    await expect(summary).toBeInViewport();
    await expect(summary).toContainText(/\d+ pedidos? nuevos? · \d+ cuentas? por aprobar/);
    const tabs = page.getByRole('tab');
    // The owner's eleven: Repartos (decision 049), Personal and Actividad (decision 046) and Stock
    // (decision 069) joined the seven.
    await expect(tabs).toHaveCount(11);
    for (const box of await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await shot(page, 'admin-dashboard');

    await page.getByRole('tab', { name: 'Pedidos' }).click();
    const firstOrder = page.getByRole('list', { name: 'Pedidos' }).getByRole('listitem').first();
    await expect(firstOrder).toBeInViewport({ ratio: 1 });
    await expect(page.getByLabel('Estado')).toBeHidden();
    await shot(page, 'admin-orders');
    expect(await smallTapTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByLabel('Estado').selectOption('Pendiente');
    await expect(page.getByTestId('filter-chip')).toHaveText('Estado: Pendiente×');
    await expect(page.getByRole('button', { name: 'Filtrar (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Filtrar (1)' }).click();
    await shot(page, 'admin-orders-filtered');
    await page.getByTestId('filter-chip').click();
    await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  });

  test('a pending sign-up shows only "Aprobar" and "Rechazar"; "Rechazar" asks first and deletes the account', async ({ page, request }) => {
    const account = await signUpThroughApi(request, 'rechazo');
    await adminPage(page);
    await page.goto('/admin?tab=usuarios');
    await page.getByLabel('Buscar usuarios').fill(account.email);
    const card = page.getByRole('listitem').filter({ hasText: account.email });
    await expect(card).toHaveCount(1);
    const actions = card.getByRole('group');
    await expect(actions.getByRole('button')).toHaveText(['Aprobar', 'Rechazar']);
    await expect(card.getByRole('button', { name: 'Hacer administrador' })).toHaveCount(0);
    await shot(page, 'admin-pending-card');
    expect(await smallTapTargets(page)).toEqual([]);
    await actions.getByRole('button', { name: 'Rechazar' }).click();
    await expect(card.getByRole('alertdialog')).toBeVisible();
    await shot(page, 'admin-pending-reject-confirm');
    await card.getByRole('button', { name: 'Sí, rechazar' }).click();
    await expect(page.getByText('Solicitud rechazada', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: account.email })).toHaveCount(0);
  });
});

test.describe('the same screens at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('cart with the summary\'s button (no bottom bar), catalogue filters, sign-up errors, admin panel and orders: screenshots', async ({ page, request, browser }) => {
    const ids = await createProducts(request, 3, 'Escritorio');
    await customerWithCart(page, request, 'escritorio', { [ids[0]!]: 2, [ids[1]!]: 1, [ids[2]!]: 5 });
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    await expect(page.getByTestId('checkout-bar')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Realizar pedido' })).toHaveCount(1);
    await shot(page, 'desktop-cart');
    await page.goto('/catalog');
    await expect(page.getByRole('button', { name: 'Lista', exact: true })).toHaveCount(1);
    await shot(page, 'desktop-catalog');

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto('/register');
    await visitor.getByRole('button', { name: 'Registrarse' }).click();
    await expect(visitor.getByLabel('Nombre', { exact: true })).toBeFocused();
    await shot(visitor, 'desktop-register-empty');
    await visitor.goto('/login');
    await signInThroughForm(visitor, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
    await visitor.goto('/admin');
    await expect(visitor.getByTestId('dashboard-summary')).toBeVisible();
    await shot(visitor, 'desktop-admin-dashboard');
    await visitor.getByRole('tab', { name: 'Pedidos' }).click();
    await expect(visitor.getByLabel('Estado')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Filtrar' })).toBeHidden();
    await shot(visitor, 'desktop-admin-orders');
    await visitor.close();
  });
});

test('Mi cuenta: saving with missing data brings the first wrong field into view with its message and a summary by the button', async ({ page, request }) => {
  await customerWithCart(page, request, 'micuenta', {});
  await page.goto('/mi-cuenta');
  const form = page.getByRole('form', { name: 'Negocio y entrega' });
  await form.getByRole('button', { name: 'Guardar datos' }).click();
  const razon = page.getByLabel('Razón social');
  await expect(razon).toBeFocused();
  await expect(razon).toBeInViewport();
  await expect(razon).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('form-summary')).toContainText('Revisá');
  await shot(page, 'mi-cuenta-errors');
  await razon.fill('Kiosco La Esquina');
  await expect(razon).not.toHaveAttribute('aria-invalid', 'true');
});

test('offline, a page that cannot load says so in Spanish with "Reintentar" inside the shell; back online, "Reintentar" shows it', async ({ page, request }) => {
  await customerWithCart(page, request, 'sinredpagina', {});
  await page.goto('/');
  // The profile must have arrived first (the menu has the approved customer's links): cut off while
  // it loads, the home page shows the pending account's text.
  await expect(page.getByRole('link', { name: 'Mis listas', includeHidden: true })).not.toHaveCount(0);
  await page.context().setOffline(true);
  // A toast that could not load its own code shows as plain text, and closes itself after its time.
  await expect(page.getByTestId('plain-toast')).toHaveCount(0, { timeout: 8000 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Mis listas' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('No se pudo mostrar esta página.');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await shot(page, 'offline-page');
  await page.context().setOffline(false);
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});

test('a toast whose code cannot download shows as plain text and the app stays (it used to go blank)', async ({ page, request }) => {
  await customerWithCart(page, request, 'sintoaster', {});
  await page.route('**/assets/toaster-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/catalog');
  const name = 'Lentejas Egran 400 g'; // demo stock: 8
  await page.getByLabel('Buscar productos').fill(name);
  const row = page.getByRole('article', { name });
  await row.getByLabel(`Cantidad: ${name}`).fill('15');
  await row.getByRole('button', { name: 'Agregar', exact: true }).click();
  const plain = page.getByTestId('plain-toast');
  await expect(plain).toContainText('Stock insuficiente');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await expect(row).toBeVisible();
  await shot(page, 'plain-toast');
  await plain.getByRole('button', { name: 'Cerrar notificación' }).click();
  await expect(plain).toHaveCount(0);
});
