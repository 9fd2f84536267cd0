import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  accessTokenFor,
  createApprovedCustomer,
  dashedCuit,
  fillBusinessFields,
  signInThroughForm,
  uniqueCuit,
  uniqueDni,
  uniqueEmail,
  waitForMailLink,
} from './support/accounts-helpers';

// The business-identity work (decisions 017–019) in a real browser: sign-up with the business data → approval → Mi cuenta →
// the admin customer page and its CUIT search → the order's PDF and WhatsApp text carry the CUIT.
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/work/coord/shots/16';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  // Toasts are not part of the page being looked at; the sticky header belongs at the top.
  for (const close of await page.getByRole('region', { name: /Notificaciones/ }).getByRole('button').all()) await close.click();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('sign-up with business data → approval → Mi cuenta → admin customer page → the order carries the CUIT', async ({ browser, request }) => {
  const email = uniqueEmail('negocio');
  const password = 'Clave-Negocio-E2E-2026';
  const cuit = uniqueCuit();
  const customer = await browser.newPage({ viewport: { width: 390, height: 900 } });

  // Sign-up: a wrong check digit is refused next to the field, then the right one goes through.
  await customer.goto('/register');
  await customer.getByLabel('Nombre', { exact: true }).fill('José');
  await customer.getByLabel('Apellido').fill('Gómez');
  await customer.getByLabel('DNI').fill(uniqueDni());
  await customer.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await customer.getByLabel('Contraseña', { exact: true }).fill(password);
  await fillBusinessFields(customer, cuit);
  await customer.getByLabel('CUIT').fill('20-12345678-0');
  await customer.getByRole('button', { name: 'Registrarse' }).click();
  await expect(customer.getByText('El CUIT no es válido: revisá el dígito verificador.')).toBeVisible();
  await shoot(customer, 'signup');
  await customer.getByLabel('CUIT').fill(dashedCuit(cuit));
  await customer.getByRole('button', { name: 'Registrarse' }).click();
  await expect(customer.getByRole('region', { name: /Notificaciones/ }).getByText('¡Registro exitoso!')).toBeVisible();

  // Verify through the e-mail link (it signs in), then the admin approves.
  await customer.goto(await waitForMailLink(email, '/verificar-correo'));
  await expect(customer.getByRole('heading', { name: '¡Correo verificado!' })).toBeVisible();
  const adminToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const admin = { Authorization: `Bearer ${adminToken}` };
  const found = await request.get(`/api/admin/users?search=${cuit}`, { headers: admin });
  const [account] = ((await found.json()) as { items: { id: string; cuit: string }[] }).items;
  expect(account?.cuit).toBe(cuit);
  expect((await request.patch(`/api/admin/users/${account!.id}/approval`, { data: { approved: true }, headers: admin })).status()).toBe(200);

  // Mi cuenta from the navigation: the data as stored, edited and saved.
  await customer.setViewportSize({ width: 1280, height: 900 });
  await customer.goto('/catalog');
  await customer.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(customer.getByRole('heading', { name: 'Mi cuenta', level: 1 })).toBeVisible();
  await expect(customer.getByLabel('CUIT')).toHaveValue(dashedCuit(cuit));
  await expect(customer.getByLabel('WhatsApp')).toHaveValue('+54 9 11 1234-5678');
  await customer.getByLabel('Razón social').fill('Almacén Don José e Hijos SRL');
  await customer.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(customer.getByRole('region', { name: /Notificaciones/ }).getByText('Datos guardados')).toBeVisible();
  await shoot(customer, 'mi-cuenta');

  // The customer orders (through the API; the cart flow has its own tests).
  const customerToken = await accessTokenFor(request, email, password);
  const mine = { Authorization: `Bearer ${customerToken}` };
  const products = await request.get('/api/products?search=Yerba', { headers: mine });
  const product = ((await products.json()) as { items: { id: string }[] }).items[0]!;
  const placed = await request.post('/api/orders', { data: { items: [{ product_id: product.id, quantity: 6 }], observaciones: '' }, headers: mine });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, whatsapp_url } = (await placed.json()) as { order: { id: string }; whatsapp_url: string };
  const whatsappText = new URL(whatsapp_url).searchParams.get('text') ?? '';
  expect(whatsappText).toContain(`*CUIT:* ${dashedCuit(cuit)}`);
  expect(whatsappText).toContain('*Razón social:* Almacén Don José e Hijos SRL');
  const pdf = await request.get(`/api/orders/${order.id}/pdf`, { headers: mine });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(pdfText).toContain(dashedCuit(cuit));
  expect(pdfText).toContain('Responsable Inscripto');

  // The admin finds the customer by CUIT with dashes and opens the customer page.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await signInThroughForm(adminPage, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await adminPage.goto('/admin?tab=usuarios');
  await adminPage.getByLabel('Buscar usuarios').fill(dashedCuit(cuit));
  const row = adminPage.getByRole('listitem').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(adminPage.getByRole('listitem').filter({ hasText: '@' })).toHaveCount(1);
  await row.getByRole('link', { name: /Ver la ficha de José Gómez/ }).click();
  await expect(adminPage.getByRole('heading', { name: 'Almacén Don José e Hijos SRL' })).toBeVisible();
  await expect(adminPage.getByText(dashedCuit(cuit))).toBeVisible();
  await expect(adminPage.getByText('Responsable Inscripto')).toBeVisible();
  await expect(adminPage.getByText(`#${order.id.slice(0, 8)}`)).toBeVisible();
  await adminPage.getByLabel('Solo las ven los administradores; el cliente nunca las ve.').fill('Paga a 30 días.');
  await adminPage.getByRole('button', { name: 'Guardar notas' }).click();
  await expect(adminPage.getByRole('region', { name: /Notificaciones/ }).getByText('Notas guardadas')).toBeVisible();
  await shoot(adminPage, 'admin-cliente');
  // The notes never reach the customer.
  expect(JSON.stringify(await (await request.get('/api/me', { headers: mine })).json())).not.toContain('Paga a 30');
  await adminContext.close();
});

test('an account from before the business-identity work (decisions 017–019) is asked to complete its data, and keeps its session and cart while it does', async ({ page, request }) => {
  // createApprovedCustomer signs up through the API with the seed fields only, as older clients did.
  const customer = await createApprovedCustomer(request, 'incompleto');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);

  // Something in the cart first.
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill('Azúcar Ledesma 1 kg');
  await expect(page.getByRole('article')).toHaveCount(1);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PUT');
  await page.getByRole('article', { name: 'Azúcar Ledesma 1 kg' }).getByRole('button', { name: 'Agregar al carrito' }).click();
  expect((await saved).status()).toBe(200);

  const banner = page.getByRole('status').filter({ hasText: 'Completá los datos de tu negocio' });
  await expect(banner).toBeVisible();
  // The catalogue stays usable under the banner.
  await expect(page.getByRole('article', { name: 'Azúcar Ledesma 1 kg' })).toBeVisible();
  await shoot(page, 'completar-datos');
  await banner.getByRole('link', { name: 'Completar en Mi cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Mi cuenta', level: 1 })).toBeVisible();
  await fillBusinessFields(page, uniqueCuit(), 'Kiosco El Paso');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByRole('region', { name: /Notificaciones/ }).getByText('Datos guardados')).toBeVisible();

  // Back in the catalogue: no banner, same session, same cart.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Catálogo' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-count')).toHaveText('1');
});
