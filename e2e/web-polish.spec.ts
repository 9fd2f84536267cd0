import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth, PHONE, WIDE } from './support/common';

/**
 * What phone and desktop testers found (decision 083): the toast over the header, the cart's
 * count told two ways, "Liberar" acting on one tap, and two ways of writing a time.
 */
const SHOTS = 'test-results/shots/web-polish';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const YERBA = 'Yerba Mate Playadito 1 kg';
const AZUCAR = 'Azúcar Ledesma 1 kg';

async function customerPage(browser: Browser, request: APIRequestContext, viewport: { width: number; height: number }, tag: string) {
  const customer = await createApprovedCustomer(request, tag);
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  return { page, context, customer };
}

async function add(page: Page, name: string, quantity: number) {
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(name);
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article', { name });
  await card.getByLabel(`Cantidad: ${name}`).fill(String(quantity));
  // A phone's list row says "Agregar", a card "Agregar al carrito".
  await card.getByRole('button', { name: /^Agregar( al carrito)?$/ }).click();
}

/** The element a tap at the middle of `target` reaches is `target` itself or inside it: nothing covers it. */
async function reachable(target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  return target.evaluate((el, p) => {
    const hit = document.elementFromPoint(p.x, p.y);
    return hit !== null && (el === hit || el.contains(hit));
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}

const toastOf = (page: Page, title: string) => page.locator('.toast-card').filter({ hasText: title });

test('"Producto añadido" on a phone shows below the header: the cart badge and the menu stay in reach, and it is still announced', async ({ browser, request }) => {
  const { page, context } = await customerPage(browser, request, PHONE, 'toastfono');
  await add(page, YERBA, 2);
  const toast = toastOf(page, 'Producto añadido');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(`${YERBA} se ha añadido al carrito.`);
  const header = (await page.locator('header').first().boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  const cartLink = page.getByRole('link', { name: /^Carrito:/ });
  expect(await reachable(cartLink.getByTestId('cart-count'))).toBe(true);
  expect(await reachable(page.getByRole('button', { name: 'Abrir menú' }))).toBe(true);
  // Radix's live region speaks it (a polite status: a confirmation, not an error).
  await expect(page.getByRole('status').filter({ hasText: 'Producto añadido' }).first()).toBeAttached();
  await shot(page, 'toast-catalog-390');

  // With the menu open the header grows, and the toast moves below it.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toBeVisible();
  const openHeader = (await page.locator('header').first().boundingBox())!;
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(openHeader.y + openHeader.height - 1);
  await context.close();
});

test('on a larger screen the toast stays at the bottom right, above the cart\'s bar where it shows (below 1024 px)', async ({ browser, request }) => {
  const { page, context } = await customerPage(browser, request, WIDE, 'toastancho');
  await add(page, YERBA, 2);
  const toast = toastOf(page, 'Producto añadido');
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(WIDE.width - 40);
  expect(box.y + box.height).toBeGreaterThan(WIDE.height - 60);
  expect(await reachable(page.getByRole('link', { name: /^Carrito:/ }))).toBe(true);
  await shot(page, 'toast-catalog-1280');

  // A tablet: the bar with "Realizar pedido" is fixed at the bottom of /cart; the toast sits above it.
  await page.setViewportSize({ width: 800, height: 900 });
  await add(page, AZUCAR, 1);
  await expect(toast).toBeVisible();
  await page.getByRole('link', { name: /^Carrito:/ }).click();
  const bar = page.getByTestId('checkout-bar');
  await expect(bar).toBeVisible();
  await expect(toast).toBeVisible();
  const barBox = (await bar.boundingBox())!;
  await expect.poll(async () => { const b = (await toast.boundingBox())!; return b.y + b.height; }).toBeLessThanOrEqual(barBox.y + 1);
  expect(await reachable(bar.getByRole('button', { name: 'Realizar pedido' }))).toBe(true);
  await shot(page, 'toast-cart-800');
  await context.close();
});

test('the cart badge and the cart bar count the same thing (units), and the link says what the number is', async ({ browser, request }) => {
  for (const viewport of [PHONE, WIDE]) {
    const { page, context } = await customerPage(browser, request, viewport, `cuenta${viewport.width}`);
    await add(page, YERBA, 20);
    await add(page, AZUCAR, 4);
    const cartLink = page.getByRole('link', { name: /^Carrito:/ });
    await expect(cartLink.getByTestId('cart-count')).toHaveText('24');
    await expect(cartLink).toHaveAccessibleName(/^Carrito: 24 unidades, \$/);
    await cartLink.click();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    if (viewport === PHONE) {
      await expect(page.getByTestId('checkout-bar-count')).toHaveText('24 unidades');
      await expect(page.getByTestId('checkout-bar')).not.toContainText('productos');
    }
    await page.waitForTimeout(5_500); // the last "Producto añadido" gone, for the picture
    await shot(page, `cart-count-${viewport.width}`);
    await context.close();
  }
});

/** A customer over a $ 1.000 limit with an order of one yerba ($ 4.200), held for credit. */
async function heldOrder(request: APIRequestContext, adminToken: string) {
  const customer = await createApprovedCustomer(request, 'liberar');
  const limit = await request.patch(`/api/admin/users/${customer.id}/credit`, { headers: auth(adminToken), data: { credit_limit: 100_000 } });
  expect(limit.status(), await limit.text()).toBe(200);
  const token = await accessTokenFor(request, customer.email, customer.password);
  const listed = await request.get('/api/products', { params: { search: YERBA } });
  const yerba = ((await listed.json()) as { items: { id: string; name: string }[] }).items.find((p) => p.name === YERBA)!;
  const placed = await request.post('/api/orders', { headers: auth(token), data: { items: [{ product_id: yerba.id, quantity: 1 }], canjeado_con_puntos: false } });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { id: string } }).order.id.slice(0, 8);
}

test('"Liberar" asks first (customer, order, amount, the e-mail); Escape cancels and the focus goes back; times are 24-hour with a four-digit year', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const hold = await request.put('/api/admin/settings', { headers: auth(adminToken), data: { credit_exceeded_action: 'hold' } });
  expect(hold.status(), await hold.text()).toBe(200);
  try {
    const number = await heldOrder(request, adminToken);
    for (const viewport of [WIDE, PHONE]) {
      const context = await browser.newContext({ viewport });
      const admin = await context.newPage();
      await admin.goto('/login');
      await signInThroughForm(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
      await admin.goto('/admin?tab=pedidos');
      const row = admin.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${number}`) });
      // One style for a moment: "26/11/2026, 17:05", never "26/11/26, 5:05 p. m.".
      await expect(row).toContainText(/\d\d\/\d\d\/\d{4}, \d\d:\d\d/);
      await expect(row).not.toContainText(/[ap]\.\s?m\./);
      await row.click();
      const detail = admin.getByRole('dialog', { name: `Pedido #${number}` });
      const release = detail.getByTestId('credit-hold').getByRole('button', { name: 'Liberar' });
      await release.click();
      const confirm = admin.getByRole('dialog', { name: `¿Liberar el pedido #${number}?` });
      await expect(confirm).toContainText('El pedido de Cliente Prueba por $');
      await expect(confirm).toContainText('4.200,00');
      await expect(confirm).toContainText('el cliente recibe un correo');
      await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
      await shot(admin, `liberar-confirm-${viewport.width}`);
      await admin.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);
      await expect(detail).toBeVisible();
      await expect(release).toBeFocused();
      await expect(detail.getByTestId('credit-hold')).toBeVisible();
      await context.close();
    }
  } finally {
    await request.put('/api/admin/settings', { headers: auth(adminToken), data: { credit_exceeded_action: 'refuse' } });
  }
});
