import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { inviteRep } from './support/staff-helpers';
import { auth, businessDay, PHONE, WIDE } from './support/common';

/**
 * The reps' rendición at the office, in Chromium: a rep records a $ 480 cash payment on their phone
 * (and a cheque); the owner opens Cuentas corrientes → "Rendición de vendedores" (today), finds the
 * cash and the cheque with its number and bank, leaves the cheque unmarked (not handed in yet),
 * confirms the cash from the keyboard and sees who confirmed it and when, also after a reload; then
 * "Deshacer" puts the cash back among the receipts to confirm.
 * Screens at 390 and 1280 px (test-results/rendicion-*.png).
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

async function shoot(page: Page, name: string) {
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/rendicion-${name}-${size.width}.png`, fullPage: true });
  }
}

test('a rep records $ 480 in cash and a cheque; the owner confirms the cash handed in from the day\'s rendición', async ({ page, browser, request }) => {
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
  const cheque = await request.post(`/api/rep/customers/${customer.id}/payments`, {
    headers: auth(rep.token),
    data: { amount: 150_000, method: 'cheque', bank: 'Banco Nación', cheque_number: '12345678', cheque_date: businessDay(10), idempotency_key: randomUUID() },
  });
  expect(cheque.status(), await cheque.text()).toBe(201);

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
  const totals = card.getByLabel(`Totales de ${repName}`);
  await expect(totals).toContainText('Efectivo$ 480,00');
  await expect(totals).toContainText('Cheques (1 cheque)$ 1.500,00');
  await expect(totals).toContainText('Total$ 1.980,00');
  const cashItem = card.getByRole('listitem').filter({ hasText: `Recibo N° ${receipt} · Efectivo` });
  const chequeItem = card.getByRole('listitem').filter({ hasText: 'Cheque · N° 12345678 · Banco Nación · paga el' });
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(cashItem.getByRole('checkbox')).toBeChecked();
  await expect(card).toContainText('A confirmar: $ 1.980,00 (2 recibos)');
  // The cheque stays with the rep until tomorrow: not marked, not confirmed.
  await chequeItem.getByRole('checkbox').uncheck();
  await expect(card).toContainText('A confirmar: $ 480,00 (1 recibo)');
  await card.scrollIntoViewIfNeeded();
  await shoot(owner, 'antes');
  await owner.setViewportSize(PHONE);

  // From the keyboard: Tab from the last checkbox to the button, Enter.
  await chequeItem.getByRole('checkbox').focus();
  await owner.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: `Confirmar rendición de ${repName}` })).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(cashItem).toContainText(/Confirmado por .+ el \d\d\/\d\d \d\d:\d\d/);
  await expect(chequeItem).not.toContainText('Confirmado');
  await expect(card).toContainText('Falta confirmar 1 recibo');
  await owner.reload();
  await expect(cashItem).toContainText(/Confirmado por .+ el \d\d\/\d\d \d\d:\d\d/);
  await expect(chequeItem.getByRole('checkbox')).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await shoot(owner, 'confirmada');

  // The API agrees: confirmed once, who and when.
  const day = (await (await request.get(`/api/admin/collections?rep_id=${me.user.id}`, { headers: auth(ownerToken) })).json()) as { items: { amount: number; confirmed_at: string | null }[] };
  expect(day.items).toEqual([
    expect.objectContaining({ amount: 48_000, confirmed_at: expect.any(String) }),
    expect.objectContaining({ amount: 150_000, method: 'cheque', confirmed_at: null }),
  ]);

  // "Deshacer": the cash turns out not to have been handed in after all; it is to confirm again.
  await cashItem.getByRole('button', { name: `Deshacer la confirmación del recibo N° ${receipt}` }).click();
  // Back unticked, with the focus on it: the next "Confirmar rendición" does not repeat the mistake.
  await expect(cashItem.getByRole('checkbox')).not.toBeChecked();
  await expect(cashItem.getByRole('checkbox')).toBeFocused();
  await expect(card).toContainText('Faltan confirmar 2 recibos');
  await expect(card.getByRole('button', { name: `Confirmar rendición de ${repName}` })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(owner, 'deshecha');
  const undone = (await (await request.get(`/api/admin/collections?rep_id=${me.user.id}`, { headers: auth(ownerToken) })).json()) as { items: { confirmed_at: string | null }[] };
  expect(undone.items.map((c) => c.confirmed_at)).toEqual([null, null]);
  await office.close();
});
