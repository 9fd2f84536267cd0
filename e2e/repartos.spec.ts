import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

/**
 * Repartos in the browser (decisions 049–051): the cart says when the order arrives; the admin sees
 * the day per zone at 1280 and 390 px and reorders a stop with the keyboard; the owner, on the
 * driver's 390 px view, marks one stop delivered collecting cash and the other not delivered.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

function businessDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A zone delivering every day (cut-off the day before at 18:00), a product, and two of the zone's customers. */
async function setUp(request: APIRequestContext, adminToken: string) {
  const tag = Date.now() % 1_000_000;
  const zone = await request.post('/api/admin/zones', {
    headers: auth(adminToken),
    data: { name: `Zona Norte ${tag}`, weekdays: [0, 1, 2, 3, 4, 5, 6], cutoff_days_before: 1, cutoff_time: '18:00' },
  });
  expect(zone.status(), await zone.text()).toBe(201);
  const { id: zoneId } = (await zone.json()) as { id: number };
  const product = await request.post('/api/products', { headers: auth(adminToken), data: { name: `Yerba reparto ${tag}`, price: 250_000, retail_price: 400_000, stock: 100 } });
  const { id: productId } = (await product.json()) as { id: string };
  const customers = [];
  for (const stop of [1, 2]) {
    const customer = await createApprovedCustomer(request, `reparto${stop}`);
    const assigned = await request.patch(`/api/admin/users/${customer.id}/zone`, { headers: auth(adminToken), data: { zone_id: zoneId, stop_position: stop } });
    expect(assigned.status(), await assigned.text()).toBe(204);
    customers.push(customer);
  }
  return { zoneId, productId, customers };
}

test('the cart promises a date; the admin plans the day; the driver delivers one stop collecting cash and reschedules the other', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { productId, customers } = await setUp(request, adminToken);

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
  await shot(deskPage, 'repartos-1280');
  const secondName = (await zone.getByTestId('delivery-stop').nth(1).textContent())!;
  await zone.getByRole('button', { name: /^Subir a / }).nth(1).focus();
  await deskPage.keyboard.press('Enter');
  await expect(zone.getByTestId('delivery-stop').first()).toHaveText(new RegExp(secondName.slice(3, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // Zonas y feriados: the zone with its days and cut-off, the national holidays preloaded.
  await deskPage.getByText('Zonas y feriados').click();
  await expect(deskPage.getByRole('heading', { name: 'Zonas', exact: true })).toBeVisible();
  await expect(deskPage.getByRole('list').filter({ hasText: 'día anterior 18:00' }).first()).toBeVisible();
  await expect(deskPage.getByRole('button', { name: /^Quitar el feriado del \d{4}-12-25$/ }).first()).toBeVisible();
  await shot(deskPage, 'zonas-y-feriados-1280');
  await deskPage.goto('/admin?tab=repartos');
  await expect(deskPage.getByTestId('delivery-zone').last().getByTestId('delivery-stop')).toHaveCount(2);

  const phone = await browser.newContext({ viewport: PHONE });
  const phonePage = await phone.newPage();
  await signIn(phonePage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await phonePage.goto('/admin?tab=repartos');
  await expect(phonePage.getByTestId('delivery-zone').last().getByTestId('delivery-stop')).toHaveCount(2);
  await shot(phonePage, 'repartos-390');

  // The driver's view (the owner may drive every zone): one delivered with cash, one not delivered.
  await phonePage.goto('/repartidor');
  const stops = phonePage.getByTestId('driver-stop');
  await expect(stops.filter({ hasText: orders[0]!.slice(0, 8) })).toHaveCount(1);
  await shot(phonePage, 'repartidor-390');
  const delivered = stops.filter({ hasText: orders[0]!.slice(0, 8) });
  await delivered.getByRole('button', { name: 'Entregado', exact: true }).click();
  await delivered.getByLabel('Importe cobrado (opcional)').fill('10.000,00');
  await shot(phonePage, 'repartidor-entregado-390');
  await delivered.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(stops.filter({ hasText: orders[0]!.slice(0, 8) })).toHaveCount(0);
  // The admin's desk hears it live (a toast lasts 10 s).
  await expect(deskPage.getByText(`El pedido #${orders[0]!.slice(0, 8)} de Cliente se entregó.`).first()).toBeVisible();
  const missed = stops.filter({ hasText: orders[1]!.slice(0, 8) });
  await missed.getByRole('button', { name: 'No entregado', exact: true }).click();
  await missed.getByLabel('Sin dinero').check();
  await missed.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(stops.filter({ hasText: orders[1]!.slice(0, 8) })).toHaveCount(0);
  await phone.close();

  // The not-delivered one too, and the day's list no longer has the delivered order.
  await expect(deskPage.getByText(new RegExp(`El pedido #${orders[1]!.slice(0, 8)} de Cliente no se entregó \\(Sin dinero\\); pasa al `)).first()).toBeVisible();
  await expect(deskPage.getByTestId('delivery-zone').filter({ hasText: orders[0]!.slice(0, 8) })).toHaveCount(0);
  await shot(deskPage, 'repartos-en-vivo-1280');
  await desk.close();

  // The first customer's cuenta corriente has the charge and the payment: balance 0.
  const account = await request.get('/api/me/account', { headers: auth(token) });
  expect(((await account.json()) as { balance: number }).balance).toBe(0);
});
