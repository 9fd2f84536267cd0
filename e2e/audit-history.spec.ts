import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';
import { auth } from './support/common';

/**
 * Every staff write audited (decision 054): the order dialog, the customer page and the product
 * editor each show their own Historial to the owner, and the staff screen gives a whole zone to a
 * rep at once and sets the rep's commission. Photographed at 390 and 1280 px (test-results/audit-*.png).
 */

async function ok(response: Promise<APIResponse>, status?: number) {
  const res = await response;
  if (status) expect(res.status(), await res.text()).toBe(status);
  else expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

/** A sales rep through the real invitation (the link from the e-mail, accepted by its API). */
async function createRep(request: APIRequestContext, ownerToken: string) {
  const email = uniqueEmail('vendedor-zona');
  await ok(request.post('/api/admin/staff/invitations', { headers: auth(ownerToken), data: { email, role: 'sales' } }), 201);
  const token = new URL(await waitForMailLink(email, '/invitacion')).searchParams.get('token');
  await ok(request.post('/api/auth/staff-invitation', { data: { token, password: 'Clave-Vendedor-E2E-2026', nombre: 'Rita', apellido: 'Zonal', dni: uniqueDni() } }));
  return 'Rita Zonal';
}

/** The panel scrolled into view and photographed at both widths (a dialog scrolls inside itself, so the viewport is what counts). */
async function shoot(page: Page, panel: Locator, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/audit-${name}-${width}.png` });
  }
}

async function openHistory(scope: Locator) {
  const history = scope.getByRole('region', { name: 'Historial', exact: true });
  await history.getByRole('button', { name: 'Ver historial' }).click();
  await expect(history.getByRole('list', { name: 'Historial' })).toBeVisible();
  return history;
}

test('the owner reads each order, customer and product history, and gives a zone to a rep at once', async ({ page, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const customer = await createApprovedCustomer(request, 'historial');
  await ok(request.patch(`/api/admin/users/${customer.id}/notes`, { headers: auth(ownerToken), data: { admin_notes: 'Recibe de 8 a 12.' } }));
  const tag = Date.now();
  const product = (await ok(request.post('/api/products', { headers: auth(ownerToken), data: { name: `Yerba Historial ${tag}`, price: 100_000, retail_price: 150_000, stock: 40 } }), 201)) as { id: string; name: string };
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const placed = (await ok(request.post('/api/orders', { headers: auth(customerToken), data: { items: [{ product_id: product.id, quantity: 2 }], observaciones: '', canjeado_con_puntos: false } }), 201)) as { order: { id: string } };
  await ok(request.post(`/api/admin/orders/${placed.order.id}/status`, { headers: auth(ownerToken), data: { status: 'Confirmado' } }));
  await ok(request.put(`/api/products/${product.id}`, { headers: auth(ownerToken), data: { name: product.name, price: 112_000, retail_price: 150_000, stock: 38 } }));
  await ok(request.patch(`/api/products/${product.id}/enabled`, { headers: auth(ownerToken), data: { is_enabled: false } }));
  const zone = (await ok(request.post('/api/admin/zones', { headers: auth(ownerToken), data: { name: `Zona Historial ${tag}`, weekdays: [1, 4], cutoff_days_before: 1, cutoff_time: '18:00' } }), 201)) as { id: number; name: string };
  await ok(request.patch(`/api/admin/users/${customer.id}/zone`, { headers: auth(ownerToken), data: { zone_id: zone.id } }), 204);
  const repName = await createRep(request, ownerToken);

  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);

  // The order dialog.
  await page.goto('/admin?tab=pedidos');
  await page.getByLabel('Cliente').fill(customer.email);
  await page.getByRole('button', { name: `Ver detalle del pedido #${placed.order.id.slice(0, 8)}` }).click();
  const dialog = page.getByRole('dialog');
  const orderHistory = await openHistory(dialog);
  await expect(orderHistory.getByRole('listitem').filter({ hasText: 'Cambió el estado de un pedido' })).toContainText('Estado: Pendiente → Confirmado');
  await expect(orderHistory).toContainText('(Dueño)');
  await shoot(page, orderHistory, 'pedido');
  await page.keyboard.press('Escape');

  // The customer page.
  await page.goto(`/admin?tab=usuarios&cliente=${customer.id}`);
  const customerHistory = await openHistory(page.locator('main'));
  await expect(customerHistory.getByText('Aprobó una cuenta')).toBeVisible();
  await expect(customerHistory.getByRole('listitem').filter({ hasText: 'Cambió la zona de un cliente' })).toContainText(`Zona: — → ${zone.name}`);
  await expect(customerHistory.getByRole('listitem').filter({ hasText: 'Editó las notas de un cliente' })).toContainText('Notas: — → Recibe de 8 a 12.');
  await shoot(page, customerHistory, 'cliente');

  // The product editor.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=productos');
  await page.getByLabel('Buscar productos').fill(product.name);
  await page.getByRole('button', { name: `Editar ${product.name}` }).click();
  const productHistory = await openHistory(page.getByRole('dialog'));
  await expect(productHistory.getByText('Deshabilitó un producto')).toBeVisible();
  await expect(productHistory.getByRole('listitem').filter({ hasText: 'Editó un producto' })).toContainText('Precio: $');
  await shoot(page, productHistory, 'producto');
  await page.keyboard.press('Escape');

  // Personal → Vendedor por zona.
  await page.goto('/admin?tab=personal');
  const panel = page.getByRole('form', { name: 'Vendedor por zona' });
  await panel.getByLabel('Zona').selectOption({ label: `${zone.name} (1 cliente)` });
  await panel.getByLabel('Vendedor').selectOption({ label: repName });
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe(`¿Asignar el cliente de ${zone.name} a ${repName}?`);
    void confirm.accept();
  });
  await panel.getByRole('button', { name: 'Asignar toda la zona' }).click();
  await expect(page.getByText(`Listo: el cliente de ${zone.name} quedó con ${repName}.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Personal' }).getByRole('listitem').filter({ hasText: repName })).toContainText('1 cliente');
  await shoot(page, panel, 'vendedor-por-zona');

  // The rep's commission, typed the Argentine way.
  const commission = page.getByLabel(`Comisión de ${repName} (%)`);
  await commission.fill('2,5');
  await page.getByRole('button', { name: 'Guardar comisión' }).click();
  await expect(page.getByText('Comisión guardada.', { exact: true })).toBeVisible();
  await expect(page.getByText(/Últimos 30 días: \$\s0,00 de comisión sobre \$\s0,00 vendidos\./)).toBeVisible();
  await shoot(page, commission, 'comision');

  const audit = (await ok(request.get(`/api/admin/audit?entity=zone&entity_id=${zone.id}`, { headers: auth(ownerToken) }))) as { items: { action: string }[] };
  expect(audit.items.map((i) => i.action)).toEqual(['customers.rep_by_zone', 'zone.create']);
});
