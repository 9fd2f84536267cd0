import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth } from './support/common';

/**
 * The order-life work (decision 014) in the browser: an admin edits an order (the customer's Mis Pedidos and PDF change),
 * a customer cancels one (stock and points return), and the dashboard shows a known fixture.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/token?grant_type=password', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function createProduct(request: APIRequestContext, adminToken: string, name: string, price: number, stock: number): Promise<string> {
  const res = await request.post('/api/products', { headers: auth(adminToken), data: { name, price, retail_price: price * 2, stock } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  names.set(id, name);
  return id;
}
const names = new Map<string, string>();

async function stockOf(request: APIRequestContext, adminToken: string, productId: string): Promise<number> {
  const res = await request.get('/api/products', { headers: auth(adminToken), params: { include_disabled: 1, search: names.get(productId)! } });
  const { items } = (await res.json()) as { items: { id: string; stock: number }[] };
  const found = items.find((p) => p.id === productId);
  if (found) return found.stock;
  throw new Error(`product ${productId} not found`);
}

async function placeOrder(request: APIRequestContext, token: string, items: { product_id: string; quantity: number }[], points = false) {
  const res = await request.post('/api/orders', { headers: auth(token), data: { items, canjeado_con_puntos: points } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { id: string; total: number } }).order;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

test('an admin edits an order; the customer sees the new lines and total in Mis Pedidos and in the PDF', async ({ browser, request }) => {
  const adminToken = await tokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const tag = Date.now() % 1_000_000;
  const oil = await createProduct(request, adminToken, `Aceite edición ${tag}`, 100_000, 50);
  const rice = await createProduct(request, adminToken, `Arroz edición ${tag}`, 20_000, 50);
  const customer = await createApprovedCustomer(request, 'edicion');
  const customerToken = await tokenFor(request, customer.email, customer.password);
  const order = await placeOrder(request, customerToken, [
    { product_id: oil, quantity: 4 },
    { product_id: rice, quantity: 1 },
  ]);
  const number = order.id.slice(0, 8);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.goto('/admin?tab=pedidos');
  await admin.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${number}`) }).click();
  const detail = admin.getByRole('dialog', { name: `Pedido #${number}` });
  await detail.getByRole('button', { name: 'Modificar pedido' }).click();
  const editor = admin.getByRole('dialog', { name: `Modificar pedido #${number}` });
  await editor.getByLabel(`Cantidad de Aceite edición ${tag}`).fill('2');
  await editor.getByRole('button', { name: `Quitar Arroz edición ${tag}` }).click();
  await editor.getByLabel('Motivo del cambio').fill('Sacamos 2 cajas de aceite y el arroz');
  await expect(editor.getByText(ars('Total estimado: $ 2.000,00'))).toBeVisible();
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/order-edit-1280.png` });
  await editor.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(admin.getByRole('region', { name: /Notificaciones/ }).getByText('Pedido modificado')).toBeVisible();
  await expect(detail.getByText('Sacamos 2 cajas de aceite y el arroz')).toBeVisible();
  await expect(detail.getByText(ars('Total: $ 4.200,00 → $ 2.000,00'))).toBeVisible();
  await adminContext.close();

  expect(await stockOf(request, adminToken, oil)).toBe(48);
  expect(await stockOf(request, adminToken, rice)).toBe(50);

  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await customerContext.newPage();
  await signIn(page, customer.email, customer.password);
  await page.goto('/my-orders');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Pedido #${number}` }) });
  await expect(card.getByText(`2 × Aceite edición ${tag}`)).toBeVisible();
  await expect(card.getByText(`Arroz edición ${tag}`)).toHaveCount(0);
  await expect(card.getByText(ars('$ 2.000,00')).last()).toBeVisible();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Descargar PDF' }).click();
  const pdf = await (await download).path();
  expect(pdf).toBeTruthy();
  const api = await request.get(`/api/orders/${order.id}/pdf`, { headers: auth(customerToken) });
  expect(api.headers()['content-type']).toBe('application/pdf');
  await customerContext.close();
});

test('a customer cancels a Pendiente order from Mis Pedidos after confirming: stock and points come back', async ({ browser, request }) => {
  const adminToken = await tokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const tag = Date.now() % 1_000_000;
  const product = await createProduct(request, adminToken, `Yerba cancelación ${tag}`, 10_000, 20);
  const customer = await createApprovedCustomer(request, 'cancela');
  const adjust = await request.post(`/api/admin/users/${customer.id}/points`, {
    headers: auth(adminToken),
    data: { saldo_puntos: 100_000, reason: 'Puntos para la prueba' },
  });
  expect(adjust.status(), await adjust.text()).toBe(200);
  const customerToken = await tokenFor(request, customer.email, customer.password);
  const order = await placeOrder(request, customerToken, [{ product_id: product, quantity: 3 }], true);
  const number = order.id.slice(0, 8);
  expect(await stockOf(request, adminToken, product)).toBe(17);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, customer.email, customer.password);
  await page.goto('/my-orders');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Pedido #${number}` }) });
  await card.getByRole('button', { name: 'Cancelar pedido' }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Cancelar el pedido #${number}?` });
  await expect(confirm.getByText(ars('Se te devuelven $ 300,00 en puntos'))).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cancel-390.png` });
  await confirm.getByRole('button', { name: 'Sí, cancelar pedido' }).click();
  await expect(card.getByText('Cancelado')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  await context.close();

  expect(await stockOf(request, adminToken, product)).toBe(20);
  const balance = await request.get('/api/points', { headers: auth(customerToken) });
  expect(((await balance.json()) as { saldo_puntos: number }).saldo_puntos).toBe(100_000);
});

test('the dashboard is the first admin tab and shows the numbers of a known fixture', async ({ browser, request }) => {
  const adminToken = await tokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const tag = Date.now() % 1_000_000;
  const product = await createProduct(request, adminToken, `Fideos tablero ${tag}`, 50_000, 500);
  // The top product of today: 150 units in two orders of one customer, more than any other spec sells.
  const customer = await createApprovedCustomer(request, 'tablero');
  const customerToken = await tokenFor(request, customer.email, customer.password);
  await placeOrder(request, customerToken, [{ product_id: product, quantity: 100 }]);
  await placeOrder(request, customerToken, [{ product_id: product, quantity: 50 }]);
  const api = (await (await request.get('/api/admin/dashboard?period=day', { headers: auth(adminToken) })).json()) as {
    current: { sales: number; orders: number };
  };

  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Panel' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('radio', { name: 'Hoy' }).click();
    await expect(page.getByRole('radio', { name: 'Hoy' })).toHaveAttribute('aria-checked', 'true');
    const top = page.getByRole('region', { name: 'Productos más vendidos' });
    await expect(top.getByRole('listitem').first()).toContainText(`Fideos tablero ${tag}`);
    await expect(top.getByRole('listitem').first()).toContainText(ars('150 unidades · $ 75.000,00'));
    await expect(page.getByTestId('figure-Pedidos')).toHaveText(String(api.current.orders));
    await expect(page.getByRole('img', { name: /Total/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });
    await context.close();
  }
});
