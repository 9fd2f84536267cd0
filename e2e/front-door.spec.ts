import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessTokenFor, decodeQuotedPrintable, signInThroughForm, uniqueCuit, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';
import { PHONE } from './support/common';

// The front door as most people use it (docs/decisions/028): on a 390 px phone, a new customer
// fills only the required fields — "Indicaciones de entrega" left empty, as the form says it is
// optional — and goes all the way to an order. Before the optional-field contract the sign-up
// answered "Las indicaciones de entrega no pueden superar 500 caracteres." and created nothing.
const SHOTS = 'test-results/front-door';

async function shoot(page: Page, name: string) {
  for (const close of await page.getByRole('region', { name: /Notificaciones/ }).getByRole('button').all()) await close.click();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky header is drawn where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** The only fields a person must fill, as they type them; every optional one left alone. */
async function fillRequiredOnly(page: Page, email: string, password: string, cuit: string, razonSocial = 'Almacén La Esquina') {
  await page.getByLabel('Nombre', { exact: true }).fill('Rocío');
  await page.getByLabel('Apellido').fill('Fernández');
  await page.getByLabel('DNI').fill(uniqueDni());
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Razón social').fill(razonSocial);
  await page.getByLabel('CUIT').fill(`${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`);
  await page.getByLabel('Condición frente al IVA').selectOption('monotributista');
  await page.getByLabel('WhatsApp').fill('11 5555-1234');
  await page.getByLabel('Calle y número').fill('Calle 7 Nº 1234');
  await page.getByLabel('Localidad').fill('La Plata');
  await page.getByLabel('Provincia').selectOption('AR-B');
  await page.getByLabel('Código postal').fill('1900');
}

async function approveAsAdmin(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await admin.goto('/login');
  await signInThroughForm(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await admin.goto('/admin?tab=usuarios');
  await admin.getByLabel('Buscar usuarios').fill(email);
  const row = admin.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Pendiente')).toBeVisible();
  await row.getByRole('button', { name: 'Aprobar' }).click();
  await expect(admin.getByRole('region', { name: /Notificaciones/ }).getByText('Cuenta aprobada')).toBeVisible();
  await context.close();
}

/** The decoded text of the newest e-mail to `to` that contains `needle`, waiting for it. */
async function waitForMailContaining(to: string, needle: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse()) {
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, file), 'utf8'));
      if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`) && text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No llegó a ${to} un correo con «${needle}».`);
}

test('a visitor signs up on a phone with only the required fields, verifies from the e-mail, waits for approval, and orders', async ({ browser, request }) => {
  // Orders from other files may have left a minimum order; this one is about the front door.
  const adminToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const minimum = await request.put('/api/admin/settings', { headers: { Authorization: `Bearer ${adminToken}` }, data: { min_order_amount: 0 } });
  expect(minimum.status(), await minimum.text()).toBe(200);

  const email = uniqueEmail('puerta');
  const password = 'Clave-Puerta-E2E-2026';
  const cuit = uniqueCuit();
  const visitor = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await visitor.newPage();

  await page.goto('/register');
  await fillRequiredOnly(page, email, password, cuit);
  await expect(page.getByLabel('Indicaciones de entrega')).toHaveValue('');
  await shoot(page, 'signup-required-only');
  const signup = page.waitForRequest((r) => r.url().endsWith('/api/auth/signup'));
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByRole('region', { name: /Notificaciones/ }).getByText('¡Registro exitoso!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revisá tu correo' })).toBeVisible();
  // The browser sent the empty optional field as typed.
  expect((await signup).postDataJSON().data.delivery_notes).toBe('');

  // The verification e-mail, from the real SMTP server.
  await page.goto(await waitForMailLink(email, '/verificar-correo'));
  await expect(page.getByRole('heading', { name: '¡Correo verificado!' })).toBeVisible();
  await visitor.close();

  // Another day, on the same phone: signs in and sees the pending screen.
  const customerContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const customer = await customerContext.newPage();
  // Placing an order opens WhatsApp; keep the test on the app.
  await customer.addInitScript(() => {
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await customer.goto('/login');
  await signInThroughForm(customer, email, password);
  await customer.goto('/my-orders');
  await expect(customer.getByRole('heading', { name: 'Cuenta Pendiente de Aprobación' })).toBeVisible();

  await approveAsAdmin(browser, email);

  // Approved: the wholesale catalogue, a product added from the phone's list view, the order placed
  // with the optional "Observaciones" left empty.
  await customer.goto('/catalog');
  await customer.getByLabel('Buscar productos').fill('Yerba Mate Playadito 1 kg');
  const row = customer.getByTestId('product-row').filter({ hasText: 'Yerba Mate Playadito 1 kg' });
  await expect(row).toHaveCount(1);
  await row.getByRole('spinbutton').fill('6');
  await row.getByRole('spinbutton').press('Enter');
  await expect(customer.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-count')).toHaveText('6');
  await customer.goto('/cart');
  await expect(customer.getByLabel('Observaciones')).toHaveValue('');
  await customer.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(customer.getByText('¡Pedido Realizado!', { exact: true })).toBeVisible();
  const heading = await customer.getByTestId('order-confirmation').getByRole('heading').textContent();
  const number = heading!.match(/#([0-9a-f]{8})/)![1]!;

  // Nobody wrote the admin recipients: the admin still hears of the new order (decision 029).
  await waitForMailContaining(process.env.E2E_ADMIN_EMAIL!, number);
  await customerContext.close();
});

test('Mi cuenta saves with the optional delivery notes cleared, and a long business name fits at 320 px', async ({ browser, request }) => {
  const email = uniqueEmail('micuenta');
  const password = 'Clave-Cuenta-E2E-2026';
  const longName = 'Distribuidora Mayorista de Almacén y Limpieza Hermanos Rodríguez Sociedad de Responsabilidad Limitada';
  const context = await browser.newContext({ viewport: { width: 320, height: 800 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/register');
  await fillRequiredOnly(page, email, password, uniqueCuit(), longName);
  const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSideScroll(), 'the sign-up form without sideways scroll at 320 px').toBe(true);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByRole('heading', { name: 'Revisá tu correo' })).toBeVisible();
  expect(await noSideScroll(), '"Revisá tu correo" with a long address without sideways scroll at 320 px').toBe(true);
  await page.goto(await waitForMailLink(email, '/verificar-correo'));
  await expect(page.getByRole('heading', { name: '¡Correo verificado!' })).toBeVisible();
  expect(await noSideScroll(), 'no sideways scroll at 320 px once signed in').toBe(true);

  // Mi cuenta: notes written and saved, then cleared and saved.
  await page.setViewportSize(PHONE);
  await page.goto('/mi-cuenta');
  await expect(page.getByRole('heading', { name: 'Mi cuenta', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Razón social')).toHaveValue(longName);
  await page.getByLabel('Indicaciones de entrega').fill('Timbre 2B, de 8 a 13');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByRole('region', { name: /Notificaciones/ }).getByText('Datos guardados')).toBeVisible();
  for (const close of await page.getByRole('region', { name: /Notificaciones/ }).getByRole('button').all()) await close.click();

  await page.getByLabel('Indicaciones de entrega').fill('');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('region', { name: /Notificaciones/ }).getByText('Datos guardados')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Indicaciones de entrega')).toHaveValue('');
  const token = await accessTokenFor(request, email, password);
  const me = await (await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(me.delivery_notes).toBeNull();
  await shoot(page, 'mi-cuenta-notes-cleared');
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await noSideScroll(), 'Mi cuenta without sideways scroll at 320 px').toBe(true);
  await context.close();
});
