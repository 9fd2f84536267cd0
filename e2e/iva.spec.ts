import { mkdir, writeFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

// The business-identity work (decision 019): a Responsable Inscripto sees IVA itemised in the cart and in the
// order; a Consumidor Final sees final prices. With IVA_SHOTS=<dir> it also saves screenshots of the
// cart at 390 and 1280 px and the order PDF.

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');
const shots = process.env.IVA_SHOTS;
const tag = Math.random().toString(36).slice(2, 7);
const GASEOSA = `Gaseosa cola 2,25 L ${tag}`;
const HARINA = `Harina 000 1 kg ${tag}`;
const ACEITE = `Aceite girasol 1,5 l ${tag}`;

async function adminToken(request: APIRequestContext) {
  return accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
}

test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  // $ 121 at 21 % and $ 110,50 at 10,5 %: $ 100 net each.
  for (const product of [
    { name: GASEOSA, price: 121_00, retail_price: 150_00, stock: 500, iva_rate: 21, category: 'Bebidas' },
    { name: HARINA, price: 110_50, retail_price: 140_00, stock: 500, iva_rate: 10.5, category: 'Almacén' },
    // The QA tester's aceite: $ 3.100, $ 2.950 from 6 units, $ 2.850 from 12 (with IVA).
    {
      name: ACEITE,
      price: 3100_00,
      retail_price: 3500_00,
      stock: 500,
      iva_rate: 21,
      category: 'Almacén',
      discounts: [
        { minQuantity: 6, discountType: 'final_price', discountValue: 2950_00 },
        { minQuantity: 12, discountType: 'final_price', discountValue: 2850_00 },
      ],
    },
  ]) {
    const created = await request.post('/api/products', { data: product, headers });
    expect(created.status(), await created.text()).toBe(201);
  }
});

async function customerWithCondition(request: APIRequestContext, condition: string, name: string) {
  const customer = await createApprovedCustomer(request, `iva-${name}`);
  const token = await accessTokenFor(request, customer.email, customer.password);
  const patched = await request.patch('/api/me', { data: { iva_condition: condition }, headers: { Authorization: `Bearer ${token}` } });
  expect(patched.status(), await patched.text()).toBe(200);
  return customer;
}

async function addFromCatalog(page: Page, name: string, quantity: number) {
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(name);
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article', { name });
  const input = card.getByLabel(`Cantidad: ${name}`);
  await input.fill(String(quantity));
  await expect(input).toHaveValue(String(quantity));
  await card.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText(`${name} se ha añadido al carrito.`, { exact: true })).toBeVisible();
}

async function fillCart(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
  await addFromCatalog(page, GASEOSA, 2);
  await addFromCatalog(page, HARINA, 1);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
}

const ivaRows = (page: Page, testId: string) => page.getByTestId(testId);

test('a Responsable Inscripto sees IVA itemised in the cart, the order and its PDF; the admin sees the breakdown', async ({ page, request, browser }) => {
  const customer = await customerWithCondition(request, 'responsable_inscripto', 'ri');
  await fillCart(page, customer.email, customer.password);

  const gaseosa = page.getByTestId('cart-line').filter({ hasText: GASEOSA });
  await expect(gaseosa.getByTestId('unit-price')).toHaveText(ars('$ 100,00'));
  await expect(gaseosa.getByTestId('line-iva-rate')).toHaveText('+ IVA 21 %');
  await expect(gaseosa.getByTestId('line-total')).toHaveText(ars('$ 200,00'));
  await expect(page.getByTestId('cart-line').filter({ hasText: HARINA }).getByTestId('line-iva-rate')).toHaveText('+ IVA 10,5 %');
  await expect(ivaRows(page, 'cart-iva-row')).toHaveText([ars('Neto gravado$ 300,00'), ars('IVA 21 %$ 42,00'), ars('IVA 10,5 %$ 10,50')]);
  await expect(page.getByTestId('cart-page-total')).toHaveText(ars('$ 352,50'));
  await expect(page.getByTestId('cart-iva-note')).toHaveText('Precios sin IVA: el IVA se discrimina al pie, por alícuota.');

  if (shots) {
    await mkdir(shots, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${shots}/iva-cart-ri-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.addInitScript(() => {
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByText('¡Pedido Realizado!', { exact: true })).toBeVisible();
  const number = (await page.getByTestId('order-confirmation').getByRole('heading').textContent())!.match(/#([0-9a-f]{8})/)![1]!;

  await page.goto('/my-orders');
  const card = page.getByTestId('order-card').first();
  // Lines come back in the saved cart's order (jsonb key order), so each is found by name.
  const lineTotal = (name: string) => card.getByRole('listitem').filter({ hasText: name }).getByTestId('order-line-total');
  await expect(lineTotal(GASEOSA)).toHaveText(ars('$ 200,00'));
  await expect(lineTotal(HARINA)).toHaveText(ars('$ 100,00'));
  await expect(card.getByTestId('order-iva-row')).toHaveText([ars('Neto gravado$ 300,00'), ars('IVA 21 %$ 42,00'), ars('IVA 10,5 %$ 10,50')]);
  await expect(card.getByTestId('order-total')).toHaveText(ars('$ 352,50'));

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Descargar PDF' }).click();
  const pdfPath = await (await download).path();
  expect(pdfPath).toBeTruthy();
  if (shots) {
    const { readFile } = await import('node:fs/promises');
    await writeFile(`${shots}/iva-order-ri.pdf`, await readFile(pdfPath));
  }

  // The admin's order view: the breakdown itemised, each line's rate, and what the customer sees.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signInThroughForm(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await admin.goto('/admin?tab=pedidos');
  await admin.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${number}`) }).click();
  const detail = admin.getByRole('dialog', { name: `Pedido #${number}` });
  await expect(detail.getByTestId('order-iva-row')).toHaveText([ars('Neto gravado$ 300,00'), ars('IVA 21 %$ 42,00'), ars('IVA 10,5 %$ 10,50')]);
  await expect(detail).toContainText('El cliente ve el IVA discriminado.');
  await expect(detail).toContainText('· IVA 10,5 %');
  if (shots) {
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await admin.screenshot({ path: `${shots}/iva-admin-order-${width}.png` });
    }
  }
  await adminContext.close();
});

test('a Responsable Inscripto reads the next tier and the savings without IVA, as the lines; the catalogue says its prices include IVA', async ({
  page,
  request,
}) => {
  const customer = await customerWithCondition(request, 'responsable_inscripto', 'ri-tier');
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await addFromCatalog(page, ACEITE, 6);
  await expect(page.getByTestId('catalog-iva-note')).toHaveText(
    'Precios con IVA incluido. En el carrito los ves sin IVA, con el IVA discriminado al pie.',
  );
  if (shots) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${shots}/iva-catalog-ri-${width}.png` });
    }
  }
  // The product's own page says it too.
  await page.getByRole('article', { name: ACEITE }).getByRole('link', { name: ACEITE }).click();
  await expect(page.getByRole('heading', { level: 1, name: ACEITE })).toBeVisible();
  await expect(page.getByTestId('catalog-iva-note')).toHaveText(
    'Precios con IVA incluido. En el carrito los ves sin IVA, con el IVA discriminado al pie.',
  );
  if (shots) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${shots}/iva-product-ri-${width}.png` });
    }
  }
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: ACEITE });
  await expect(line.getByTestId('unit-price')).toHaveText(ars('$ 2.438,02'));
  await expect(line.getByTestId('next-tier-hint')).toHaveText(ars('Agregá 6 más para pagar $ 2.355,37 c/u'));
  await expect(line.getByTestId('line-savings')).toHaveText(ars('Ahorrás $ 743,80'));
  await expect(page.getByTestId('cart-savings')).toHaveText(ars('$ 743,80'));
  await expect(page.getByText('Ahorro total (sin IVA)')).toBeVisible();
  if (shots) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${shots}/iva-cart-ri-tier-${width}.png`, fullPage: true });
    }
  }
});

test('a Consumidor Final sees final prices, and the IVA they contain', async ({ page, request }) => {
  const customer = await customerWithCondition(request, 'consumidor_final', 'cf');
  await fillCart(page, customer.email, customer.password);

  const gaseosa = page.getByTestId('cart-line').filter({ hasText: GASEOSA });
  await expect(gaseosa.getByTestId('unit-price')).toHaveText(ars('$ 121,00'));
  await expect(gaseosa.getByTestId('line-iva-rate')).toHaveCount(0);
  await expect(gaseosa.getByTestId('line-total')).toHaveText(ars('$ 242,00'));
  await expect(ivaRows(page, 'cart-iva-row')).toHaveText([ars('IVA contenido$ 52,50')]);
  await expect(page.getByTestId('cart-page-total')).toHaveText(ars('$ 352,50'));
  await expect(page.getByTestId('cart-iva-note')).toHaveText('Precios finales con IVA incluido.');

  if (shots) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${shots}/iva-cart-cf-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.addInitScript(() => {
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByText('¡Pedido Realizado!', { exact: true })).toBeVisible();
  await page.goto('/my-orders');
  const card = page.getByTestId('order-card').first();
  const lineTotal = (name: string) => card.getByRole('listitem').filter({ hasText: name }).getByTestId('order-line-total');
  await expect(lineTotal(GASEOSA)).toHaveText(ars('$ 242,00'));
  await expect(lineTotal(HARINA)).toHaveText(ars('$ 110,50'));
  await expect(card.getByTestId('order-iva-row')).toHaveText([ars('IVA contenido$ 52,50')]);
  await expect(card).toContainText('Precios finales con IVA incluido.');
  if (shots) {
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Descargar PDF' }).click();
    const { readFile } = await import('node:fs/promises');
    await writeFile(`${shots}/iva-order-cf.pdf`, await readFile((await (await download).path())!));
  }
});
