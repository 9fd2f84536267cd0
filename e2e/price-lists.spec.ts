import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

// The business-identity work (decisions 017–019): an admin creates "Lista 2" −5 % and puts customer A on it; A's catalogue, cart
// and order total show the list price, customer B's the base price.

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');
const SHOTS = '/work/coord/shots/16';

async function signedInPage(browser: Browser, email: string, password: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
  const page = await context.newPage();
  // Placing an order opens WhatsApp; keep the test on the app.
  await page.addInitScript(() => {
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await page.goto('/login');
  await signInThroughForm(page, email, password);
  return page;
}

/** The customer's catalogue card, their cart total and the placed order's total. */
async function buyOne(page: Page, product: string, price: string, shot?: string) {
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(product);
  const card = page.getByRole('article', { name: product });
  await expect(card).toContainText(ars(price));
  if (shot) {
    await page.screenshot({ path: `${SHOTS}/plists-${shot}-catalog-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card).toContainText(ars(price));
    await page.screenshot({ path: `${SHOTS}/plists-${shot}-catalog-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await card.getByRole('button', { name: /^Agregar( al carrito)?$/ }).click();
  await expect(page.getByText(`${product} se ha añadido al carrito.`, { exact: true })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-total')).toHaveText(ars(price));
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByText('¡Pedido Realizado!', { exact: true })).toBeVisible();
  await page.goto('/my-orders');
  await expect(page.getByTestId('order-card').first()).toContainText(ars(price));
}

test('an admin puts customer A on "Lista 2" (−5 %): A sees and pays the list price, B the base price', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const product = `Yerba Lista ${tag}`;
  const listName = `Lista 2 ${tag}`;
  const adminToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { name: product, price: 100_000, retail_price: 150_000, stock: 50, sku: `YL-${tag}`, category: 'Almacén' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sugar = `Azúcar Lista ${tag}`;
  const createdSugar = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { name: sugar, price: 50_000, retail_price: 80_000, stock: 50, category: 'Almacén' },
  });
  expect(createdSugar.status(), await createdSugar.text()).toBe(201);
  const [a, b] = [await createApprovedCustomer(request, `lista-a-${tag}`), await createApprovedCustomer(request, `lista-b-${tag}`)];

  // The admin creates the list in "Listas de precios"…
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin?tab=listas');
  await page.getByRole('button', { name: 'Nueva lista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva lista' });
  await dialog.getByLabel('Nombre').fill(listName);
  await dialog.getByLabel('Porcentaje sobre la lista base').fill('−5');
  // An explicit price for one product: it replaces the −5 % for that product only.
  await dialog.getByLabel('Buscar un producto para darle precio propio').fill(sugar);
  await dialog.getByRole('button', { name: `Agregar «${sugar}»` }).click();
  await dialog.getByRole('textbox', { name: `Precio propio de «${sugar}»` }).fill('420,50');
  await dialog.getByLabel('Buscar un producto para darle precio propio').fill(product);
  await expect(dialog.getByRole('button', { name: `Agregar «${product}»` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/plists-admin-editor-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/plists-admin-editor-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Guardar lista' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: listName });
  await expect(card).toContainText('−5 %');
  await expect(card).toContainText('0 clientes · 1 precio propio');

  // …and puts customer A on it from the Usuarios tab.
  await page.goto('/admin?tab=usuarios');
  await page.getByLabel('Buscar usuarios').fill(a.email);
  const rowA = page.getByRole('listitem').filter({ hasText: a.email });
  await expect(page.getByRole('listitem').filter({ hasText: b.email })).toHaveCount(0);
  await rowA.getByRole('combobox', { name: 'Lista asignada a Cliente Prueba' }).selectOption({ label: `${listName} (−5 %)` });
  await expect(page.getByText(`Cliente Prueba compra ahora con «${listName}».`, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/plists-admin-users-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/plists-admin-users-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // The admin customer page shows the same assignment.
  await rowA.getByRole('link', { name: 'Ver la ficha de Cliente Prueba' }).click();
  const slot = page.getByRole('region', { name: 'Lista de precios' });
  await expect(slot.getByRole('combobox', { name: 'Lista asignada a Cliente Prueba' })).toHaveValue(/.+/);
  await expect(slot.getByRole('combobox')).toContainText(listName);
  await page.screenshot({ path: `${SHOTS}/plists-admin-customer-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await slot.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/plists-admin-customer-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=listas');
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: listName })).toContainText('1 cliente');
  await page.screenshot({ path: `${SHOTS}/plists-admin-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/plists-admin-390.png`, fullPage: true });

  // A: catalogue, cart and order at $ 950,00; B: $ 1.000,00.
  const pageA = await signedInPage(browser, a.email, a.password);
  await buyOne(pageA, product, '$ 950,00', 'customer-a');
  await pageA.goto('/catalog');
  await pageA.getByLabel('Buscar productos').fill(sugar);
  await expect(pageA.getByRole('article', { name: sugar })).toContainText(ars('$ 420,50'));
  const pageB = await signedInPage(browser, b.email, b.password);
  await buyOne(pageB, product, '$ 1.000,00', 'customer-b');
  await expect(pageB.getByText(ars('$ 950,00'))).toHaveCount(0);
  await pageB.goto('/catalog');
  await pageB.getByLabel('Buscar productos').fill(sugar);
  await expect(pageB.getByRole('article', { name: sugar })).toContainText(ars('$ 500,00'));
});
