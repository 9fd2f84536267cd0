import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInThroughForm, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;

/** An approved customer with a name of its own, so the toast and the list can only show this order. */
async function createNamedCustomer(request: APIRequestContext, nombre: string) {
  const email = uniqueEmail('pedidos');
  const password = 'Clave-Cliente-E2E-2026';
  const signup = await request.post('/api/auth/signup', { data: { email, password, data: { nombre, apellido: 'Realtime', dni: uniqueDni() } } });
  expect(signup.status(), await signup.text()).toBe(200);
  const { user } = (await signup.json()) as { user: { id: string } };
  const token = new URL(await waitForMailLink(email, '/verificar-correo')).searchParams.get('token');
  expect((await request.post('/api/auth/verify', { data: { token } })).status()).toBe(200);
  const adminLogin = await request.post('/api/auth/token?grant_type=password', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const { access_token } = (await adminLogin.json()) as { access_token: string };
  const approve = await request.patch(`/api/admin/users/${user.id}/approval`, {
    data: { approved: true },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(approve.status(), await approve.text()).toBe(200);
  return { email, password };
}

test('an admin with /admin open sees a new order live: toast with the customer name and the order on top', async ({ browser, request }) => {
  const nombre = `Anabella${Date.now() % 100_000}`;
  const customer = await createNamedCustomer(request, nombre);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  // The channel opens as soon as the admin is signed in (the shell renders it on every page), and
  // its join reply can arrive before the sign-in form is gone: listen first, then wait for the
  // join, so the order cannot be placed before the subscription.
  const joined = new Promise<void>((resolve) => {
    adminPage.on('websocket', (ws) => {
      if (!ws.url().endsWith('/realtime')) return;
      ws.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (text.includes('"topic":"orders"') && text.includes('"event":"phx_reply"') && text.includes('"status":"ok"')) resolve();
      });
    });
  });
  await signInThroughForm(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(adminPage).not.toHaveURL(/\/login/);
  await joined;
  await adminPage.getByRole('link', { name: 'Panel de administración' }).first().click();
  await expect(adminPage).toHaveURL(/\/admin/);
  // The dashboard is the panel's first tab since the order-life work (decision 014).
  await adminPage.getByRole('tab', { name: 'Pedidos' }).click();
  const list = adminPage.getByRole('list', { name: 'Pedidos' }).or(adminPage.getByText('No hay pedidos que coincidan con los filtros.'));
  await expect(list.first()).toBeVisible();

  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto('/login');
  await signInThroughForm(customerPage, customer.email, customer.password);
  // The form sends the user on after signing in; navigate only once that has happened.
  await expect(customerPage).not.toHaveURL(/\/login/);
  await customerPage.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Catálogo' }).click();
  await customerPage.getByRole('button', { name: 'Agregar al carrito' }).first().click();
  // In-app navigation: a reload could come before the cart's debounced save.
  await customerPage.locator('a[href="/cart"]').first().click();
  // Placing the order opens WhatsApp in a new tab; that tab is not part of this test.
  customerContext.on('page', (popup) => void popup.close());
  await customerPage.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(customerPage.getByText('¡Pedido Realizado!').first()).toBeVisible();

  await expect(adminPage.getByText('¡Nuevo Pedido Recibido!', { exact: true })).toBeVisible({ timeout: 5000 });
  await expect(adminPage.getByText(`El cliente ${nombre} ha realizado un pedido.`, { exact: true })).toBeVisible();
  const firstRow = adminPage.getByRole('list', { name: 'Pedidos' }).getByRole('listitem').first();
  await expect(firstRow).toContainText(`${nombre} Realtime`);
  await expect(firstRow).toContainText('Pendiente');

  await customerContext.close();
  await adminContext.close();
});
