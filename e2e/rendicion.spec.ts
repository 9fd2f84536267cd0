import { expect, test, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { inviteRep } from './support/staff-helpers';
import { auth, PHONE, WIDE } from './support/common';

/**
 * The reps' rendición at the office, in Chromium: a rep records a $ 480 cash payment on their phone;
 * the owner opens Cuentas corrientes → "Rendición de vendedores" (today), finds it under the rep's
 * cash with its receipt, confirms it from the keyboard and sees who confirmed it and when, also
 * after a reload. Screens at 390 and 1280 px (test-results/rendicion-*.png).
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

async function shoot(page: Page, name: string) {
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/rendicion-${name}-${size.width}.png`, fullPage: true });
  }
}

test('a rep records $ 480 in cash; the owner sees it in the day\'s rendición and confirms it', async ({ page, browser, request }) => {
  const ownerToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  // A name of their own: other specs' reps ("Vera Vendedora") collect today too.
  const surname = `Rendidor ${'abcdefghij'.split('').sort(() => Math.random() - 0.5).join('').slice(0, 6)}`;
  const rep = await inviteRep(request, page, ownerToken, () => page.getByLabel('Apellido').fill(surname));
  const repName = `Vera ${surname}`;
  const me = (await (await request.get('/api/auth/user', { headers: auth(rep.token) })).json()) as { user: { id: string } };
  const customer = await createApprovedCustomer(request, 'rendicion');
  const assigned = await request.patch(`/api/admin/users/${customer.id}/rep`, { headers: auth(ownerToken), data: { rep_id: me.user.id } });
  expect(assigned.status(), await assigned.text()).toBe(204);

  // The rep, on the phone: "Registrar cobro", $ 480 in cash.
  await page.goto('/login');
  await signInThroughForm(page, rep.email, rep.password);
  await page.goto(`/vendedor/clientes/${customer.id}`);
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Importe').fill('480');
  await dialog.getByRole('button', { name: 'Registrar cobranza' }).click();
  const done = dialog.getByTestId('payment-done');
  await expect(done).toContainText('Recibo N° 0001-');
  const receipt = /Recibo N° (0001-\d{8})/.exec((await done.textContent()) ?? '')?.[1];

  // The owner, in the office.
  const office = await browser.newContext({ viewport: PHONE, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', serviceWorkers: 'block' });
  const owner = await office.newPage();
  await owner.goto('/login');
  await signInThroughForm(owner, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await owner.goto('/admin?tab=cuentas');
  await expect(owner.getByRole('link', { name: 'Rendición de vendedores' })).toBeVisible();
  await shoot(owner, 'cuentas');
  await owner.setViewportSize(PHONE);
  await owner.getByRole('link', { name: 'Rendición de vendedores' }).click();
  await expect(owner.getByRole('heading', { name: 'Rendición de vendedores' })).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
  await expect(owner.getByLabel('Día')).toHaveValue(today);
  const card = owner.getByRole('region', { name: repName });
  await expect(card.getByLabel(`Totales de ${repName}`)).toContainText('Efectivo$ 480,00');
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('listitem')).toContainText(`Recibo N° ${receipt} · Efectivo`);
  await expect(card.getByRole('checkbox')).toBeChecked();
  await expect(card).toContainText('A confirmar: $ 480,00 (1 recibo)');
  await card.scrollIntoViewIfNeeded();
  await shoot(owner, 'antes');
  await owner.setViewportSize(PHONE);

  // From the keyboard: Tab from the receipt's checkbox to the button, Enter.
  await card.getByRole('checkbox').focus();
  await owner.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: `Confirmar rendición de ${repName}` })).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(card.getByRole('listitem')).toContainText(/Confirmado por .+ el \d\d\/\d\d \d\d:\d\d/);
  await expect(card).toContainText('Rendición confirmada');
  await expect(card.getByRole('button')).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByRole('region', { name: repName }).getByRole('listitem')).toContainText(/Confirmado por .+ el \d\d\/\d\d \d\d:\d\d/);
  await shoot(owner, 'confirmada');

  // The API agrees: confirmed once, who and when.
  const day = (await (await request.get(`/api/admin/collections?rep_id=${me.user.id}`, { headers: auth(ownerToken) })).json()) as { items: { amount: number; confirmed_at: string | null }[] };
  expect(day.items).toEqual([expect.objectContaining({ amount: 48_000, confirmed_at: expect.any(String) })]);
  await office.close();
});
