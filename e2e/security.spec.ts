import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInThroughForm, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';

/**
 * The hardening work (permissions, hostile input, races, crashes): stored content is inert. Product names, customer names and order notes full of
 * HTML and JavaScript come back from the API and must render as text in the SPA, and the
 * Content-Security-Policy must stop an inline script even if one got into the page.
 * (The PDF is covered by the orders suite.)
 */

declare global {
  interface Window {
    /** Set by any of the payloads below if it ever runs. */
    __xss?: string;
    __inlineScriptRan?: boolean;
    __inlineHandlerRan?: boolean;
    __cspViolations?: Array<{ directive: string; sample: string }>;
  }
}

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const tag = `${Date.now() % 1_000_000}`;
const productName = `XSS ${tag} <img src=x onerror="window.__xss='producto'"><script>window.__xss='script'</script>`;
const hostileNombre = `<img src=x onerror="window.__xss='nombre'">${tag}`;
const hostileNotes = `<script>window.__xss='notas'</script><b onmouseover="window.__xss='b'">negrita</b> ${tag}`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/token?grant_type=password', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Signs up (with a hostile name), verifies and approves a customer; returns its credentials and a token. */
async function createHostileCustomer(request: APIRequestContext, admin: string) {
  const email = uniqueEmail('seguridad');
  const password = 'Clave-Seguridad-E2E-2026';
  const signup = await request.post('/api/auth/signup', { data: { email, password, data: { nombre: hostileNombre, apellido: '<i>Apellido</i>', dni: uniqueDni() } } });
  expect(signup.status(), await signup.text()).toBe(200);
  const { user } = (await signup.json()) as { user: { id: string } };
  const token = new URL(await waitForMailLink(email, '/verificar-correo')).searchParams.get('token');
  const verified = await request.post('/api/auth/verify', { data: { token } });
  expect(verified.status()).toBe(200);
  const approve = await request.patch(`/api/admin/users/${user.id}/approval`, { data: { approved: true }, headers: { Authorization: `Bearer ${admin}` } });
  expect(approve.status(), await approve.text()).toBe(200);
  const signIn = await request.post('/api/auth/token?grant_type=password', { data: { email, password } });
  return { email, password, accessToken: ((await signIn.json()) as { access_token: string }).access_token };
}

/** No payload ran and no element of a payload made it into the DOM. */
async function expectNothingInjected(page: Page) {
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b[onmouseover]')).toHaveCount(0);
  expect(await page.evaluate(() => Array.from(document.querySelectorAll('script')).filter((s) => !s.src).map((s) => s.textContent))).toEqual([]);
}

test('HTML and JavaScript in product names, customer names and order notes render as text', async ({ page, browser, request }) => {
  const admin = await adminToken(request);
  const created = await request.post('/api/products', {
    data: { name: productName, price: 123_400, retail_price: 200_000, stock: 50, category: 'Seguridad' },
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string; name: string };
  expect(product.name).toBe(productName);

  const customer = await createHostileCustomer(request, admin);
  const order = await request.post('/api/orders', {
    data: { items: [{ product_id: product.id, quantity: 2 }], observaciones: hostileNotes, canjeado_con_puntos: false },
    headers: { Authorization: `Bearer ${customer.accessToken}` },
  });
  expect(order.status(), await order.text()).toBe(201);

  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(`XSS ${tag}`);
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(productName);
  await expectNothingInjected(page);

  await page.goto('/my-orders');
  await expect(page.getByText(hostileNotes)).toBeVisible();
  await expect(page.getByText(productName).first()).toBeVisible();
  await expectNothingInjected(page);

  // The admin sees the customer's name and the notes as typed.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await signInThroughForm(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await adminPage.goto('/admin?tab=pedidos');
  await expect(adminPage.getByText(hostileNombre).first()).toBeVisible();
  await expectNothingInjected(adminPage);
  await adminContext.close();

  expect(pageErrors).toEqual([]);
});

test('the Content-Security-Policy blocks an injected inline script and inline event handlers', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');

  await page.evaluate(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push({ directive: event.violatedDirective, sample: event.sample });
    });
    // What an attacker's stored payload would try once inside the page.
    const script = document.createElement('script');
    script.textContent = 'window.__inlineScriptRan = true;';
    document.head.appendChild(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onload="window.__inlineHandlerRan = true" onerror="window.__inlineHandlerRan = true">';
    document.body.appendChild(holder);
  });

  await expect.poll(() => page.evaluate(() => window.__cspViolations!.length)).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => window.__inlineScriptRan)).toBeUndefined();
  expect(await page.evaluate(() => window.__inlineHandlerRan)).toBeUndefined();
  const violations = await page.evaluate(() => window.__cspViolations!);
  expect(violations.every((v) => v.directive.startsWith('script-src'))).toBe(true);
  await expect.poll(() => consoleErrors.some((text) => /Content Security Policy/i.test(text) && /inline/i.test(text))).toBe(true);
});
