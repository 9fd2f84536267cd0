import { expect, test } from '@playwright/test';
import { fillBusinessFields, signInThroughForm, uniqueCuit, uniqueDni, uniqueEmail, waitForMailLink } from './support/accounts-helpers';

test('register → e-mail link → sign in → pending → an admin approves → the customer sees Catálogo and Mis Pedidos', async ({ browser }) => {
  const email = uniqueEmail('cuentas');
  const password = 'Clave-Nueva-E2E-2026';
  const customer = await browser.newPage({ viewport: { width: 1280, height: 800 } });

  // Register through the form.
  await customer.goto('/register');
  await customer.getByLabel('Nombre', { exact: true }).fill('Mariana');
  await customer.getByLabel('Apellido').fill('Gómez');
  await customer.getByLabel('DNI').fill(uniqueDni());
  await customer.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await customer.getByLabel('Contraseña', { exact: true }).fill(password);
  await fillBusinessFields(customer, uniqueCuit());
  await customer.getByRole('button', { name: 'Registrarse' }).click();
  await expect(customer.getByRole('region', { name: /Notificaciones/ }).getByText('¡Registro exitoso!')).toBeVisible();
  await expect(customer.getByRole('region', { name: /Notificaciones/ }).getByText('Por favor, revisa tu correo para verificar tu cuenta.')).toBeVisible();

  // Unverified: sign-in is refused with a Spanish message and a way to resend the e-mail.
  await customer.goto('/login');
  await customer.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await customer.getByLabel('Contraseña', { exact: true }).fill(password);
  await customer.getByRole('button', { name: 'Ingresar' }).click();
  await expect(customer.getByRole('alert')).toContainText('verificar tu correo');
  await expect(customer.getByRole('button', { name: 'Reenviar correo de verificación' })).toBeVisible();

  // Open the link from the e-mail the real SMTP server received.
  const link = await waitForMailLink(email, '/verificar-correo');
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: '¡Correo verificado!' })).toBeVisible();

  // Sign out and sign in with the form: the account is pending approval.
  await customer.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(customer.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
  await customer.goto('/login');
  await signInThroughForm(customer, email, password);
  await customer.goto('/my-orders');
  await expect(customer.getByRole('heading', { name: 'Cuenta Pendiente de Aprobación' })).toBeVisible();
  await expect(customer.getByText('Tu cuenta será revisada por un administrador. Gracias por tu paciencia.')).toBeVisible();
  const nav = customer.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Catálogo' })).toHaveCount(0);

  // The e2e admin approves the account in /admin → Usuarios.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signInThroughForm(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Usuarios' }).click();
  await admin.getByLabel('Buscar usuarios').fill(email);
  const row = admin.getByRole('listitem').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pendiente')).toBeVisible();
  await row.getByRole('button', { name: 'Aprobar' }).click();
  await expect(admin.getByRole('region', { name: /Notificaciones/ }).getByText('Cuenta aprobada')).toBeVisible();
  await expect(row.getByText('Aprobado')).toBeVisible();
  await adminContext.close();

  // The customer reloads and has the approved navigation.
  await customer.reload();
  await expect(nav.getByRole('link', { name: 'Catálogo' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mis Pedidos' })).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Cuenta Pendiente de Aprobación' })).toHaveCount(0);
  await customer.close();
});

test('forgot password: the recovery e-mail link sets a new password and signs in', async ({ page, request }) => {
  const email = uniqueEmail('clave');
  const signup = await request.post('/api/auth/signup', { data: { email, password: 'Clave-Vieja-E2E-2026', data: { nombre: 'Rocío', apellido: 'Luna', dni: uniqueDni() } } });
  expect(signup.status()).toBe(200);
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Recuperar contraseña' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText(/Si hay una cuenta con ese correo/)).toBeVisible();
  const link = await waitForMailLink(email, '/restablecer-clave');
  await page.goto(link);
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('Clave-Recuperada-E2E-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('region', { name: /Notificaciones/ }).getByText('Contraseña actualizada')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hola, Rocío')).toBeVisible();
});
