import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { inviteRep } from './support/staff-helpers';
import { auth } from './support/common';

/**
 * The rep's device without signal (decision 053), in Chromium at 390 px with the network turned
 * off (`context.setOffline`): "Mis clientes" keeps today's customer's catalogue on the device; in
 * the back room the rep takes an order and records a cash payment — both wait in "Pendientes de
 * envío" — and when the network returns each is sent once: one order and one payment in the
 * database, with their number and receipt on screen.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

function todayIsoWeekday(): number {
  const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
  return ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** How many customers' catalogues the rep's device keeps (run in the page). */
function keptCatalogues(): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open('mayorista-offline');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('rep-day')) return resolve(0);
      const all = db.transaction('rep-day').objectStore('rep-day').getAllKeys();
      all.onsuccess = () => resolve(all.result.filter((key) => String(key).startsWith('catalog:')).length);
    };
    open.onerror = () => resolve(-1);
  });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/rep-offline-${name}-390.png`, fullPage: true });
}

/** A rep invited by the owner, a customer visited today, products; the rep signed in on "Mis clientes", the day kept on the device. */
async function repReadyForTheDay(page: Page, request: APIRequestContext, tag: string, count: number) {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const rep = await inviteRep(request, page, ownerToken);
  const me = (await (await request.get('/api/auth/user', { headers: auth(rep.token) })).json()) as { user: { id: string } };
  const customer = await createApprovedCustomer(request, 'cliente-sin-senal');
  const assigned = await request.patch(`/api/admin/users/${customer.id}/rep`, { headers: auth(ownerToken), data: { rep_id: me.user.id, visit_days: [todayIsoWeekday()] } });
  expect(assigned.status(), await assigned.text()).toBe(204);
  const products: { id: string; body: Record<string, unknown> }[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = { name: `${tag} item ${i}`, price: 25_000, retail_price: 40_000, stock: 30 };
    const res = await request.post('/api/products', { headers: auth(ownerToken), data: body });
    expect(res.status(), await res.text()).toBeLessThan(300);
    products.push({ id: ((await res.json()) as { id: string }).id, body });
  }

  // Online: Mis clientes keeps the day's customer on the device.
  await page.goto('/login');
  await signInThroughForm(page, rep.email, rep.password);
  await page.goto('/vendedor');
  await expect(page.getByTestId('rep-customer-card').filter({ hasText: 'Visita hoy' })).toHaveCount(1);
  await expect.poll(() => page.evaluate(keptCatalogues), { timeout: 20_000 }).toBe(1);
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  return { ownerToken, customerToken, products };
}

const ordersOf = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/orders', { headers: auth(token) })).json()) as { items: Array<{ total: number }> }).items;

/** Offline on "Tomar pedido" from the device: one unit of each product, placed → waiting. */
async function takeOrderOffline(page: Page, tag: string, count: number, total: string) {
  await page.getByTestId('rep-customer-card').getByRole('link', { name: 'Tomar pedido' }).click();
  await expect(page.getByTestId('rep-prices-at')).toContainText('Sin conexión — precios al');
  await page.getByLabel('Buscar producto').fill(tag);
  await expect(page.getByTestId('rep-product-row')).toHaveCount(count);
  for (let i = 0; i < count; i += 1) await page.getByRole('button', { name: `Más ${tag} item ${i}` }).click();
  await expect(page.getByTestId('rep-order-total')).toHaveText(total);
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByTestId('rep-order-queued')).toContainText('Pedido pendiente de envío');
  await expect(page.getByTestId('rep-queued').filter({ hasText: 'Pedido para' })).toHaveAttribute('data-status', 'pending');
}

test('offline, a rep takes an order and a payment; network back → one order and one payment', async ({ page, context, request }) => {
  const tag = `Sotano${Date.now()}`;
  const { customerToken } = await repReadyForTheDay(page, request, tag, 3);

  // The back room: no signal. The customer and their catalogue come from the device.
  await context.setOffline(true);
  await takeOrderOffline(page, tag, 3, '$ 750,00');
  await shoot(page, 'pedido-pendiente');

  await page.getByRole('link', { name: 'Volver al cliente' }).click();
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Importe').fill('300');
  await dialog.getByRole('button', { name: 'Registrar cobranza' }).click();
  await expect(dialog.getByTestId('payment-queued')).toContainText('el cobro quedó guardado en el teléfono');
  await dialog.getByRole('button', { name: 'Listo' }).click();
  const queued = page.getByTestId('rep-queued');
  await expect(queued).toHaveCount(2);
  await expect(queued.filter({ hasText: 'Cobro de' })).toHaveAttribute('data-status', 'pending');
  await shoot(page, 'pendientes');

  // Signal again: each is sent once, with its number.
  await context.setOffline(false);
  await expect(queued.filter({ hasText: 'Pedido para' })).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(queued.filter({ hasText: 'Cobro de' })).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(queued.filter({ hasText: 'Cobro de' })).toContainText('Recibo N° 0001-');
  await shoot(page, 'enviados');

  const orders = await ordersOf(request, customerToken);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.total).toBe(75_000);
  const movements = (await (await request.get('/api/me/account/movements', { headers: auth(customerToken) })).json()) as { items: Array<{ kind: string; amount: number }> };
  expect(movements.items.filter((m) => m.kind === 'payment')).toHaveLength(1);
  // A reload (the queue sends again on every load) places nothing more.
  await page.reload();
  await expect(page.getByTestId('rep-queued')).toHaveCount(2);
  expect(await ordersOf(request, customerToken)).toHaveLength(1);

  // Signing out: the customers' prices leave the phone.
  await page.getByRole('button', { name: 'Cerrar sesión', includeHidden: true }).first().evaluate((button: HTMLElement) => button.click());
  await expect.poll(() => page.evaluate(keptCatalogues), { timeout: 10_000 }).toBe(0);
});

test('a price raised while the rep\'s order waited: the new total is shown and confirmed, then placed once', async ({ page, context, request }) => {
  const tag = `Precio${Date.now()}`;
  const { ownerToken, customerToken, products } = await repReadyForTheDay(page, request, tag, 2);
  await context.setOffline(true);
  await takeOrderOffline(page, tag, 2, '$ 500,00');

  // Meanwhile the business raises a price.
  const raised = await request.put(`/api/products/${products[0]!.id}`, { headers: auth(ownerToken), data: { ...products[0]!.body, price: 30_000 } });
  expect(raised.status(), await raised.text()).toBe(200);

  await context.setOffline(false);
  const entry = page.getByTestId('rep-queued').filter({ hasText: 'Pedido para' });
  await expect(entry).toHaveAttribute('data-status', 'changed', { timeout: 20_000 });
  await expect(entry).toContainText('El total cambió: antes $ 500,00, ahora $ 550,00.');
  // The screen reads the customer's prices again: no longer "Sin conexión".
  await expect(page.getByTestId('rep-prices-at')).toContainText('Precios de este cliente al');
  await shoot(page, 'total-cambiado');
  expect(await ordersOf(request, customerToken)).toHaveLength(0);

  await entry.getByRole('button', { name: 'Confirmar y enviar' }).click();
  await expect(entry).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const placed = await ordersOf(request, customerToken);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.total).toBe(55_000);
});

test('stock gone while the rep\'s order waited: refused with the reason, nothing placed; "Editar pedido" brings its lines back to the form', async ({ page, context, request }) => {
  const tag = `Stock${Date.now()}`;
  const { ownerToken, customerToken, products } = await repReadyForTheDay(page, request, tag, 2);
  await context.setOffline(true);
  await takeOrderOffline(page, tag, 2, '$ 500,00');

  const emptied = await request.put(`/api/products/${products[1]!.id}`, { headers: auth(ownerToken), data: { ...products[1]!.body, stock: 0 } });
  expect(emptied.status(), await emptied.text()).toBe(200);

  await context.setOffline(false);
  const entry = page.getByTestId('rep-queued').filter({ hasText: 'Pedido para' });
  await expect(entry).toHaveAttribute('data-status', 'refused', { timeout: 20_000 });
  await expect(entry).toContainText(`${tag} item 1`);
  expect(await ordersOf(request, customerToken)).toHaveLength(0);
  await shoot(page, 'rechazado');

  await entry.getByRole('button', { name: 'Editar pedido' }).click();
  await expect(page.getByTestId('rep-queued')).toHaveCount(0);
  await expect(page.getByTestId('rep-order-line')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Realizar pedido' })).toBeDisabled();
  await page.getByRole('button', { name: `Menos ${tag} item 1` }).last().click();
  await expect(page.getByTestId('rep-order-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByTestId('rep-order-placed')).toContainText('¡Pedido Realizado!');
  const placed = await ordersOf(request, customerToken);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.total).toBe(25_000);
});

test.describe('with the installed app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a reload without signal opens Mis clientes from the device, and the order taken there is placed once back online', async ({ page, context, request }) => {
    const tag = `Recarga${Date.now()}`;
    const { customerToken } = await repReadyForTheDay(page, request, tag, 1);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('rep-customer-card').filter({ hasText: 'Visita hoy' })).toHaveCount(1);
    await takeOrderOffline(page, tag, 1, '$ 250,00');

    await context.setOffline(false);
    await expect(page.getByTestId('rep-queued').filter({ hasText: 'Pedido para' })).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    expect(await ordersOf(request, customerToken)).toHaveLength(1);
  });
});
