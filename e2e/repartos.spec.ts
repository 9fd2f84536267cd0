import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';
import { auth, businessDay, PHONE, WIDE } from './support/common';

/**
 * Repartos in the browser (decisions 049–051, 055–056): the cart says when the order arrives; the
 * admin sees the day per zone (weights, the WhatsApp notice) at 1280 and 390 px and reorders a stop
 * by dragging it and with the keyboard, and picks a customer's zone; a driver invited by the owner
 * sets their password, signs in on a 390 px phone, sees only their stops, marks one delivered
 * collecting cash and the other not delivered; the admin hears both live; the customer's Mi cuenta
 * corriente shows the charge and the payment.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * The owner invites a repartidor by e-mail; on a 390 px phone the person opens the link and sets
 * their data and password (the staff invitation flow, decision 046).
 */
async function inviteDriver(request: APIRequestContext, browser: Browser, adminToken: string) {
  const email = uniqueEmail('repartidor');
  const password = 'Clave-Repartidor-E2E-2026';
  const invited = await request.post('/api/admin/staff/invitations', { headers: auth(adminToken), data: { email, role: 'driver' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = new URL(await waitForMailLink(email, '/invitacion'));
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Nombre').fill('Rita');
  await page.getByLabel('Apellido').fill('Repartidora');
  await page.getByLabel('DNI').fill(uniqueDni());
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
  const token = await accessTokenFor(request, email, password);
  const me = (await (await request.get('/api/auth/user', { headers: auth(token) })).json()) as { user: { id: string } };
  return { email, password, id: me.user.id };
}

/**
 * A zone delivering every day (cut-off the day before at 18:00; its driver is picked in the web
 * below), a product of 1 kg, two of the zone's customers, and the WhatsApp notice switched on.
 */
async function setUp(request: APIRequestContext, adminToken: string) {
  const tag = Date.now() % 1_000_000;
  const zone = await request.post('/api/admin/zones', {
    headers: auth(adminToken),
    data: { name: `Zona Norte ${tag}`, weekdays: [0, 1, 2, 3, 4, 5, 6], cutoff_days_before: 1, cutoff_time: '18:00' },
  });
  expect(zone.status(), await zone.text()).toBe(201);
  const { id: zoneId } = (await zone.json()) as { id: number };
  const settings = await request.put('/api/admin/settings', { headers: auth(adminToken), data: { delivery_notice_whatsapp_enabled: true } });
  expect(settings.status(), await settings.text()).toBe(200);
  const product = await request.post('/api/products', {
    headers: auth(adminToken),
    data: { name: `Yerba reparto ${tag}`, price: 250_000, retail_price: 400_000, stock: 100, weight_grams: 1_000 },
  });
  const { id: productId } = (await product.json()) as { id: string };
  const customers = [];
  for (const stop of [1, 2]) {
    const customer = await createApprovedCustomer(request, `reparto${stop}`);
    const assigned = await request.patch(`/api/admin/users/${customer.id}/zone`, { headers: auth(adminToken), data: { zone_id: zoneId, stop_position: stop } });
    expect(assigned.status(), await assigned.text()).toBe(204);
    customers.push(customer);
  }
  // One more customer, in no zone: the zones screen lists them until the admin picks one.
  const loose = await createApprovedCustomer(request, 'sinzona');
  return { zoneId, productId, customers, tag, loose };
}

/** The same with a finger: touch events sent to Chromium as a touchscreen would (the context has touch). */
async function touchDragToTop(page: Page, zone: ReturnType<Page['getByTestId']>, index: number) {
  // Both stops on the screen first: a finger only touches what it sees.
  await zone.getByTestId('delivery-stop').first().evaluate((row) => row.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -80));
  const handle = (await zone.getByTestId('drag-handle').nth(index).boundingBox())!;
  const first = (await zone.getByTestId('delivery-stop').first().boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const x = handle.x + handle.width / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', handle.y + handle.height / 2);
  for (const step of [0.2, 0.4, 0.6, 0.8, 1]) await touch('touchMove', handle.y + handle.height / 2 + (first.y + 4 - handle.y - handle.height / 2) * step);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/repartos-arrastrando-390.png` });
  await touch('touchEnd', first.y + 4);
  await cdp.detach();
}

/** Drags a stop by its handle above the first one, with the mouse (pointer events, as a finger would); photographed while held. */
async function dragToTop(page: Page, zone: ReturnType<Page['getByTestId']>, index: number, shotName: string) {
  const handle = (await zone.getByTestId('drag-handle').nth(index).boundingBox())!;
  const first = (await zone.getByTestId('delivery-stop').first().boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  for (const step of [0.25, 0.5, 0.75, 1]) {
    await page.mouse.move(handle.x + handle.width / 2, handle.y + (first.y + 4 - handle.y) * step, { steps: 3 });
  }
  await shot(page, shotName);
  await page.mouse.up();
}

test('the cart promises a date; the admin plans the day; an invited driver delivers one stop collecting cash and reschedules the other', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const driver = await inviteDriver(request, browser, adminToken);
  const { zoneId, productId, customers, tag, loose } = await setUp(request, adminToken);

  // The customer's cart says when an order placed now arrives.
  const first = customers[0]!;
  const token = await accessTokenFor(request, first.email, first.password);
  await request.put('/api/cart', { headers: auth(token), data: { cart_data: { [productId]: 4 } } });
  const promise = ((await (await request.get('/api/me/delivery', { headers: auth(token) })).json()) as { next_delivery: { text: string } }).next_delivery.text;
  expect(promise).toMatch(/^Llega el \S+ \d\d\/\d\d — pedí antes del \S+ \d\d\/\d\d a las 18:00$/);
  for (const viewport of [PHONE, WIDE]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, first.email, first.password);
    await page.goto('/cart');
    await expect(page.getByTestId('delivery-promise')).toHaveText(promise);
    await shot(page, `carrito-promesa-${viewport.width}`);
    await context.close();
  }

  // Both customers order; the admin confirms and moves both orders to today.
  const orders: string[] = [];
  for (const customer of customers) {
    const t = await accessTokenFor(request, customer.email, customer.password);
    const placed = await request.post('/api/orders', { headers: auth(t), data: { items: [{ product_id: productId, quantity: 4 }], canjeado_con_puntos: false } });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string } };
    expect((await request.post(`/api/admin/orders/${order.id}/status`, { headers: auth(adminToken), data: { status: 'Confirmado' } })).status()).toBe(200);
    const moved = await request.patch(`/api/admin/orders/${order.id}/delivery-date`, { headers: auth(adminToken), data: { date: businessDay() } });
    expect(moved.status(), await moved.text()).toBe(200);
    orders.push(order.id);
  }

  // Admin → Repartos, at 1280 and 390 px; the second stop moves up with the keyboard.
  const desk = await browser.newContext({ viewport: WIDE });
  const deskPage = await desk.newPage();
  await signIn(deskPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await deskPage.goto('/admin?tab=repartos');
  const zone = deskPage.getByTestId('delivery-zone').filter({ hasText: 'Zona Norte' }).last();
  await expect(zone.getByTestId('delivery-stop')).toHaveCount(2);
  // Each stop weighs 4 kg (4 × 1 kg), the zone 8 kg; each offers the "Tu pedido llega hoy" WhatsApp text.
  await expect(zone.getByTestId('delivery-stop').first()).toContainText('Peso 4 kg');
  await expect(zone).toContainText('Peso 8 kg');
  const notice = new URL((await zone.getByRole('link', { name: /^Avisar por WhatsApp a / }).first().getAttribute('href'))!);
  expect(notice.searchParams.get('text')).toMatch(/^Hola, Cliente .+\. Tu pedido #[0-9a-f]{8} llega hoy, \S+ \d\d\/\d\d\./);
  await shot(deskPage, 'repartos-1280');
  const orderOf = async (i: number) => /#([0-9a-f]{8})/.exec((await zone.getByTestId('delivery-stop').nth(i).textContent())!)![1]!;
  const [top, bottom] = [await orderOf(0), await orderOf(1)];
  // Dragged by its handle, the second stop goes first (and stays after a reload: the server saved it)…
  await dragToTop(deskPage, zone, 1, 'repartos-arrastrando-1280');
  await expect(zone.getByTestId('delivery-stop').first()).toContainText(`#${bottom}`);
  await deskPage.reload();
  await expect(deskPage.getByTestId('delivery-zone').filter({ hasText: `Zona Norte ${tag}` }).getByTestId('delivery-stop').first()).toContainText(`#${bottom}`);
  // …and back with the keyboard: the up button of the second stop.
  await zone.getByRole('button', { name: /^Subir a / }).nth(1).focus();
  await deskPage.keyboard.press('Enter');
  await expect(zone.getByTestId('delivery-stop').first()).toContainText(`#${top}`);
  // Zonas y feriados: the zone with its days and cut-off, the national holidays preloaded.
  await deskPage.getByText('Zonas y feriados').click();
  await expect(deskPage.getByRole('heading', { name: 'Zonas', exact: true })).toBeVisible();
  await expect(deskPage.getByRole('list').filter({ hasText: 'día anterior 18:00' }).first()).toBeVisible();
  await expect(deskPage.getByRole('button', { name: /^Quitar el feriado del \d{4}-12-25$/ }).first()).toBeVisible();
  // The zone's driver is the invited repartidor, picked in the zone's edit form.
  const zoneItem = deskPage.getByTestId('zone-item').filter({ hasText: `Zona Norte ${tag}` });
  await zoneItem.getByRole('button', { name: `Editar la zona Zona Norte ${tag}` }).click();
  await zoneItem.getByLabel('Repartidor').selectOption(driver.id);
  await shot(deskPage, 'zonas-editar-1280');
  await zoneItem.getByRole('button', { name: 'Guardar zona' }).click();
  await expect(zoneItem).toContainText('Repartidor: Rita Repartidora');
  await shot(deskPage, 'zonas-y-feriados-1280');
  await deskPage.goto('/admin?tab=repartos');
  await expect(deskPage.getByTestId('delivery-zone').last().getByTestId('delivery-stop')).toHaveCount(2);

  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const phonePage = await phone.newPage();
  await signIn(phonePage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await phonePage.goto('/admin?tab=repartos');
  const phoneZone = phonePage.getByTestId('delivery-zone').filter({ hasText: `Zona Norte ${tag}` });
  await expect(phoneZone.getByTestId('delivery-stop')).toHaveCount(2);
  await shot(phonePage, 'repartos-390');
  // On the phone a finger drags the second stop to the top (real touch events: the browser turns them into pointer events).
  await touchDragToTop(phonePage, phoneZone, 1);
  await expect(phoneZone.getByTestId('delivery-stop').first()).toContainText(`#${bottom}`);
  await phonePage.reload();
  await expect(phonePage.getByTestId('delivery-zone').filter({ hasText: `Zona Norte ${tag}` }).getByTestId('delivery-stop').first()).toContainText(`#${bottom}`);

  // The customer page's zone picker, at both widths.
  await phonePage.goto(`/admin?tab=usuarios&cliente=${encodeURIComponent(customers[0]!.id)}`);
  const picker = phonePage.getByTestId('customer-zone');
  await expect(picker.getByLabel('Zona', { exact: true })).toHaveValue(String(zoneId));
  await expect(picker.getByLabel('Posición en el recorrido (opcional)')).toHaveValue('1');
  await shot(phonePage, 'cliente-zona-390');
  // A customer in no zone is listed under Zonas y feriados; from there the admin gives them one.
  await phonePage.goto('/admin?tab=repartos');
  await phonePage.getByText('Zonas y feriados').click();
  const withoutZone = phonePage.getByTestId('customers-without-zone');
  await shot(phonePage, 'zonas-sin-zona-390');
  await withoutZone.locator(`a[href*="${loose.id}"]`).click();
  const loosePicker = phonePage.getByTestId('customer-zone');
  await loosePicker.getByLabel('Zona', { exact: true }).selectOption(String(zoneId));
  await loosePicker.getByLabel('Posición en el recorrido (opcional)').fill('3');
  await loosePicker.getByRole('button', { name: 'Guardar zona' }).click();
  await expect(phonePage.getByRole('region', { name: /Notificaciones/ }).getByText('Zona guardada')).toBeVisible();
  const looseZone = await request.get(`/api/admin/users/${loose.id}/zone`, { headers: auth(adminToken) });
  expect(await looseZone.json()).toEqual({ zone_id: zoneId, stop_position: 3 });
  await deskPage.goto(`/admin?tab=usuarios&cliente=${encodeURIComponent(customers[0]!.id)}`);
  await expect(deskPage.getByTestId('customer-zone')).toBeVisible();
  await shot(deskPage, 'cliente-zona-1280');
  // The notice's settings, at both widths.
  for (const page of [phonePage, deskPage]) {
    await page.goto('/admin?tab=ajustes');
    await expect(page.getByTestId('delivery-notice-settings').getByLabel(/Mostrar "Avisar por WhatsApp"/)).toBeChecked();
    await shot(page, `ajustes-aviso-${page === phonePage ? 390 : 1280}`);
  }
  // The product editor's weight, in kilos: seen at both widths, changed on the phone.
  for (const page of [deskPage, phonePage]) {
    await page.goto('/admin?tab=productos');
    await page.getByLabel('Buscar productos').fill(`Yerba reparto ${tag}`);
    await page.getByRole('button', { name: `Editar Yerba reparto ${tag}` }).click();
    const editor = page.getByRole('dialog', { name: 'Editar producto' });
    await expect(editor.getByLabel('Peso por unidad (kg, opcional)')).toHaveValue('1');
    await editor.getByLabel('Peso por unidad (kg, opcional)').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS ?? 'test-results'}/producto-peso-${page === phonePage ? 390 : 1280}.png` });
    if (page === phonePage) {
      await editor.getByLabel('Peso por unidad (kg, opcional)').fill('1,25');
      await editor.getByRole('button', { name: 'Guardar' }).click();
      await expect(editor).toHaveCount(0);
      const saved = await request.get(`/api/products/${productId}`, { headers: auth(adminToken) });
      expect(((await saved.json()) as { product: { weight_grams: number } }).product.weight_grams).toBe(1_250);
    }
  }
  await deskPage.goto('/admin?tab=repartos');
  await expect(deskPage.getByTestId('delivery-zone').last().getByTestId('delivery-stop')).toHaveCount(2);
  await phone.close();

  // The driver signs in on a 390 px phone and sees only their stops: no catalogue, no panel.
  const driverPhone = await browser.newContext({ viewport: PHONE });
  const driverPage = await driverPhone.newPage();
  await signIn(driverPage, driver.email, driver.password);
  await expect(driverPage).toHaveURL(/\/repartidor$/);
  await driverPage.goto('/admin');
  await expect(driverPage).toHaveURL(/\/repartidor$/);
  await driverPage.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = driverPage.getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'Mis repartos' })).toBeVisible();
  for (const hidden of ['Catálogo', 'Mis Pedidos', 'Panel de administración']) await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  await driverPage.getByRole('button', { name: 'Cerrar menú' }).click();
  const forbidden = await request.get(`/api/admin/deliveries?date=${businessDay()}`, { headers: auth(await accessTokenFor(request, driver.email, driver.password)) });
  expect(forbidden.status()).toBe(403);
  const stops = driverPage.getByTestId('driver-stop');
  await expect(stops).toHaveCount(2);
  await expect(stops.filter({ hasText: orders[0]!.slice(0, 8) })).toHaveCount(1);
  await shot(driverPage, 'repartidor-390');
  const delivered = stops.filter({ hasText: orders[0]!.slice(0, 8) });
  await delivered.getByRole('button', { name: 'Entregado', exact: true }).click();
  await delivered.getByLabel('Importe cobrado (opcional)').fill('10.000,00');
  await shot(driverPage, 'repartidor-entregado-390');
  // Both stops keep their route-sheet numbers once this one is delivered (decision 066): the other
  // one among the pending, this one among the finished.
  const numberOf = async (order: string) => ((await stops.filter({ hasText: order.slice(0, 8) }).textContent()) ?? '').match(/Parada \d+/)![0];
  const [deliveredStop, missedStop] = [await numberOf(orders[0]!), await numberOf(orders[1]!)];
  await delivered.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(stops.filter({ hasText: orders[0]!.slice(0, 8) })).toHaveCount(0);
  await expect(stops.filter({ hasText: orders[1]!.slice(0, 8) })).toContainText(missedStop);
  await expect(driverPage.getByTestId('driver-finished-stop')).toHaveCount(1);
  await expect(driverPage.getByTestId('driver-finished-stop')).toContainText(deliveredStop);
  await shot(driverPage, 'repartidor-a-mitad-del-dia-390');
  // The admin's desk hears it live (a toast lasts 10 s).
  await expect(deskPage.getByText(`El pedido #${orders[0]!.slice(0, 8)} de Cliente se entregó.`).first()).toBeVisible();
  const missed = stops.filter({ hasText: orders[1]!.slice(0, 8) });
  await missed.getByRole('button', { name: 'No entregado', exact: true }).click();
  await missed.getByLabel('Sin dinero').check();
  await missed.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(stops.filter({ hasText: orders[1]!.slice(0, 8) })).toHaveCount(0);
  // Decision 066: the finished day stays on the phone, with what to hand in.
  await expect(driverPage.getByTestId('driver-no-stops')).toHaveText('Terminaste las paradas de hoy. Abajo está el resumen para rendir.');
  await expect(driverPage.getByTestId('driver-finished-stop')).toHaveCount(2);
  await expect(driverPage.getByTestId('driver-finished-stop').filter({ hasText: orders[1]!.slice(0, 8) })).toContainText('No entregado · Sin dinero · Pasa al');
  await expect(driverPage.getByTestId('driver-day-summary')).toContainText(/Efectivo a rendir\s*\$\s10\.000,00/);
  await shot(driverPage, 'repartidor-dia-terminado-390');
  if (SHOTS) {
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await shot(driverPage, 'repartidor-dia-terminado-1280');
  }
  await driverPhone.close();

  // The not-delivered one too, and the day's list no longer has the delivered order.
  await expect(deskPage.getByText(new RegExp(`El pedido #${orders[1]!.slice(0, 8)} de Cliente no se entregó \\(Sin dinero\\); pasa al `)).first()).toBeVisible();
  await expect(deskPage.getByTestId('delivery-zone').filter({ hasText: orders[0]!.slice(0, 8) })).toHaveCount(0);
  const deskZone = deskPage.getByTestId('delivery-zone').filter({ hasText: `Zona Norte ${tag}` });
  await expect(deskZone.getByTestId('delivery-finished-stop')).toHaveCount(2);
  await expect(deskZone.getByTestId('delivery-finished-totals')).toContainText(/1 entregado · 1 no entregado · Cobrado en efectivo \$\s10\.000,00/);
  await shot(deskPage, 'repartos-en-vivo-1280');
  if (SHOTS) {
    await deskPage.setViewportSize({ width: 390, height: 844 });
    await shot(deskPage, 'repartos-terminados-390');
    await deskPage.setViewportSize({ width: 1280, height: 900 });
  }
  await desk.close();

  // The first customer's cuenta corriente has the charge and the payment: balance 0, on their phone.
  const account = await request.get('/api/me/account', { headers: auth(token) });
  expect(((await account.json()) as { balance: number }).balance).toBe(0);
  const customerPhone = await browser.newContext({ viewport: PHONE });
  const customerPage = await customerPhone.newPage();
  await signIn(customerPage, first.email, first.password);
  await customerPage.goto('/cuenta-corriente');
  await expect(customerPage.getByRole('heading', { name: 'Mi cuenta corriente' })).toBeVisible();
  const number = orders[0]!.slice(0, 8);
  await expect(customerPage.getByTestId('account-movement').filter({ hasText: `Pedido #${number}` }).filter({ hasText: 'Cargo' })).toHaveCount(1);
  await expect(customerPage.getByTestId('account-movement').filter({ hasText: 'Pago' })).toHaveCount(1);
  await shot(customerPage, 'repartos-cuenta-del-cliente-390');
  await customerPhone.close();
});
