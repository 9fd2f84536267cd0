import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

/** The repricing work (decision 015): bulk repricing with preview and undo; export, edit, dry run and import. */

const ars = (text: string) => text.replace(/ /g, '\u00a0');
const SHOTS = '/work/coord/shots/17';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/token?grant_type=password', {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

async function createProducts(request: APIRequestContext, items: { name: string; price: number; category: string; sku: string }[]) {
  const token = await adminToken(request);
  for (const item of items) {
    const response = await request.post('/api/products', {
      data: { ...item, retail_price: item.price * 2, stock: 10 },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function openProductsTab(page: Page, search: string) {
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin?tab=productos');
  await page.getByLabel('Buscar productos').fill(search);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

test('an admin raises "Bebidas" 12 % rounded to $10, previews, applies, sees the catalogue change and undoes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = String(Date.now() % 1_000_000);
  const category = `Bebidas ${tag}`;
  await createProducts(request, [
    { name: `Gaseosa Cola ${tag}`, price: 100_500, category, sku: `GC-${tag}` },
    { name: `Agua Mineral ${tag}`, price: 200_000, category, sku: `AM-${tag}` },
  ]);
  await openProductsTab(page, tag);
  await expect(rowOf(page, `Gaseosa Cola ${tag}`)).toContainText(ars('$ 1.005,00'));

  await page.getByRole('button', { name: 'Cambiar precios' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar precios en bloque' });
  await dialog.getByLabel('Productos').selectOption('category');
  await dialog.getByLabel('Categoría').selectOption(category);
  await dialog.getByLabel('Cambio').selectOption('up');
  await dialog.getByLabel('Porcentaje').fill('12');
  await dialog.getByLabel('Redondeo').selectOption('10');
  await dialog.getByRole('button', { name: 'Ver vista previa' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 productos en la selección; 2 cambian.');
  // $1.005 + 12 % = $1.125,60 → up to $1.130; $2.000 + 12 % = $2.240.
  await expect(dialog.getByText(ars('$ 1.130,00'))).toBeVisible();
  await expect(dialog.getByText(ars('$ 2.240,00'))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reprice-preview-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/reprice-preview-390.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Aplicar a 2 productos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Precios cambiados en 2 productos.' }).first()).toBeVisible();
  await expect(rowOf(page, `Gaseosa Cola ${tag}`)).toContainText(ars('$ 1.130,00'));
  await expect(rowOf(page, `Agua Mineral ${tag}`)).toContainText(ars('$ 2.240,00'));

  await page.getByRole('button', { name: 'Deshacer este cambio' }).click();
  await expect(page.getByText('Se restauraron 2 productos.').first()).toBeVisible();
  await expect(rowOf(page, `Gaseosa Cola ${tag}`)).toContainText(ars('$ 1.005,00'));
  await expect(rowOf(page, `Agua Mineral ${tag}`)).toContainText(ars('$ 2.000,00'));
});

test('an admin exports, edits 3 rows, dry-runs, imports and sees them changed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `x${Date.now() % 1_000_000}`;
  const names = ['Yerba', 'Azúcar', 'Harina', 'Fideos'].map((w) => `${w} ${tag}`);
  await createProducts(
    request,
    names.map((name, i) => ({ name, price: 100_000 * (i + 1), category: `Almacén ${tag}`, sku: `${tag}-${i}` })),
  );
  await openProductsTab(page, tag);
  await expect(page.getByRole('rowheader')).toHaveCount(4);
  await expect(rowOf(page, names[0]!)).toContainText(ars('$ 1.000,00'));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await (await downloading).path();
  const csv = (await readFile(file!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines.filter((l) => l.startsWith(tag))).toHaveLength(4);
  // Three rows edited as in Excel: two prices and one stock.
  const edit = (sku: string, from: string, to: string) => {
    const i = lines.findIndex((l) => l.startsWith(`${sku};`));
    expect(lines[i]).toContain(from);
    lines[i] = lines[i]!.replace(from, to);
  };
  edit(`${tag}-0`, ';1.000,00;', ';1.111,00;');
  edit(`${tag}-1`, ';2.000,00;', ';2.222,00;');
  edit(`${tag}-2`, ';10;No;Sí', ';33;No;Sí');

  await page.getByRole('button', { name: 'Importar planilla' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar catálogo desde una planilla' });
  await dialog.getByLabel('Archivo').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}`) });
  await dialog.getByRole('button', { name: 'Simular importación' }).click();
  await expect(dialog.getByRole('status')).toHaveText('0 nuevos · 3 modificados · 1 sin cambios');
  await page.screenshot({ path: `${SHOTS}/import-report-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/import-report-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Importación aplicada' })).toBeVisible();
  // Escape closes the topmost layer: the "Importación aplicada" toast when it is already up (it is
  // loaded lazily, so whether it is depends on timing), then the dialog.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass({ timeout: 5000 });
  await expect(rowOf(page, names[0]!)).toContainText(ars('$ 1.111,00'));
  await expect(rowOf(page, names[1]!)).toContainText(ars('$ 2.222,00'));
  await expect(rowOf(page, names[2]!)).toContainText('33');
  await expect(rowOf(page, names[3]!)).toContainText(ars('$ 4.000,00'));

  // A file with a bad amount: the report names the row and the column, and nothing changes.
  await page.getByRole('button', { name: 'Importar planilla' }).click();
  const bad = lines.map((l) => (l.startsWith(`${tag}-3;`) ? l.replace(';4.000,00;', ';40O0;') : l));
  await dialog.getByLabel('Archivo').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.join('\r\n')) });
  await dialog.getByRole('button', { name: 'Simular importación' }).click();
  await expect(dialog.getByText(/Fila \d+, columna "Precio mayorista": "40O0" no es un importe válido\./)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
});

test('the cart says how much a line’s price changed since it was added, on another device too (the server keeps the price)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = String(Date.now() % 1_000_000);
  const token = await adminToken(request);
  const created = await request.post('/api/products', {
    data: { name: `Aceite Aviso ${tag}`, price: 100_000, retail_price: 150_000, stock: 20, sku: `AV-${tag}` },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as { id: string; name: string };
  // "Device A": the customer's cart saved through the API at $1.000.
  const customer = await createApprovedCustomer(request, 'aviso');
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const saved = await request.put('/api/cart', { data: { cart_data: { [product.id]: 2 } }, headers: { Authorization: `Bearer ${customerToken}` } });
  expect(((await saved.json()) as { added_prices: Record<string, number> }).added_prices).toEqual({ [product.id]: 100_000 });
  // The admin raises the price 8 %.
  const raised = await request.put(`/api/products/${product.id}`, {
    data: { name: product.name, price: 108_000, retail_price: 150_000, stock: 20, sku: `AV-${tag}` },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  // "Device B": a browser that never saw the cart shows the notice from the server's price.
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: product.name });
  await expect(line.getByTestId('price-changed')).toHaveText('Subió 8 % desde que lo agregaste');
  await page.screenshot({ path: `${SHOTS}/cart-notice-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/cart-notice-390.png` });
});
