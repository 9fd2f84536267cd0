import { expect, test, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { inviteRep } from './support/staff-helpers';
import { auth } from './support/common';

/**
 * The sales rep's phone (decisions 052–053), all through the screens at 390 px: the owner invites a
 * rep and assigns them a customer visited today; the rep opens that customer from "Mis clientes",
 * takes a 10-line order in "Tomar pedido" and records a cash payment; the customer sees the order in
 * Mis Pedidos and the receipt in Mi cuenta corriente; the owner's Actividad names the rep for both.
 * Screens photographed at 390 and 1280 px (test-results/rep-*.png).
 */

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/rep-${name}-${width}.png`, fullPage: true });
  }
}

/** Today's ISO weekday in Buenos Aires (1 = lunes), so the customer is "Visita hoy". */
function todayIsoWeekday(): number {
  const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
  return ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión', includeHidden: true }).first().evaluate((button: HTMLElement) => button.click());
  await expect(page.getByRole('button', { name: 'Cerrar sesión', includeHidden: true })).toHaveCount(0);
}

test('a rep takes a 10-line order and a cash payment on the phone; the customer and the owner see both', async ({ page, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const rep = await inviteRep(request, page, ownerToken);
  const me = (await (await request.get('/api/auth/user', { headers: auth(rep.token) })).json()) as { user: { id: string } };
  const customer = await createApprovedCustomer(request, 'cliente-del-vendedor');
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const phone = await request.patch('/api/me', { headers: auth(customerToken), data: { whatsapp: '11 2233-4455' } });
  expect(phone.status(), await phone.text()).toBe(200);
  const today = todayIsoWeekday();
  const assigned = await request.patch(`/api/admin/users/${customer.id}/rep`, { headers: auth(ownerToken), data: { rep_id: me.user.id, visit_days: [today] } });
  expect(assigned.status(), await assigned.text()).toBe(204);
  const tag = `Preventa${Date.now()}`;
  for (let i = 0; i < 10; i += 1) {
    const res = await request.post('/api/products', { headers: auth(ownerToken), data: { name: `${tag} producto ${i}`, price: 10_000, retail_price: 20_000, stock: 50 } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  // The rep's phone: Mis clientes → the customer of today.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, rep.email, rep.password);
  await page.goto('/vendedor');
  const card = page.getByTestId('rep-customer-card').filter({ hasText: 'Visita hoy' }).filter({ hasText: 'Cliente Prueba' }).first();
  await expect(card).toBeVisible();
  await shoot(page, 'mis-clientes');
  await card.getByRole('link', { name: 'Cliente Prueba' }).click();
  await expect(page.getByRole('heading', { name: 'Cliente Prueba' })).toBeVisible();
  await expect(page.getByText('Crédito disponible')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', /^tel:\+549?11/);
  await shoot(page, 'cliente');

  // "Tomar pedido": ten products, two units each, from the search at this customer's prices.
  await page.getByRole('link', { name: 'Tomar pedido' }).click();
  await expect(page.getByRole('heading', { name: 'Pedido para Cliente Prueba' })).toBeVisible();
  await page.getByLabel('Buscar producto').fill(tag);
  await expect(page.getByTestId('rep-product-row')).toHaveCount(10);
  for (let i = 0; i < 10; i += 1) {
    const more = page.getByRole('button', { name: `Más ${tag} producto ${i}` }).first();
    await more.click();
    await more.click();
  }
  await expect(page.getByTestId('rep-order-line')).toHaveCount(10);
  await expect(page.getByTestId('rep-order-total')).toHaveText('$ 2.000,00');
  await shoot(page, 'tomar-pedido');
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  const placed = page.getByTestId('rep-order-placed');
  await expect(placed).toContainText('¡Pedido Realizado!');
  const number = /Pedido (\w{8}) por/.exec((await placed.textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();
  const share = placed.getByRole('link', { name: 'Enviar al cliente por WhatsApp' });
  await expect(share).toHaveAttribute('href', new RegExp(`^https://wa\\.me/549?11\\d+\\?text=.*${number}`));
  await shoot(page, 'pedido-realizado');

  // "Registrar cobro": cash, the receipt number on screen.
  await page.getByRole('link', { name: 'Volver al cliente' }).click();
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Importe').fill('1.500');
  await expect(dialog.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await shoot(page, 'cobro');
  await dialog.getByRole('button', { name: 'Registrar cobranza' }).click();
  const done = dialog.getByTestId('payment-done');
  await expect(done).toContainText('Recibo N° 0001-');
  const receipt = /Recibo N° (0001-\d{8})/.exec((await done.textContent()) ?? '')?.[1];
  expect(receipt).toBeTruthy();
  await shoot(page, 'cobro-recibo');
  await dialog.getByRole('button', { name: 'Listo' }).click();
  await expect(dialog).toBeHidden();

  // Mis ventas: the order and the payment of today.
  await page.goto('/vendedor/ventas');
  await page.getByRole('radio', { name: 'Hoy' }).check();
  const figures = page.getByTestId('rep-sales-figures');
  await expect(figures).toContainText('$ 2.000,00');
  await expect(figures).toContainText('1.500,00');
  await expect(page.getByTestId('rep-orders')).toContainText(number!);
  await shoot(page, 'mis-ventas');
  await signOut(page);

  // The customer: the order in Mis Pedidos, the receipt in Mi cuenta corriente.
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/my-orders');
  await expect(page.getByText(number!).first()).toBeVisible();
  await page.goto('/cuenta-corriente');
  await expect(page.getByText(receipt!).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/rep-cliente-cuenta-390.png', fullPage: true });
  const own = (await (await request.get('/api/orders', { headers: auth(customerToken) })).json()) as { items: unknown[] };
  expect(own.items).toHaveLength(1);
  await signOut(page);

  // The owner's Actividad: the rep's name on both.
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin?tab=actividad');
  const taken = page.getByRole('listitem').filter({ hasText: 'Vera Vendedora' }).filter({ hasText: 'Tomó un pedido' }).filter({ hasText: number! });
  const collected = page.getByRole('listitem').filter({ hasText: 'Vera Vendedora' }).filter({ hasText: 'Registró un cobro' });
  await expect(taken.first()).toBeVisible();
  await expect(collected.first()).toBeVisible();
});
