import { expect, test } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth, PHONE, WIDE } from './support/common';

/**
 * The order dialog's one "Historial" (decision 061): the owner confirms an order and edits it; the
 * dialog shows a single history with the edit (reason, totals, lines, who and their role) and the
 * state change, at 390 and 1280 px.
 */
test('the order dialog shows one Historial with the edit and its lines beside the state change', async ({ browser, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const customer = await createApprovedCustomer(request, 'historial-pedido');
  const tag = Date.now();
  const product = await request.post('/api/products', { headers: auth(ownerToken), data: { name: `Aceite historial ${tag}`, price: 150_000, retail_price: 200_000, stock: 50 } });
  expect(product.status(), await product.text()).toBe(201);
  const { id: productId } = (await product.json()) as { id: string };
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const placed = await request.post('/api/orders', { headers: auth(customerToken), data: { items: [{ product_id: productId, quantity: 4 }], canjeado_con_puntos: false } });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string } };
  expect((await request.post(`/api/admin/orders/${order.id}/status`, { headers: auth(ownerToken), data: { status: 'Confirmado' } })).status()).toBe(200);
  const edited = await request.patch(`/api/admin/orders/${order.id}`, { headers: auth(ownerToken), data: { lines: [{ product_id: productId, quantity: 3 }], reason: 'El cliente pidió una caja menos' } });
  expect(edited.status(), await edited.text()).toBe(200);

  for (const viewport of [PHONE, WIDE]) {
    const context = await browser.newContext({ viewport, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
    const page = await context.newPage();
    await page.goto('/login');
    await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
    await page.goto('/admin?tab=pedidos');
    // On a phone the filters fold behind "Filtrar".
    if (viewport === PHONE) await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByLabel('Cliente').fill(customer.email);
    await page.getByRole('button', { name: `Ver detalle del pedido #${order.id.slice(0, 8)}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /^Historial/ })).toHaveCount(1);
    const history = dialog.getByRole('region', { name: 'Historial', exact: true });
    // An order with edits shows its history at once, as its edits always were.
    await expect(history.getByRole('button', { name: 'Ocultar historial' })).toBeVisible();
    const items = history.getByRole('list', { name: 'Historial' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Editó un pedido');
    await expect(items.first()).toContainText('El cliente pidió una caja menos');
    await expect(items.first()).toContainText(/Total: \$\s6\.000,00 → \$\s4\.500,00/);
    await expect(items.first()).toContainText(`3 × Aceite historial ${tag}`);
    await expect(items.first()).toContainText('(Dueño)');
    await expect(items.nth(1)).toContainText('Estado: Pendiente → Confirmado');
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/order-history-${viewport.width}.png` });
    await context.close();
  }
});
