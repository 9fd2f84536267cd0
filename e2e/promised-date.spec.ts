import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth, businessDay, PHONE, WIDE } from './support/common';
import { inviteRep } from './support/staff-helpers';

/**
 * The promised date after checkout (decision 065): a customer of a zone orders from the cart at
 * 390 and 1280 px; "¡Pedido Realizado!"'s confirmation keeps the spec's texts and adds "Entrega
 * prevista: …", the same day the cart promised; Mis Pedidos says it for each order, and after the
 * admin moves one order to another day, the new day, which the owner's order dialog says too; the
 * rep's "¡Pedido Realizado!" says it for an order the rep takes. Photographed at both widths.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
/** "viernes 27/11" for a yyyy-mm-dd, as core's formatDeliveryDay writes it (an independent reading). */
const dayText = (date: string) => `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]} ${date.slice(8, 10)}/${date.slice(5, 7)}`;
/** "vie 27/11", the office's list column (core's formatDeliveryDayShort, read independently). */
const shortDayText = (date: string) => `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!.slice(0, 3)} ${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** A zone delivering every day (cut-off the day before at 18:00), a product, and an approved customer of the zone. */
async function zoneCustomer(request: APIRequestContext, adminToken: string, tag: string) {
  const zone = await request.post('/api/admin/zones', {
    headers: auth(adminToken),
    data: { name: `Zona Promesa ${tag}`, weekdays: [0, 1, 2, 3, 4, 5, 6], cutoff_days_before: 1, cutoff_time: '18:00' },
  });
  expect(zone.status(), await zone.text()).toBe(201);
  const zoneId = ((await zone.json()) as { id: number }).id;
  const product = await request.post('/api/products', { headers: auth(adminToken), data: { name: `Yerba promesa ${tag}`, price: 250_000, retail_price: 400_000, stock: 100 } });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  const customer = await createApprovedCustomer(request, 'promesa');
  expect((await request.patch(`/api/admin/users/${customer.id}/zone`, { headers: auth(adminToken), data: { zone_id: zoneId, stop_position: null } })).status()).toBe(204);
  return { productId, customer };
}

test('the confirmation and Mis Pedidos say when the order arrives, and the new day after the admin moves it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { productId, customer } = await zoneCustomer(request, adminToken, String(Date.now() % 1_000_000));
  const token = await accessTokenFor(request, customer.email, customer.password);

  const placed: string[] = [];
  for (const viewport of [PHONE, WIDE]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // The WhatsApp window is not this test's business.
    await page.addInitScript(() => {
      window.open = () => ({ opener: null }) as unknown as Window;
    });
    expect((await request.put('/api/cart', { headers: auth(token), data: { cart_data: { [productId]: 2 } } })).status()).toBe(200);
    await page.goto('/login');
    await signInThroughForm(page, customer.email, customer.password);
    await page.goto('/cart');
    const promise = (await page.getByTestId('delivery-promise').textContent())!;
    const promised = /^Llega el (\S+ \d\d\/\d\d) — /.exec(promise)![1]!;
    await page.locator('button:visible', { hasText: 'Realizar pedido' }).first().click();
    const confirmation = page.getByTestId('order-confirmation');
    await expect(confirmation.getByRole('heading')).toHaveText(/^Pedido #[0-9a-f]{8} realizado$/);
    await expect(confirmation).toContainText('fue registrado y está pendiente de aprobación.');
    await expect(confirmation.getByTestId('order-delivery-date')).toHaveText(`Entrega prevista: ${promised}`);
    await shot(page, `pedido-realizado-entrega-${viewport.width}`);
    placed.push(/#([0-9a-f]{8})/.exec((await confirmation.getByRole('heading').textContent())!)![1]!);

    await confirmation.getByRole('link', { name: 'Mis Pedidos' }).click();
    const card = page.getByTestId('order-card').filter({ hasText: `Pedido #${placed.at(-1)}` });
    await expect(card.getByTestId('order-delivery-date')).toHaveText(`Entrega prevista: ${promised}`);
    await context.close();
  }

  // The admin moves the first order a week later: Mis Pedidos says the new day, at both widths.
  const orders = (await (await request.get('/api/orders', { headers: auth(token) })).json()) as { items: { id: string; delivery_date: string }[] };
  const first = orders.items.find((o) => o.id.startsWith(placed[0]!))!;
  const later = businessDay(8);
  const moved = await request.patch(`/api/admin/orders/${first.id}/delivery-date`, { headers: auth(adminToken), data: { date: later } });
  expect(moved.status(), await moved.text()).toBe(200);
  for (const viewport of [PHONE, WIDE]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/login');
    await signInThroughForm(page, customer.email, customer.password);
    await page.goto('/my-orders');
    const card = page.getByTestId('order-card').filter({ hasText: `Pedido #${placed[0]}` });
    await expect(card.getByTestId('order-delivery-date')).toHaveText(`Entrega prevista: ${dayText(later)}`);
    await expect(page.getByTestId('order-card').filter({ hasText: `Pedido #${placed[1]}` }).getByTestId('order-delivery-date')).toHaveText(
      `Entrega prevista: ${dayText(first.delivery_date)}`,
    );
    await shot(page, `mis-pedidos-entrega-${viewport.width}`);
    await context.close();
  }

  // The office's order list says each order's day ("Entrega vie 27/11"), and the owner's order dialog says the new day.
  for (const viewport of [PHONE, WIDE]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/login');
    await signInThroughForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin?tab=pedidos');
    const row = (number: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`Ver detalle del pedido #?${number}`) }) });
    await expect(row(placed[0]!).getByTestId('order-row-delivery')).toHaveText(`Entrega ${shortDayText(later)}`);
    await expect(row(placed[1]!).getByTestId('order-row-delivery')).toHaveText(`Entrega ${shortDayText(first.delivery_date)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await shot(page, `pedidos-oficina-entrega-${viewport.width}`);
    await page.getByRole('button', { name: new RegExp(`Ver detalle del pedido #?${placed[0]}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Pedido #${placed[0]}` });
    await expect(dialog.getByTestId('order-delivery-date')).toHaveText(`Entrega prevista: ${dayText(later)}`);
    await shot(page, `pedido-dueno-entrega-${viewport.width}`);
    await context.close();
  }
});

test("the rep's '¡Pedido Realizado!' says when the order arrives", async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const ownerToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const rep = await inviteRep(request, page, ownerToken);
  const me = (await (await request.get('/api/auth/user', { headers: auth(rep.token) })).json()) as { user: { id: string } };
  const tag = `Promesa${Date.now() % 1_000_000}`;
  const { customer } = await zoneCustomer(request, ownerToken, tag);
  const assigned = await request.patch(`/api/admin/users/${customer.id}/rep`, { headers: auth(ownerToken), data: { rep_id: me.user.id, visit_days: [] } });
  expect(assigned.status(), await assigned.text()).toBe(204);
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const promise = ((await (await request.get('/api/me/delivery', { headers: auth(customerToken) })).json()) as { next_delivery: { date: string } }).next_delivery;

  for (const viewport of [PHONE, WIDE]) {
    const context = await browser.newContext({ viewport });
    const phone = await context.newPage();
    await phone.goto('/login');
    await signInThroughForm(phone, rep.email, rep.password);
    await phone.goto(`/vendedor/pedido/${customer.id}`);
    await phone.getByLabel('Buscar producto').fill(`Yerba promesa ${tag}`);
    await phone.getByRole('button', { name: `Más Yerba promesa ${tag}` }).first().click();
    await expect(phone.getByTestId('rep-order-line')).toHaveCount(1);
    await phone.getByRole('button', { name: 'Realizar pedido' }).click();
    const placed = phone.getByTestId('rep-order-placed');
    await expect(placed.getByRole('heading', { name: '¡Pedido Realizado!' })).toBeVisible();
    await expect(placed.getByTestId('order-delivery-date')).toHaveText(`Entrega prevista: ${dayText(promise.date)}`);
    await shot(phone, `vendedor-pedido-realizado-entrega-${viewport.width}`);
    await context.close();
  }
});
