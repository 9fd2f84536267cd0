import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createApprovedCustomer, openAdminTab } from './support/accounts-helpers';
import { PHONE, WIDE } from './support/common';

/**
 * A zone and the "Tu pedido llega hoy" settings with only what is required, as an admin fills them
 * at 390 and 1280 px (decision 061): every missing field named at once next to it, a minimum that
 * is not an amount refused on its field (it used to save the zone with no minimum), the zone edited
 * and given a customer, and the notice saved with its optional fields empty — the hour asked for,
 * never saved as midnight.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The page never overflows sideways (a phone would scroll the whole form). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const viewport of [PHONE, WIDE]) {
  test(`a zone with only its name and a day, edited and given a customer; the notice saved with empty optional fields (${viewport.width} px)`, async ({ browser, request }) => {
    const width = viewport.width;
    const customer = await createApprovedCustomer(request, `zona${width}`);
    const context = await browser.newContext({ viewport, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
    const { page, serverErrors } = await openAdminTab(context, 'repartos');
    await page.getByText('Zonas y feriados').click();
    const form = page.getByRole('form', { name: 'Nueva zona' });

    // Sent empty: the name and the days, both at once, next to their fields.
    await expect(form.getByLabel('Nombre')).toHaveAttribute('required', '');
    await form.getByRole('button', { name: 'Crear zona' }).click();
    await expect(form.getByText('Ingresá el nombre de la zona.')).toBeVisible();
    await expect(form.getByText('Elegí al menos un día de entrega para la zona.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await form.screenshot({ path: `${SHOTS ?? 'test-results'}/zona-vacia-${width}.png` });

    // A minimum that is not an amount is refused on its field, not saved as "no minimum".
    const name = `Zona mínima ${width} ${Date.now() % 100_000}`;
    await form.getByLabel('Nombre').fill(name);
    await form.getByRole('checkbox', { name: 'martes' }).check();
    await form.getByLabel('Pedido mínimo (opcional)').fill('abc');
    await form.getByRole('button', { name: 'Crear zona' }).click();
    await expect(form.getByText(/^Escribí el pedido mínimo en pesos/)).toBeVisible();
    await expect(page.getByTestId('zone-item').filter({ hasText: name })).toHaveCount(0);

    // Only the required fields: created, no minimum and no driver.
    await form.getByLabel('Pedido mínimo (opcional)').fill('');
    await form.getByRole('button', { name: 'Crear zona' }).click();
    const item = page.getByTestId('zone-item').filter({ hasText: name });
    await expect(item).toContainText('martes · día anterior 18:00 · 0 clientes');
    await shot(page, `zona-creada-${width}`);

    // Edited: a minimum, then cleared again.
    await item.getByRole('button', { name: `Editar la zona ${name}` }).click();
    await item.getByLabel('Pedido mínimo (opcional)').fill('25.000');
    await item.getByRole('button', { name: 'Guardar zona' }).click();
    await expect(item).toContainText('Pedido mínimo $ 25.000,00');
    await item.getByRole('button', { name: `Editar la zona ${name}` }).click();
    await item.getByLabel('Pedido mínimo (opcional)').fill('');
    await item.getByRole('button', { name: 'Guardar zona' }).click();
    await expect(item).not.toContainText('Pedido mínimo');

    // A customer in the zone, from their page, the stop position left empty.
    await page.goto(`/admin?tab=usuarios&cliente=${customer.id}`);
    const card = page.getByTestId('customer-zone');
    const zoneOption = card.getByLabel('Zona').locator('option', { hasText: name });
    await expect(zoneOption).toHaveCount(1); // the zones have loaded
    const option = (await zoneOption.textContent())!;
    await card.getByLabel('Zona').selectOption({ label: option });
    await card.getByRole('button', { name: 'Guardar zona' }).click();
    await expect(page.getByText('Zona guardada', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('customer-zone').getByLabel('Zona').locator('option:checked')).toHaveText(option);
    await shot(page, `cliente-zona-${width}`);

    // Ajustes: the notice's e-mail on, the hour cleared and the minimum left empty.
    await page.goto('/admin?tab=ajustes');
    const notice = page.getByTestId('delivery-notice-settings');
    await notice.getByLabel(/^Mandar un correo/).check();
    const hour = notice.getByLabel(/^Hora del aviso/);
    await hour.fill('');
    await page.getByLabel('Pedido mínimo', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await expect(notice.getByText('Ingresá la hora del aviso, de 0 a 23.')).toBeVisible();
    await expect(hour).toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);
    await notice.screenshot({ path: `${SHOTS ?? 'test-results'}/aviso-sin-hora-${width}.png` });
    // 23: the latest hour, so the notices of today's orders of other specs are not due meanwhile.
    await hour.fill('23');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await expect(page.getByText('Ajustes guardados', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('delivery-notice-settings').getByLabel(/^Hora del aviso/)).toHaveValue('23');
    await expect(page.getByLabel('Pedido mínimo', { exact: true })).toHaveValue('0,00');
    await shot(page, `ajustes-aviso-${width}`);
    // Back to the default: the other specs expect the e-mail off.
    await page.getByTestId('delivery-notice-settings').getByLabel(/^Mandar un correo/).uncheck();
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await expect(page.getByText('Ajustes guardados', { exact: true }).first()).toBeVisible();

    expect(serverErrors).toEqual([]);
    await context.close();
  });
}
