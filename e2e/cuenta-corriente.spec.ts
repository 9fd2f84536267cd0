import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth, businessDay, PHONE, WIDE } from './support/common';

/**
 * The cuenta corriente in the browser: an order is delivered (the admin's "Entregado"), the
 * customer sees the charge and its due date, the admin records a cheque from a 390 px phone, and
 * the customer downloads the receipt and the statement (their PDF text read back).
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');

const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

async function pdfText(download: Download): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await download.path())!)));
  return (await extractText(pdf, { mergePages: true })).text;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
}

/** A product of $ 10.000 and an order of 3 for the customer, with 15-day terms, moved on up to "Preparado". */
async function preparedOrder(request: APIRequestContext, adminToken: string, customer: { id: string; email: string; password: string }) {
  const tag = Date.now() % 1_000_000;
  const productName = `Fideos cuenta ${tag}`;
  const product = await request.post('/api/products', { headers: auth(adminToken), data: { name: productName, price: 1_000_000, retail_price: 2_000_000, stock: 50 } });
  expect(product.status(), await product.text()).toBe(201);
  const { id: productId } = (await product.json()) as { id: string };
  const terms = await request.patch(`/api/admin/users/${customer.id}/credit`, { headers: auth(adminToken), data: { payment_terms_days: 15, credit_limit: null } });
  expect(terms.status(), await terms.text()).toBe(200);
  const customerToken = await accessTokenFor(request, customer.email, customer.password);
  const placed = await request.post('/api/orders', { headers: auth(customerToken), data: { items: [{ product_id: productId, quantity: 3 }], canjeado_con_puntos: false } });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string; total: number } };
  for (const status of ['Confirmado', 'Preparado']) {
    const moved = await request.post(`/api/admin/orders/${order.id}/status`, { headers: auth(adminToken), data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { ...order, productId, productName };
}

test('a delivered order is a charge with its due date; a cheque from a phone gets a receipt; the customer downloads it and the statement', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const customer = await createApprovedCustomer(request, 'cuenta');
  const order = await preparedOrder(request, adminToken, customer);
  const number = order.id.slice(0, 8);
  expect(order.total).toBe(3_000_000);

  // The admin delivers it from the order's detail.
  const adminWide = await browser.newContext({ viewport: WIDE });
  const desk = await adminWide.newPage();
  await signIn(desk, ADMIN_EMAIL, ADMIN_PASSWORD);
  await desk.goto('/admin?tab=pedidos');
  await desk.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${number}`) }).click();
  await desk.getByRole('dialog', { name: `Pedido #${number}` }).getByRole('button', { name: 'Marcar como Entregado' }).click();
  await expect(desk.getByRole('region', { name: /Notificaciones/ }).getByText('Estado actualizado')).toBeVisible();

  // The customer sees the charge, its due date (15 days) and what they owe.
  const customerContext = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  const phone = await customerContext.newPage();
  await signIn(phone, customer.email, customer.password);
  await phone.getByRole('button', { name: 'Abrir menú' }).click();
  await phone.getByRole('link', { name: 'Cuenta corriente' }).click();
  await expect(phone.getByRole('heading', { name: 'Mi cuenta corriente' })).toBeVisible();
  await expect(phone.getByTestId('account-balance')).toContainText(ars('$ 30.000,00'));
  const charge = phone.getByTestId('account-movement').filter({ hasText: `Pedido #${number}` });
  await expect(charge).toContainText('Cargo');
  await expect(charge).toContainText(`Vence el ${dmy(businessDay(15))}`);
  await expect(phone.getByTestId('account-next-due')).toContainText(dmy(businessDay(15)));

  // The admin, on a 390 px phone, finds the customer in "Cuentas corrientes" and records a post-dated cheque.
  const adminPhone = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  const admin = await adminPhone.newPage();
  await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.goto('/admin?tab=cuentas');
  await admin.getByLabel('Buscar cliente').fill(customer.email);
  const row = admin.getByTestId('receivable-row').filter({ hasText: customer.email });
  await expect(row).toContainText(ars('$ 30.000,00'));
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/cuentas-corrientes-390.png`, fullPage: true });
  await row.getByRole('link', { name: /Ver la cuenta corriente de/ }).click();
  await admin.getByRole('button', { name: 'Registrar cobranza' }).click();
  const dialog = admin.getByRole('dialog', { name: /Registrar cobranza de/ });
  await dialog.getByLabel('Importe').fill('12.345,67');
  await dialog.getByRole('radio', { name: 'Cheque' }).check();
  await dialog.getByLabel('Banco').fill('Banco de la Nación Argentina');
  await dialog.getByLabel('Número de cheque').fill('00412345');
  await dialog.getByLabel('Fecha de pago del cheque').fill(businessDay(10));
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/registrar-cobranza-390.png` });
  await dialog.getByRole('button', { name: 'Registrar cobranza' }).click();
  const done = dialog.getByTestId('payment-done');
  await expect(done).toContainText(/Recibo N° 0001-\d{8} por/);
  await expect(done).toContainText(ars('$ 12.345,67'));
  const receipt = /Recibo N° (0001-\d{8})/.exec((await done.textContent())!)![1]!;
  const share = new URL((await dialog.getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href'))!);
  expect(share.searchParams.get('text')).toContain(`Recibo N° ${receipt}`);
  await dialog.getByRole('button', { name: 'Listo' }).click();
  await expect(admin.getByTestId('account-balance')).toContainText(ars('$ 17.654,33'));
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/cuenta-del-cliente-390.png`, fullPage: true });
  await admin.getByRole('link', { name: /Volver a cuentas corrientes/ }).click();
  const xlsx = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Exportar Excel' }).click();
  const sheet = await xlsx;
  expect(sheet.suggestedFilename()).toMatch(/^cuentas-corrientes-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect((await readFile((await sheet.path())!)).subarray(0, 2).toString()).toBe('PK'); // a zip, as every .xlsx

  // The customer downloads the receipt and the statement; both PDFs say what happened.
  await phone.reload();
  const payment = phone.getByTestId('account-movement').filter({ hasText: receipt });
  await expect(payment).toContainText('Pago');
  await expect(payment).toContainText(ars('−$ 12.345,67'));
  await expect(phone.getByTestId('account-balance')).toContainText(ars('$ 17.654,33'));
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/mi-cuenta-corriente-390.png`, fullPage: true });
  const receiptDownload = phone.waitForEvent('download');
  await payment.getByRole('button', { name: `Descargar recibo N° ${receipt}` }).click();
  const receiptFile = await receiptDownload;
  if (SHOTS) await receiptFile.saveAs(`${SHOTS}/recibo.pdf`);
  const receiptPdf = await pdfText(receiptFile);
  expect(receiptPdf).toContain(`Recibo N° ${receipt}`);
  expect(receiptPdf).toContain('$ 12.345,67'); // the PDF prints a plain space
  expect(receiptPdf).toContain('Banco de la Nación Argentina');
  expect(receiptPdf).toContain('00412345');

  const statementDownload = phone.waitForEvent('download');
  await phone.getByRole('button', { name: 'Descargar resumen' }).click();
  const statementFile = await statementDownload;
  if (SHOTS) await statementFile.saveAs(`${SHOTS}/resumen-de-cuenta.pdf`);
  const statement = await pdfText(statementFile);
  expect(statement).toContain('Resumen de cuenta');
  expect(statement).toContain(number);
  expect(statement).toContain(receipt);
  expect(statement).toContain('$ 17.654,33');

  // A box comes back: a credit note on that order, one unit back to the shelf, its price as the amount.
  await admin.goto(`/admin?tab=cuentas&cliente=${customer.id}`);
  await admin.getByRole('button', { name: 'Nota de crédito' }).click();
  const note = admin.getByRole('dialog', { name: /Nota de crédito para/ });
  await note.getByLabel('Pedido (opcional)').selectOption({ label: `Pedido #${number} · ${ars('$ 30.000,00')}` });
  await note.getByLabel(/^Fideos cuenta \d+ \(pedidas: 3\)$/).fill('1');
  await note.getByRole('button', { name: /Usar el importe de lo devuelto/ }).click();
  await expect(note.getByLabel('Importe')).toHaveValue('10000,00');
  await note.getByLabel('Motivo').fill('Una caja llegó golpeada');
  await note.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await expect(note).toHaveCount(0);
  await expect(admin.getByTestId('account-balance')).toContainText(ars('$ 7.654,33'));
  await expect(admin.getByTestId('account-movement').first()).toContainText('Nota de crédito');
  await expect(admin.getByTestId('account-movement').first()).toContainText('Una caja llegó golpeada');
  const listed = await request.get('/api/products', { headers: auth(adminToken), params: { include_disabled: 1, search: order.productName } });
  const { items } = (await listed.json()) as { items: { id: string; stock: number }[] };
  expect(items.find((p) => p.id === order.productId)?.stock).toBe(48); // 50, 3 ordered, 1 back

  // The same screens at 1280 px.
  if (SHOTS) {
    await phone.setViewportSize(WIDE);
    await phone.screenshot({ path: `${SHOTS}/mi-cuenta-corriente-1280.png`, fullPage: true });
    await desk.goto('/admin?tab=cuentas');
    await desk.getByLabel('Buscar cliente').fill(customer.email);
    await expect(desk.getByTestId('receivable-row').filter({ hasText: customer.email })).toBeVisible();
    await desk.screenshot({ path: `${SHOTS}/cuentas-corrientes-1280.png`, fullPage: true });
    await desk.goto(`/admin?tab=cuentas&cliente=${customer.id}`);
    await desk.getByRole('button', { name: 'Registrar cobranza' }).click();
    await desk.getByRole('dialog').getByLabel('Importe').fill('1.000');
    await desk.getByRole('dialog').getByRole('radio', { name: 'Transferencia bancaria' }).check();
    await desk.screenshot({ path: `${SHOTS}/registrar-cobranza-1280.png` });
  }
  await Promise.all([adminWide.close(), adminPhone.close(), customerContext.close()]);
});

test('over the limit, the cart explains it before placing; the order is held, and the admin releases one and rejects another', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const hold = await request.put('/api/admin/settings', { headers: auth(adminToken), data: { credit_exceeded_action: 'hold' } });
  expect(hold.status(), await hold.text()).toBe(200);
  try {
    const customer = await createApprovedCustomer(request, 'retenido');
    const limit = await request.patch(`/api/admin/users/${customer.id}/credit`, { headers: auth(adminToken), data: { credit_limit: 100_000 } });
    expect(limit.status(), await limit.text()).toBe(200);

    const context = await browser.newContext({ viewport: PHONE });
    const phone = await context.newPage();
    // The WhatsApp window is not this test's business.
    await phone.addInitScript(() => {
      window.open = () => ({ opener: null }) as unknown as Window;
    });
    // The cart saved on the server, as the catalogue would leave it: one yerba ($ 4.200).
    const token = await accessTokenFor(request, customer.email, customer.password);
    const yerba = await productIdOf(request, 'Yerba Mate Playadito 1 kg');
    const saved = await request.put('/api/cart', { headers: auth(token), data: { cart_data: { [yerba]: 1 } } });
    expect(saved.status(), await saved.text()).toBe(200);
    await signIn(phone, customer.email, customer.password);
    await phone.goto('/cart');
    await expect(phone.getByTestId('credit-available')).toHaveText(ars('$ 1.000,00'));
    const notice = phone.getByTestId('credit-notice');
    await expect(notice).toContainText('Este pedido supera tu crédito disponible');
    await expect(notice).toContainText('Retenido por crédito');
    await expect(phone.getByTestId('credit-bar-note')).toHaveText('Supera tu crédito disponible. Quedará "Retenido por crédito".');
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/carrito-credito-390.png`, fullPage: true });
    await phone.getByTestId('checkout-bar').getByRole('button', { name: 'Realizar pedido' }).click();
    await expect(phone.getByTestId('order-held')).toContainText('Pedido retenido por crédito');
    const number = /Pedido #(\w{8})/.exec((await phone.getByTestId('order-confirmation').textContent())!)![1]!;

    // A second order, placed through the API, to reject.
    const second = await request.post('/api/orders', { headers: auth(token), data: { items: [{ product_id: yerba, quantity: 1 }], canjeado_con_puntos: false } });
    expect(second.status(), await second.text()).toBe(201);
    const secondNumber = ((await second.json()) as { order: { id: string } }).order.id.slice(0, 8);

    const adminContext = await browser.newContext({ viewport: WIDE });
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto('/admin?tab=pedidos');
    await admin.getByLabel('Solo los retenidos por crédito').check();
    const listed = admin.getByRole('list', { name: 'Pedidos' }).getByRole('listitem');
    await expect(listed.filter({ hasText: `#${secondNumber}` })).toBeVisible();
    await expect(listed.filter({ hasNotText: 'Retenido por crédito' })).toHaveCount(0);
    await admin.getByLabel('Solo los retenidos por crédito').uncheck();
    const row = admin.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${number}`) });
    await expect(row).toContainText('Retenido por crédito');
    await row.click();
    const detail = admin.getByRole('dialog', { name: `Pedido #${number}` });
    await detail.getByTestId('credit-hold').getByRole('button', { name: 'Liberar' }).click();
    // One tap does not release: the admin is asked, and told the customer is e-mailed.
    const releaseConfirm = admin.getByRole('dialog', { name: `¿Liberar el pedido #${number}?` });
    await expect(releaseConfirm).toContainText('recibe un correo');
    await releaseConfirm.getByRole('button', { name: 'Liberar pedido' }).click();
    await expect(releaseConfirm).toHaveCount(0);
    await expect(detail.getByTestId('credit-hold')).toHaveCount(0);
    await expect(detail).toBeFocused(); // the keyboard stays in the dialog when the buttons go
    await detail.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(detail).toHaveCount(0);
    await expect(row).not.toContainText('Retenido por crédito');

    await admin.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${secondNumber}`) }).click();
    const other = admin.getByRole('dialog', { name: `Pedido #${secondNumber}` });
    await other.getByTestId('credit-hold').getByRole('button', { name: 'Rechazar' }).click();
    const reject = admin.getByRole('dialog', { name: `Rechazar el pedido #${secondNumber}` });
    await reject.getByRole('button', { name: 'Rechazar pedido' }).click();
    await expect(reject.getByRole('alert')).toContainText('Escribí el motivo');
    await reject.getByLabel('Motivo').fill('Tiene facturas vencidas de octubre');
    await reject.getByRole('button', { name: 'Rechazar pedido' }).click();
    await expect(reject).toHaveCount(0);
    await expect(other.getByTestId('credit-hold')).toHaveCount(0);

    // The customer reads why in Mis Pedidos.
    await phone.goto('/my-orders');
    await expect(phone.getByTestId('order-card').filter({ hasText: `#${secondNumber}` }).getByTestId('order-credit-hold')).toHaveText(
      'Rechazado por crédito: Tiene facturas vencidas de octubre',
    );
    await expect(phone.getByTestId('order-card').filter({ hasText: `#${number}` }).getByTestId('order-credit-hold')).toHaveCount(0);
    await Promise.all([context.close(), adminContext.close()]);
  } finally {
    await request.put('/api/admin/settings', { headers: auth(adminToken), data: { credit_exceeded_action: 'refuse' } });
  }
});

async function productIdOf(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get('/api/products', { params: { search: name } });
  const { items } = (await res.json()) as { items: { id: string; name: string }[] };
  return items.find((p) => p.name === name)!.id;
}
