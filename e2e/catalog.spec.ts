import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

// Intl formats ARS with a non-breaking space after "$".
const ars = (text: string) => text.replace(/ /g, '\u00a0');

async function fillTier(dialog: Locator, index: number, minQuantity: string, type: 'fixed' | 'percentage' | 'final_price', value: string) {
  const tiers = dialog.getByRole('group', { name: /Descuentos por cantidad/ });
  await tiers.getByRole('button', { name: 'Agregar descuento' }).click();
  const row = tiers.getByRole('listitem').nth(index);
  await row.getByLabel('Cantidad mínima').fill(minQuantity);
  await row.getByLabel('Tipo').selectOption(type);
  await row.getByLabel('Valor').fill(value);
}

/** Signs in through /login and waits until the session is stored (the shell then shows the sign-out control). */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' }).or(page.getByRole('button', { name: 'Abrir menú' })).first()).toBeVisible();
}

async function openCatalogCard(page: Page, name: string): Promise<Locator> {
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(name);
  return page.getByRole('article', { name });
}

test('an admin creates, edits, disables and deletes a product; customers and visitors see the right prices', async ({ page, browser, request, baseURL }) => {
  // Three browser sessions and a dozen round-trips: more than the default minute on a shared CI machine.
  test.setTimeout(150_000);
  const customer = await createApprovedCustomer(request, 'catalogo');
  const name = `Aceite E2E ${Date.now()}`;

  // --- The admin creates a product with three tiers and a retail sale price.
  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin?tab=productos');
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo producto' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Precio mayorista ($)').fill('1.000');
  await dialog.getByLabel('Precio minorista ($)').fill('1500');
  await dialog.getByLabel('En oferta para minoristas').check();
  await dialog.getByLabel('Precio de oferta minorista ($)').fill('1200');
  await fillTier(dialog, 0, '6', 'percentage', '10');
  await fillTier(dialog, 1, '12', 'fixed', '150');
  await fillTier(dialog, 2, '24', 'final_price', '700');
  await dialog.getByLabel('Stock', { exact: true }).fill('40');
  // The live preview uses the same pricing engine as the server.
  await dialog.getByLabel('Cantidad de prueba').fill('12');
  await expect(dialog.getByTestId('preview-unit')).toHaveText(ars('$ 850,00'));
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto añadido', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // --- An approved customer sees wholesale prices and the tier ladder, and can add to the cart.
  const customerContext = await browser.newContext({ baseURL });
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, customer.email, customer.password);
  let card = await openCatalogCard(customerPage, name);
  await expect(card.getByTestId('unit-price')).toContainText(ars('$ 1.000,00'));
  await expect(card.getByRole('list', { name: 'Descuentos por cantidad' }).getByRole('listitem')).toHaveText([
    ars('Desde 6 u.: $ 900,00 c/u'),
    ars('Desde 12 u.: $ 850,00 c/u'),
    ars('Desde 24 u.: $ 700,00 c/u'),
  ]);
  await expect(card.getByText('Oferta')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible();

  // --- A visitor sees the retail sale, no tiers, no cart button and an invitation to sign in.
  const visitorContext = await browser.newContext({ baseURL });
  const visitorPage = await visitorContext.newPage();
  card = await openCatalogCard(visitorPage, name);
  await expect(card.getByText('Oferta')).toBeVisible();
  await expect(card.locator('s')).toContainText(ars('$ 1.500,00'));
  await expect(card.getByTestId('unit-price')).toContainText(ars('$ 1.200,00'));
  await expect(card.getByRole('list', { name: 'Descuentos por cantidad' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Agregar al carrito' })).toHaveCount(0);
  await expect(visitorPage.getByRole('note')).toContainText('precios minoristas');

  // --- A wholesale sale price beats the tiers.
  await page.getByLabel('Buscar productos').fill(name);
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar producto' });
  await editDialog.getByLabel('En oferta para mayoristas').check();
  await editDialog.getByLabel('Precio de oferta mayorista ($)').fill('800');
  await editDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto actualizado', { exact: true })).toBeVisible();
  card = await openCatalogCard(customerPage, name);
  await expect(card.getByText('Oferta')).toBeVisible();
  await expect(card.getByTestId('unit-price')).toContainText(ars('$ 800,00'));
  await expect(card.locator('s')).toContainText(ars('$ 1.000,00'));
  await expect(card.getByRole('list', { name: 'Descuentos por cantidad' })).toHaveCount(0);

  // --- Disabled: gone from the catalogue, still in the admin table.
  await page.getByRole('switch', { name: `Visible en el catálogo: ${name}` }).click();
  await expect(page.getByText('Producto deshabilitado', { exact: true })).toBeVisible();
  await expect(page.getByText('Ahora está oculto en el catálogo.', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Visible en el catálogo: ${name}` })).toHaveAttribute('aria-checked', 'false');
  card = await openCatalogCard(customerPage, name);
  await expect(customerPage.getByText('No encontramos productos con esos filtros.')).toBeVisible();
  await expect(card).toHaveCount(0);

  // --- Deleted: gone everywhere.
  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar producto' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Producto eliminado', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  const afterDelete = await request.get(`/api/products?search=${encodeURIComponent(name)}`);
  expect(((await afterDelete.json()) as { total: number }).total).toBe(0);

  await customerContext.close();
  await visitorContext.close();
});

/** What the category select cannot show of its chosen text (px; 0 = the whole text fits), its box, and the page's overflow. */
async function categoryFit(page: Page) {
  return page.getByRole('combobox', { name: 'Categoría' }).evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]?.textContent ?? '').width;
    // The room for text: the box less its paddings, borders and the arrow Chromium draws (about 20 px).
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    const box = select.getBoundingClientRect();
    // The search box's placeholder, measured the same way (its padding, no arrow).
    const search = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const searchStyle = getComputedStyle(search);
    const searchRoom = search.clientWidth - parseFloat(searchStyle.paddingLeft) - parseFloat(searchStyle.paddingRight);
    return {
      hidden: Math.max(0, Math.ceil(text - room)),
      placeholderHidden: Math.max(0, Math.ceil(context.measureText(search.placeholder).width - searchRoom)),
      inside: box.left >= 0 && box.right <= window.innerWidth,
      height: Math.round(box.height),
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/** From the filter bar's search box, each Tab focuses the next of `controls`, and each is below or right of the one before on screen. */
async function expectTabOrder(page: Page, controls: Locator[]) {
  await page.getByRole('search').getByRole('searchbox').focus();
  let previous = (await page.getByRole('search').getByRole('searchbox').boundingBox())!;
  for (const control of controls) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
    const box = (await control.boundingBox())!;
    expect(box.y > previous.y + previous.height - 1 || (Math.abs(box.y - previous.y) < 30 && box.x > previous.x), 'next on screen').toBe(true);
    previous = box;
  }
}

test("the catalogue's filter bar fits a phone: the category reads whole, nothing scrolls sideways, 44 px targets", async ({ browser, request, baseURL }) => {
  const token = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const category = 'Almacén y bebidas sin alcohol';
  const product = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Gaseosa filtros ${Date.now()}`, price: 100_000, retail_price: 150_000, stock: 5, category },
  });
  expect(product.status(), await product.text()).toBe(201);
  const customer = await createApprovedCustomer(request, 'filtros');
  for (const width of [390, 360, 320]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, customer.email, customer.password);
    await page.goto('/catalog');
    const select = page.getByRole('combobox', { name: 'Categoría' });
    await expect(select.getByRole('option', { name: category })).toBeAttached();
    const all = await categoryFit(page);
    await select.selectOption(category);
    const chosen = await categoryFit(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/catalog-filters-${width}.png` });
    expect(all, `${width} px, all categories`).toEqual({ hidden: 0, placeholderHidden: 0, inside: true, height: 44, overflow: 0 });
    expect(chosen, `${width} px, ${category}`).toEqual({ hidden: 0, placeholderHidden: 0, inside: true, height: 44, overflow: 0 });
    // Both filters on (each chip then filled): still whole, 44 px high, and nothing scrolls sideways.
    for (const chip of ['Ofertas', 'Con stock']) {
      const label = page.locator('label', { hasText: chip }).first();
      await label.click();
      await expect(page.getByRole('checkbox', { name: chip })).toBeChecked();
      const box = (await label.boundingBox())!;
      expect([box.height >= 44, box.x >= 0, box.x + box.width <= width], `${width} px, ${chip}`).toEqual([true, true, true]);
    }
    expect(await categoryFit(page), `${width} px, both filters on`).toEqual({ hidden: 0, placeholderHidden: 0, inside: true, height: 44, overflow: 0 });
    if (SHOTS && width === 390) await page.screenshot({ path: `${SHOTS}/catalog-filters-on-${width}.png` });
    // The Tab key follows what the eye reads: search → chips → category → view toggle (WCAG 2.4.3).
    if (width === 390) await expectTabOrder(page, [page.getByRole('checkbox', { name: 'Ofertas' }), page.getByRole('checkbox', { name: 'Con stock' }), select, page.getByRole('button', { name: 'Lista', exact: true })]);
    await context.close();
  }
  // From 640 px up the bar is as before: the labels show and the filters are plain check boxes.
  const wide = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await wide.newPage();
  await signIn(page, customer.email, customer.password);
  await page.goto('/catalog');
  await expect(page.getByText('Categoría', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Solo ofertas' })).toBeVisible();
  // Wide, the category comes before the check boxes, on screen and for the Tab key.
  await expectTabOrder(page, [page.getByRole('combobox', { name: 'Categoría' }), page.getByRole('checkbox', { name: 'Solo ofertas' }), page.getByRole('checkbox', { name: 'Solo con stock' })]);
  await expect(page.getByText(/^Mostrando \d+ de \d+ productos$/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/catalog-filters-1280.png` });
  await wide.close();
});
