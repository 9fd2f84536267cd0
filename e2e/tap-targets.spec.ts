import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

// Every tap target on the main screens is at least 44 × 44 px on a 390 × 844 phone (decision 033).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SHOTS = 'test-results/shots/i36b';
mkdirSync(SHOTS, { recursive: true });

/**
 * Every visible control of the whole page (not only the first screen) smaller than 44 × 44 px.
 * A checkbox or radio is measured by its label, which is what a finger hits. Left out, on purpose:
 * links inside a sentence (`display: inline` inside a paragraph with more text than the link: the inline exception of WCAG 2.5.8;
 * making them 44 px tall would break the line), and visually hidden elements such as the skip link
 * (`sr-only` until it is focused).
 */
function smallTapTargets(page: Page) {
  return page.evaluate(() => {
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"], summary';
    const seen = new Set<Element>();
    const small: { what: string; w: number; h: number }[] = [];
    for (const control of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      let el: HTMLElement = control;
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
        el = control.closest('label') ?? control;
      if (seen.has(el)) continue;
      seen.add(el);
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (
        box.width <= 1 ||
        box.height <= 1 ||
        style.visibility === 'hidden' ||
        el.closest('[aria-hidden="true"], [inert], .sr-only')
      )
        continue;
      const sentence = el.closest('p');
      if (el.tagName === 'A' && style.display === 'inline' && sentence && sentence.textContent!.trim() !== el.textContent!.trim())
        continue;
      if (box.width < 44 || box.height < 44) {
        const what = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
        small.push({ what, w: Math.round(box.width), h: Math.round(box.height) });
      }
    }
    return small;
  });
}

async function check(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/tap-${screen}-390.png` });
  expect(await smallTapTargets(page), screen).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/tap-${screen}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function adminHeaders(request: APIRequestContext) {
  const token = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  return { Authorization: `Bearer ${token}` };
}

test('sign-in: an empty submit focuses the e-mail box with its Spanish message and sums up next to the button', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const email = page.getByLabel('Correo electrónico');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ingresá tu correo electrónico.')).toBeVisible();
  await expect(page.getByText('Ingresá tu contraseña.')).toBeVisible();
  await expect(page.getByTestId('form-summary')).toHaveText('Revisá 2 campos: Correo electrónico, Contraseña.');
  await page.screenshot({ path: `${SHOTS}/login-empty-390.png` });
  await email.fill('lucia@');
  await email.blur();
  await expect(page.getByText('Ingresá un correo electrónico válido.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/login-empty-1280.png` });
});

test('visitor screens: sign-in, sign-up, forgot password', async ({ page }) => {
  await page.goto('/login');
  await check(page, 'login');
  await page.goto('/register');
  await check(page, 'register');
  await page.goto('/recuperar-clave');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByLabel('Correo electrónico')).toBeFocused();
  await check(page, 'forgot');
});

test('customer screens: catalogue (list and cards), product page, cart with its bar, Mis pedidos, Mi cuenta', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const run = randomBytes(3).toString('hex');
  const created = await request.post('/api/products', {
    headers,
    data: {
      name: `Toque ${run}`,
      price: 100_000,
      retail_price: 150_000,
      stock: 0,
      has_unlimited_stock: true,
      sku: `TQ-${run}`,
      category: 'Almacén',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string };
  const customer = await createApprovedCustomer(request, 'toque');
  const token = await accessTokenFor(request, customer.email, customer.password);
  const order = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      items: [{ product_id: product.id, quantity: 2 }],
      observaciones: '',
      canjeado_con_puntos: false,
      idempotency_key: `toque-${run}`,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const cart = await request.put('/api/cart', {
    headers: { Authorization: `Bearer ${token}` },
    data: { cart_data: { [product.id]: 3 } },
  });
  expect(cart.status(), await cart.text()).toBe(200);

  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Lista', exact: true }).click();
  await check(page, 'catalog-list');
  await page.getByRole('button', { name: 'Tarjetas', exact: true }).click();
  await check(page, 'catalog-cards');
  await page.goto(`/catalogo/${product.id}`);
  await check(page, 'product');
  await page.goto('/cart');
  await expect(page.getByTestId('checkout-bar')).toBeVisible();
  await check(page, 'cart');
  await page.goto('/my-orders');
  await check(page, 'my-orders');
  await page.goto('/mi-cuenta');
  await check(page, 'account');
  const form = page.getByRole('form', { name: 'Contraseña' });
  await form.getByRole('button').last().click();
  await expect(page.getByLabel('Contraseña actual')).toBeFocused();
  await page.getByLabel('Contraseña actual').screenshot({ path: `${SHOTS}/account-password-390.png` });
  await page.goto('/cuenta-corriente');
  await expect(page.getByRole('heading', { name: 'Movimientos' })).toBeVisible();
  await check(page, 'cuenta-corriente');
});

test('admin screens: panel, orders with the filter open, products', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin');
  await check(page, 'admin');
  await page.goto('/admin?tab=pedidos');
  await page.getByRole('button', { name: /^Filtrar/ }).click();
  await expect(page.getByLabel('Estado')).toBeVisible();
  await check(page, 'admin-orders-filter');
  await page.goto('/admin?tab=productos');
  await check(page, 'admin-products');
  // The warehouse's count (decision 069): every "Contado" field and the save bar.
  await page.goto('/admin?tab=stock');
  await expect(page.getByRole('list', { name: 'Productos para contar' })).toBeVisible();
  await check(page, 'admin-stock');
  // The customers, each card with its "Lista asignada" select (it was 36 px tall).
  await page.goto('/admin?tab=usuarios');
  await expect(page.getByLabel(/^Lista asignada a /).first()).toBeVisible();
  await check(page, 'admin-users');
  await page.goto('/admin?tab=cuentas');
  await expect(page.getByRole('heading', { name: 'Cuentas corrientes', level: 2 })).toBeVisible();
  await check(page, 'admin-receivables');
  await page.getByLabel('Mostrar').selectOption('all');
  const open = page.getByRole('link', { name: /Ver la cuenta corriente de/ }).first();
  await open.click();
  await page.getByRole('button', { name: 'Registrar cobranza' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Cheque' }).check();
  await check(page, 'admin-payment-dialog');
  // A toast's close button (it was 36 × 36): signing out leaves "Sesión cerrada" on the home page.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cerrar sesión', includeHidden: true }).first().evaluate((button: HTMLElement) => button.click());
  await expect(page.getByRole('button', { name: 'Cerrar notificación' })).toBeVisible();
  expect(await smallTapTargets(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/tap-toast-390.png` });
});

test('the refused forms at 390 and 1280 px: forgot and reset password, Mi cuenta password, admin product form and order edit (screenshots)', async ({
  page,
  request,
}) => {
  const run = randomBytes(3).toString('hex');
  const headers = await adminHeaders(request);
  const created = await request.post('/api/products', {
    headers,
    data: {
      name: `Edición ${run}`,
      price: 100_000,
      retail_price: 150_000,
      stock: 0,
      has_unlimited_stock: true,
      sku: `ED-${run}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer = await createApprovedCustomer(request, 'rechazo');
  const token = await accessTokenFor(request, customer.email, customer.password);
  const placed = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      items: [{ product_id: ((await created.json()) as { id: string }).id, quantity: 2 }],
      observaciones: '',
      canjeado_con_puntos: false,
      idempotency_key: `ed-${run}`,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = ((await placed.json()) as { order: { id: string } }).order.id.slice(0, 8);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/recuperar-clave');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByLabel('Correo electrónico')).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/forgot-${width}.png` });
    await page.goto('/restablecer-clave?token=x');
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('corta');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
    await expect(page.getByLabel('Contraseña nueva', { exact: true })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/reset-${width}.png` });
  }

  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/mi-cuenta');
    const form = page.getByRole('form', { name: 'Cambiar contraseña' });
    await form.getByRole('button').click();
    await expect(form.getByLabel('Contraseña actual', { exact: true })).toBeFocused();
    await expect(form.getByTestId('form-summary')).toHaveText('Revisá 2 campos: Contraseña actual, Contraseña nueva.');
    await page.screenshot({ path: `${SHOTS}/account-password-${width}.png` });
  }
  await page.getByRole('button', { name: 'Cerrar sesión' }).first().click({ force: true });

  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/admin?tab=productos');
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Precio mayorista ($)').fill('abc');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByLabel('Nombre')).toBeFocused();
    await expect(dialog.getByTestId('form-summary')).toContainText('Nombre');
    await page.screenshot({ path: `${SHOTS}/product-form-${width}.png` });
    await page.keyboard.press('Escape');

    await page.goto('/admin?tab=pedidos');
    await page.getByRole('button', { name: new RegExp(`Ver detalle del pedido #${number}`) }).click();
    // By keyboard, here and for "Guardar cambios": in full-suite runs (twice) the detail dialog at
    // 390 px never held still for Playwright's click (another element reported over the button for a
    // minute); not reproduced alone (4 runs). This test is about the refused form, not that layout.
    await page.getByRole('dialog', { name: `Pedido #${number}` }).getByRole('button', { name: 'Modificar pedido' }).focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: `Modificar pedido #${number}` });
    const box = editor.getByLabel(`Cantidad de Edición ${run}`);
    await box.fill('');
    await box.pressSequentially('1e2');
    await expect(box).toHaveValue('12');
    await box.fill('');
    await editor.getByRole('button', { name: 'Guardar cambios' }).focus();
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    await expect(editor.getByText('Ingresá una cantidad entre 1 y 10.000.')).toBeVisible();
    await expect(editor.getByTestId('form-summary')).toHaveText(
      `Revisá 2 campos: Cantidad de Edición ${run}, Motivo del cambio.`,
    );
    await page.screenshot({ path: `${SHOTS}/order-edit-${width}.png` });
  }
});
