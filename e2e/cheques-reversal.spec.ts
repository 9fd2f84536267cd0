import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth, businessDay, PHONE, WIDE } from './support/common';

/**
 * A QA tester's account: a post-dated cheque in the drawer and a reversed transfer. The aging list
 * and the account name the cheque ("Cheques a cobrar", so saldo = buckets − cheques), the reversed
 * payment's row says "Revertido el …" for the customer and the office.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');
const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

async function ok(response: Promise<APIResponse>, status: number) {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** $ 762,00 owed on 30 días, $ 200,00 by transfer (reversed today), a cheque of $ 344,65 dated in 10 days. */
async function account(request: APIRequestContext, adminToken: string) {
  const customer = await createApprovedCustomer(request, 'cheques');
  const admin = auth(adminToken);
  await ok(request.patch(`/api/admin/users/${customer.id}/credit`, { headers: admin, data: { payment_terms_days: 30, credit_limit: null } }), 200);
  const product = await ok(request.post('/api/products', { headers: admin, data: { name: `Aceite cheques ${Date.now() % 1_000_000}`, price: 7_620, retail_price: 9_000, stock: 500 } }), 201);
  const token = await accessTokenFor(request, customer.email, customer.password);
  const { order } = await ok(request.post('/api/orders', { headers: auth(token), data: { items: [{ product_id: product.id, quantity: 10 }], canjeado_con_puntos: false } }), 201);
  for (const status of ['Confirmado', 'Preparado', 'Entregado']) await ok(request.post(`/api/admin/orders/${order.id}/status`, { headers: admin, data: { status } }), 200);
  const payments = `/api/admin/users/${customer.id}/payments`;
  const transfer = await ok(request.post(payments, { headers: admin, data: { amount: 20_000, method: 'transfer', idempotency_key: randomUUID() } }), 201);
  const cheque = { amount: 34_465, method: 'cheque', bank: 'Banco Nación', cheque_number: '4455', cheque_date: businessDay(10), idempotency_key: randomUUID() };
  await ok(request.post(payments, { headers: admin, data: cheque }), 201);
  await ok(request.post(`/api/admin/payments/${transfer.id}/reverse`, { headers: admin, data: { reason: 'La transferencia nunca llegó' } }), 201);
  return { customer, transfer };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
}

test('a cheque in the drawer is "Cheques a cobrar" in the aging list and the account; a reversed payment says so', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { customer } = await account(request, adminToken);
  // 762,00 − 200,00 − 344,65 + 200,00 (reversed) = 417,35 owed; the buckets hold 762,00 (the cheque's 344,65 until its date).
  const desk = await (await browser.newContext({ viewport: WIDE })).newPage();
  await signIn(desk, ADMIN_EMAIL, ADMIN_PASSWORD);
  await desk.goto('/admin?tab=cuentas');
  await desk.getByLabel('Buscar cliente').fill(customer.email);
  const row = desk.getByTestId('receivable-row').filter({ hasText: customer.email });
  await expect(row).toContainText(ars('$ 417,35'));
  await expect(row.getByText('Cheques a cobrar').locator('..')).toContainText(ars('$ 344,65'));
  await expect(desk.getByTestId('receivables-totals')).toContainText('cheques a cobrar');
  await expect(desk.getByTestId('receivables-cheques-note')).toContainText('Saldo = vencido + al día − cheques a cobrar − saldo a favor');
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/aging-cheques-1280.png`, fullPage: true });
  await desk.setViewportSize(PHONE);
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/aging-cheques-390.png`, fullPage: true });

  await desk.goto(`/admin?tab=cuentas&cliente=${customer.id}`);
  await expect(desk.getByTestId('account-pending-cheques')).toContainText(ars('$ 344,65'));
  // The payment's row (not the reversal's, which names the same receipt) says it was reversed.
  const reversed = desk.getByTestId('account-movement').filter({ has: desk.getByTestId('movement-reversed') });
  await expect(reversed).toHaveCount(1);
  await expect(reversed).toContainText(/^Pago/);
  await expect(reversed).toContainText('Transferencia bancaria');
  await expect(reversed).toContainText(`Revertido el ${dmy(businessDay(0))}`);
  await expect(reversed.getByRole('button', { name: /Revertir cobranza/ })).toHaveCount(0);
  await expect(desk.getByTestId('account-movement').filter({ hasText: /^Reversión/ })).toContainText(/Revierte el recibo N° 0001-\d{8}/);
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/ledger-cheques-390.png`, fullPage: true });
  await desk.setViewportSize(WIDE);
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/ledger-cheques-1280.png`, fullPage: true });

  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(phone, customer.email, customer.password);
  await phone.goto('/cuenta-corriente');
  await expect(phone.getByTestId('account-balance')).toContainText(ars('$ 417,35'));
  await expect(phone.getByTestId('account-next-due')).toContainText(ars('$ 200,00')); // the reversal, due today
  await expect(phone.getByTestId('account-pending-cheques')).toContainText(ars('$ 344,65'));
  const mine = phone.getByTestId('account-movement').filter({ has: phone.getByTestId('movement-reversed') });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/^Pago/);
  await expect(mine).toContainText(`Revertido el ${dmy(businessDay(0))}`);
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/mi-cuenta-cheques-390.png`, fullPage: true });
  await phone.setViewportSize(WIDE);
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/mi-cuenta-cheques-1280.png`, fullPage: true });
});
