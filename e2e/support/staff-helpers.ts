import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, uniqueDni, uniqueEmail, waitForMailLink } from './accounts-helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The owner invites by e-mail; the person opens the link on their phone and sets their data; the link then refuses a second use. */
export async function inviteRep(request: APIRequestContext, page: Page, ownerToken: string, beforeSaving?: () => Promise<void>) {
  const email = uniqueEmail('vendedor');
  const password = 'Clave-Vendedor-E2E-2026';
  const invited = await request.post('/api/admin/staff/invitations', { headers: auth(ownerToken), data: { email, role: 'sales' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = new URL(await waitForMailLink(email, '/invitacion'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Nombre').fill('Vera');
  await page.getByLabel('Apellido').fill('Vendedora');
  await page.getByLabel('DNI').fill(uniqueDni());
  await page.getByLabel('Contraseña').fill(password);
  await beforeSaving?.();
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const again = await request.post('/api/auth/staff-invitation', { data: { token: link.searchParams.get('token'), password, nombre: 'Vera', apellido: 'Vendedora', dni: uniqueDni() } });
  expect(again.status()).toBe(400);
  expect(await again.json()).toMatchObject({ code: 'invalid_token' });
  return { email, password, token: await accessTokenFor(request, email, password) };
}
