import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { inviteRep } from './support/staff-helpers';
import { auth, deliveredOrders, PHONE, WIDE } from './support/common';

/**
 * The rep's "Registrar cobro" with the office's "Aplicar a" and receipt PDF (decision 060), in
 * Chromium at 390 px: a customer with two delivered orders; the rep applies a cash payment to the
 * newer one and downloads the numbered receipt; and without signal, the charges kept on the device
 * with the day's visits are offered, and the queued payment keeps the order picked when sent.
 * Screens at 390 and 1280 px (test-results/rep-payment-*.png).
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

function todayIsoWeekday(): number {
  const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
  return ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

async function shoot(page: Page, name: string) {
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/rep-payment-${name}-${size.width}.png`, fullPage: true });
  }
}

type Charges = { items: Array<{ order_id: string; amount: number }> };

/**
 * The owner's rep, their customer visited today with two delivered orders ($500 then $1.000), the
 * rep signed in on "Mis clientes". `alsoAnotherDay`: a second customer of theirs, visited another day.
 */
async function customerWithTwoCharges(page: Page, request: APIRequestContext, tag: string, alsoAnotherDay = false) {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const rep = await inviteRep(request, page, ownerToken);
  const me = (await (await request.get('/api/auth/user', { headers: auth(rep.token) })).json()) as { user: { id: string } };
  const customer = await createApprovedCustomer(request, tag);
  const assigned = await request.patch(`/api/admin/users/${customer.id}/rep`, { headers: auth(ownerToken), data: { rep_id: me.user.id, visit_days: [todayIsoWeekday()] } });
  expect(assigned.status(), await assigned.text()).toBe(204);
  const product = await request.post('/api/products', { headers: auth(ownerToken), data: { name: `${tag} ${Date.now()}`, price: 10_000, retail_price: 20_000, stock: 100 } });
  expect(product.status(), await product.text()).toBeLessThan(300);
  const productId = ((await product.json()) as { id: string }).id;
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const orders = await deliveredOrders(request, { owner: ownerToken, customer: customerToken }, productId, [5, 10]);
  if (alsoAnotherDay) {
    const other = await createApprovedCustomer(request, `${tag}-otro-dia`);
    const otherDay = (todayIsoWeekday() % 7) + 1;
    const res = await request.patch(`/api/admin/users/${other.id}/rep`, { headers: auth(ownerToken), data: { rep_id: me.user.id, visit_days: [otherDay] } });
    expect(res.status(), await res.text()).toBe(204);
  }
  await page.goto('/login');
  await signInThroughForm(page, rep.email, rep.password);
  await page.goto('/vendedor');
  await expect(page.getByTestId('rep-customer-card').filter({ hasText: 'Visita hoy' })).toHaveCount(1);
  const charges = async () => (await (await request.get(`/api/rep/customers/${customer.id}/charges`, { headers: auth(rep.token) })).json()) as Charges;
  return { customer, orders, charges };
}

const orderLabel = (id: string) => new RegExp(`Pedido #${id.slice(0, 8)}`);

/**
 * "Registrar cobro" on the customer's page: the dialog offers both charges in "Aplicar a", and the
 * rep types $ 1.000 and picks `orderId`. The dialog, ready for "Registrar cobranza".
 */
async function payOneThousandTo(page: Page, orderId: string) {
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('group', { name: 'Aplicar a (opcional)' });
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  await dialog.getByLabel('Importe').fill('1.000');
  await picker.getByRole('checkbox', { name: orderLabel(orderId) }).check();
  return dialog;
}

test('the rep applies a cash payment to one order and downloads the numbered receipt', async ({ page, request }) => {
  const { customer, orders, charges } = await customerWithTwoCharges(page, request, 'aplicar-a');
  await page.goto(`/vendedor/clientes/${customer.id}`);
  const dialog = await payOneThousandTo(page, orders[1]!);
  await shoot(page, 'aplicar-a');
  await page.setViewportSize(PHONE);
  await dialog.getByRole('button', { name: 'Registrar cobranza' }).click();
  const done = dialog.getByTestId('payment-done');
  await expect(done).toContainText('Recibo N° 0001-');
  const receipt = /Recibo N° (0001-\d{8})/.exec((await done.textContent()) ?? '')?.[1];
  await shoot(page, 'recibo');
  await page.setViewportSize(PHONE);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar recibo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`recibo-${receipt}.pdf`);
  const text = execFileSync('pdftotext', [await file.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain(`Recibo N° ${receipt}`);
  // Applied to the order picked: the older one is still open in full, the newer one is settled.
  expect((await charges()).items).toEqual([expect.objectContaining({ order_id: orders[0], amount: 50_000 })]);
});

test('without signal, the charges kept on the device are offered; the queued payment keeps the order picked', async ({ page, context, request }) => {
  const { orders, charges } = await customerWithTwoCharges(page, request, 'aplicar-sin-senal', true);
  // "Mis clientes" keeps the day's visit on the device: wait for its charges to be there.
  await expect
    .poll(() => page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('mayorista-offline');
      open.onsuccess = () => {
        const keys = open.result.transaction('rep-day').objectStore('rep-day').getAllKeys();
        keys.onsuccess = () => resolve(keys.result.filter((key) => String(key).startsWith('charges:')).length);
      };
      open.onerror = () => resolve(-1);
    })), { timeout: 20_000 })
    .toBe(1);

  await context.setOffline(true);
  await page.getByTestId('rep-customer-card').filter({ hasText: 'Visita hoy' }).getByRole('link', { name: 'Cliente Prueba' }).click();
  const dialog = await payOneThousandTo(page, orders[1]!);
  await dialog.getByRole('button', { name: 'Registrar cobranza' }).click();
  await expect(dialog.getByTestId('payment-queued')).toBeVisible();
  await dialog.getByRole('button', { name: 'Listo' }).click();

  // A customer of another day: nothing of theirs on the device, so no "Aplicar a", and the line says why.
  await page.getByRole('link', { name: 'Mis clientes' }).first().click();
  await page.getByTestId('rep-customer-card').filter({ hasNotText: 'Visita hoy' }).getByRole('link', { name: 'Cliente Prueba' }).click();
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(dialog.getByTestId('charges-note')).toHaveText('Sin conexión no están sus pedidos pendientes: no se puede elegir a cuáles aplicarlo.');
  await expect(dialog.getByText('Se aplica a los pedidos más antiguos primero. El recibo')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Aplicar a (opcional)' })).toHaveCount(0);
  await shoot(page, 'sin-senal');
  await page.setViewportSize(PHONE);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await context.setOffline(false);
  const queued = page.getByTestId('rep-queued').filter({ hasText: 'Cobro de' });
  await expect(queued).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  expect((await charges()).items).toEqual([expect.objectContaining({ order_id: orders[0], amount: 50_000 })]);
  // Sent: its receipt downloads from the entry, as right after an online payment.
  const receipt = /Recibo N° (0001-\d{8})/.exec((await queued.textContent()) ?? '')?.[1];
  const download = page.waitForEvent('download');
  await queued.getByRole('button', { name: 'Descargar recibo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`recibo-${receipt}.pdf`);
  expect(execFileSync('pdftotext', [await file.path(), '-'], { encoding: 'utf8' })).toContain(`Recibo N° ${receipt}`);
  await shoot(page, 'enviado-con-recibo');
});
