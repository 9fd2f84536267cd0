import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth, businessDay, deliveredOrders, PHONE, WIDE } from './support/common';

/**
 * The office's "Registrar cobranza" with "Aplicar a" from the customer's open charges, in Chromium
 * at 390 px: of three delivered orders one is paid and one half paid; the dialog offers the two
 * open ones at what is left of each, and the office applies a payment to the newer one. The dialog
 * at 390 and 1280 px (test-results/office-payment-*.png).
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');
const orderLabel = (id: string) => new RegExp(`Pedido #${id.slice(0, 8)}`);
type Charges = { items: Array<{ order_id: string; amount: number }> };

/** Three delivered orders ($100, $200, $300); the first paid, the second with $50 paid. */
async function customerWithThreeCharges(request: APIRequestContext, ownerToken: string) {
  const customer = await createApprovedCustomer(request, 'aplicar');
  const product = await request.post('/api/products', { headers: auth(ownerToken), data: { name: `Aplicar ${Date.now()}`, price: 10_000, retail_price: 20_000, stock: 100 } });
  expect(product.status(), await product.text()).toBeLessThan(300);
  const productId = ((await product.json()) as { id: string }).id;
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const orders = await deliveredOrders(request, { owner: ownerToken, customer: customerToken }, productId, [1, 2, 3]);
  for (const [orderId, amount] of [[orders[0]!, 10_000], [orders[1]!, 5_000]] as const) {
    const paid = await request.post(`/api/admin/users/${customer.id}/payments`, { headers: auth(ownerToken), data: { amount, method: 'cash', idempotency_key: randomUUID(), applies_to: [orderId] } });
    expect(paid.status(), await paid.text()).toBe(201);
  }
  const charges = async () => (await (await request.get(`/api/admin/users/${customer.id}/account/charges`, { headers: auth(ownerToken) })).json()) as Charges;
  return { customer, orders: orders as [string, string, string], charges };
}

async function shoot(page: Page, name: string) {
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/office-payment-${name}-${size.width}.png` });
  }
}

test('the office applies a payment to one chosen open charge; paid orders are not offered', async ({ page, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const { customer, orders, charges } = await customerWithThreeCharges(request, ownerToken);
  const [paid, part, unpaid] = orders;
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto(`/admin?tab=cuentas&cliente=${customer.id}`);
  await expect(page.getByTestId('account-balance')).toContainText(ars('$ 450,00'));

  await page.getByRole('button', { name: 'Registrar cobranza' }).click();
  const dialog = page.getByRole('dialog', { name: /Registrar cobranza de/ });
  const picker = dialog.getByRole('group', { name: 'Aplicar a (opcional)' });
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  await expect(picker.getByRole('checkbox', { name: orderLabel(part) })).toHaveAccessibleName(new RegExp(ars('\\$ 150,00')));
  await expect(picker.getByRole('checkbox', { name: orderLabel(unpaid) })).toHaveAccessibleName(new RegExp(ars('\\$ 300,00')));
  await expect(dialog.getByRole('checkbox', { name: orderLabel(paid) })).toHaveCount(0);

  await dialog.getByLabel('Importe').fill('300');
  await picker.getByRole('checkbox', { name: orderLabel(unpaid) }).check();
  await shoot(page, 'aplicar-a');
  await dialog.getByRole('button', { name: 'Registrar cobranza' }).click();
  await expect(dialog.getByTestId('payment-done')).toContainText(/Recibo N° 0001-\d{8} por/);
  // The newer order is settled, though the older one was still open: what is left is the half-paid one.
  expect(await charges()).toEqual({ items: [{ order_id: part, amount: 15_000, due_date: expect.any(String) }] });

  await dialog.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByTestId('account-balance')).toContainText(ars('$ 150,00'));
  await page.getByRole('button', { name: 'Registrar cobranza' }).click();
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: orderLabel(part) })).toBeVisible();
});

test('the ledger offers "Revertir cobranza" on a cash payment and "Cheque rechazado" only on a cheque', async ({ page, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const customer = await createApprovedCustomer(request, 'revertir');
  const record = async (data: Record<string, unknown>) => {
    const paid = await request.post(`/api/admin/users/${customer.id}/payments`, { headers: auth(ownerToken), data: { idempotency_key: randomUUID(), ...data } });
    expect(paid.status(), await paid.text()).toBe(201);
    return ((await paid.json()) as { receipt_number: number }).receipt_number;
  };
  const cash = await record({ amount: 48_000, method: 'cash' });
  const cheque = await record({ amount: 150_000, method: 'cheque', bank: 'Banco Nación', cheque_number: '12345678', cheque_date: businessDay(10) });
  const number = (n: number) => `0001-${String(n).padStart(8, '0')}`;
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto(`/admin?tab=cuentas&cliente=${customer.id}`);
  const cashButton = page.getByRole('button', { name: `Revertir cobranza: recibo N° ${number(cash)}` });
  await expect(cashButton).toHaveText('Revertir cobranza');
  await expect(page.getByRole('button', { name: `Cheque rechazado: recibo N° ${number(cheque)}` })).toHaveText('Cheque rechazado');
  await expect(page.getByRole('button', { name: /^Cheque rechazado/ })).toHaveCount(1);
  await cashButton.scrollIntoViewIfNeeded();
  await shoot(page, 'revertir');
  await page.setViewportSize(PHONE);
  await cashButton.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/office-payment-revertir-rows-390.png' });
  await cashButton.click();
  await expect(page.getByRole('dialog', { name: `Revertir el recibo N° ${number(cash)}` })).toBeVisible();
});
