import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

// The wholesale-ordering work (decision 016) on a 390 × 844 phone: the spec's stock refusal, pack sizes and the minimum order.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');
const SHOTS = '/work/coord/shots/18';

async function adminHeaders(request: APIRequestContext) {
  const token = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  return { Authorization: `Bearer ${token}` };
}

/** A product sold in packs of 12 at $ 1.000,00, created through the admin API. */
async function createPackProduct(request: APIRequestContext) {
  const name = `Aceite Bulto ${randomBytes(3).toString('hex')}`;
  const res = await request.post('/api/products', {
    headers: await adminHeaders(request),
    data: { name, price: 100_000, retail_price: 150_000, stock: 500, pack_size: 12, sku: `BUL-${randomBytes(3).toString('hex')}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return name;
}

async function setMinimumOrder(request: APIRequestContext, amount: number) {
  const res = await request.put('/api/admin/settings', { headers: await adminHeaders(request), data: { min_order_amount: amount } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAsNewCustomer(page: Page, request: APIRequestContext, tag: string) {
  const customer = await createApprovedCustomer(request, tag);
  // Placing an order opens WhatsApp; keep the test on the app.
  await page.addInitScript(() => {
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
}

async function findCard(page: Page, name: string) {
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(name);
  await expect(page.getByRole('article')).toHaveCount(1);
  return page.getByRole('article', { name });
}

test('typing more than the stock keeps the number and shows the spec refusal; adding is refused', async ({ page, request }) => {
  await signInAsNewCustomer(page, request, 'sobrestock');
  const name = 'Lentejas Egran 400 g'; // demo stock: 8
  const card = await findCard(page, name);
  const quantity = card.getByLabel(`Cantidad: ${name}`);
  await quantity.fill('15');
  await expect(quantity).toHaveValue('15');
  await expect(card.getByTestId('quantity-problem')).toHaveText(`No hay suficiente stock para ${name}`);

  await card.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Stock insuficiente', { exact: true })).toBeVisible();
  await expect(page.getByText(`No hay suficiente stock para ${name}`, { exact: true }).last()).toBeVisible();
  await expect(quantity).toHaveValue('15');
  await expect(page.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-count')).toHaveText('0');
});

test('a pack-size product refuses 13 and accepts 24; the minimum order blocks and then allows the order', async ({ page, request }) => {
  const name = await createPackProduct(request);
  await signInAsNewCustomer(page, request, 'bulto');
  const card = await findCard(page, name);
  await expect(card).toContainText('Bulto x 12');
  const quantity = card.getByLabel(`Cantidad: ${name}`);
  await expect(quantity).toHaveValue('12');
  await card.getByRole('button', { name: 'Sumar una unidad' }).click();
  await expect(quantity).toHaveValue('24');

  await quantity.fill('13');
  await expect(card.getByTestId('quantity-problem')).toContainText('se vende en bultos de 12');
  await card.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Cantidad no válida', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-count')).toHaveText('0');

  await quantity.fill('24');
  await expect(card.getByTestId('quantity-problem')).toBeEmpty();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PUT');
  await card.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText(`${name} se ha añadido al carrito.`, { exact: true })).toBeVisible();
  expect((await saved).status()).toBe(200);

  await setMinimumOrder(request, 30_000_00);
  try {
    await page.goto('/cart');
    await expect(page.getByTestId('minimum-order')).toHaveText(ars('Te faltan $ 6.000,00 para el pedido mínimo'));
    const place = page.getByRole('button', { name: 'Realizar pedido' });
    await expect(place).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/cart-minimum-390.png`, fullPage: true });

    await page.getByRole('button', { name: `Agregar una unidad de ${name}` }).click();
    await expect(page.getByLabel(`Cantidad de ${name}`)).toHaveValue('36');
    await expect(page.getByTestId('minimum-order')).toHaveCount(0);
    await expect(place).toBeEnabled();
    await place.click();
    await expect(page.getByText('¡Pedido Realizado!', { exact: true })).toBeVisible();
  } finally {
    await setMinimumOrder(request, 0);
  }
});

test('the order-form view is the phone default: 6+ rows on screen, 10 products added with the keyboard without leaving it', async ({ page, request }) => {
  await signInAsNewCustomer(page, request, 'planilla');
  await page.goto('/catalog');
  await expect(page.getByRole('button', { name: 'Lista', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('product-row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/order-form-390.png` });

  // Scrolled to the list, at least 6 rows fit in the 844 px screen.
  await rows.first().evaluate((row) => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 70));
  // The list renders the rows near the viewport after the scroll event, so under load the count is
  // polled until that render has landed (it still fails if fewer than 6 rows ever fit).
  const rowsInView = () =>
    rows.evaluateAll((all) => all.filter((r) => {
      const box = r.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }).length);
  await expect.poll(rowsInView).toBeGreaterThanOrEqual(6);
  await page.screenshot({ path: `${SHOTS}/order-form-390-scrolled.png` });

  // Type a quantity, Enter adds it and the focus moves on to the next product.
  // (Pack-size products left by the other test sort first; start at the first demo product.)
  await rows.filter({ hasNotText: 'Aceite Bulto' }).first().getByRole('spinbutton').focus();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
  }
  const cartLink = page.getByRole('link', { name: /^Carrito:/ });
  await expect(cartLink.getByTestId('cart-count')).toHaveText('20');
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.locator('[data-testid="product-row"] input:focus')).toHaveCount(1);
});

test('a 15-line quick order is previewed with prices and unknown codes, then added in one request', async ({ page, request }) => {
  await signInAsNewCustomer(page, request, 'rapido');
  const skus = ['001', '002', '003', '004', '005', '006', '007', '008', '009', '010', '011', '012', '013', '015', '017'];
  const pasted = [...skus.map((n, i) => (i % 2 ? `ALM-${n} x 2` : `ALM-${n};2`)), 'NO-EXISTE 3', 'cualquier cosa'].join('\n');
  await page.goto('/pedido-rapido');
  await page.getByLabel('Códigos y cantidades').fill(pasted);
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page.getByRole('heading', { name: '15 productos listos' })).toBeVisible();
  await expect(page.getByTestId('quick-order-matched').getByRole('listitem')).toHaveCount(15);
  await expect(page.getByTestId('quick-order-unknown')).toContainText('NO-EXISTE');
  await expect(page.getByTestId('quick-order-unreadable')).toContainText('Línea 17');
  await page.screenshot({ path: `${SHOTS}/quick-order-390.png`, fullPage: true });

  const posted = page.waitForResponse((r) => r.url().endsWith('/api/cart/lines') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Agregar 15 productos al carrito' }).click();
  expect((await posted).status()).toBe(200);
  await expect(page.getByText('Se agregaron 15 productos al carrito.', { exact: true })).toBeVisible();
  const count = page.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-count');
  await expect(count).toHaveText('30');

  // Save the cart as a list, empty the cart, put the list back.
  await page.goto('/mis-listas');
  await page.getByLabel('Nombre de la nueva lista').fill('Semanal');
  await page.getByRole('button', { name: 'Guardar el carrito como lista' }).click();
  await expect(page.getByTestId('shopping-list')).toContainText('15 productos');
  await page.screenshot({ path: `${SHOTS}/lists-390.png`, fullPage: true });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Vaciar carrito' }).click();
  await expect(count).toHaveText('0');
  await page.goto('/mis-listas');
  await page.getByRole('button', { name: 'Agregar «Semanal» al carrito' }).click();
  await expect(page.getByText('Se agregaron 15 productos a precios de hoy.', { exact: true })).toBeVisible();
  await expect(count).toHaveText('30');
});

test.describe('on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('cards are the default, the list view is a remembered toggle; quick order at full width', async ({ page, request }) => {
    await signInAsNewCustomer(page, request, 'escritorio');
    await page.goto('/catalog');
    await expect(page.getByRole('button', { name: 'Tarjetas', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Lista', exact: true }).click();
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Lista', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/order-form-1280.png` });

    await page.goto('/pedido-rapido');
    await page.getByLabel('Códigos y cantidades').fill('ALM-001 24\nALM-003 x 10\nALM-016;20\nNO-EXISTE 2');
    await page.getByRole('button', { name: 'Revisar' }).click();
    await expect(page.getByRole('heading', { name: '2 productos listos' })).toBeVisible();
    await expect(page.getByTestId('quick-order-problems')).toContainText('No hay suficiente stock para Lentejas Egran 400 g');
    await page.screenshot({ path: `${SHOTS}/quick-order-1280.png`, fullPage: true });
  });
});
