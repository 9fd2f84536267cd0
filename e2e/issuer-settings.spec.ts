import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenFor, openAdminTab } from './support/accounts-helpers';
import { auth, PHONE, WIDE } from './support/common';

/**
 * Who issues the documents (decision 082), as the owner fills it on Ajustes at 390 and 1280 px: a
 * CUIT with a wrong check digit refused next to its box, the four fields saved and read back, then
 * every box emptied and saved as not set (the other specs' documents keep their old header).
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const ISSUER_KEYS = ['business_razon_social', 'business_cuit', 'business_address', 'business_iva_condition'] as const;

/** The issuer as stored before the test, and a way to put it back whatever the test did (the other specs' documents). */
async function keepIssuer(request: APIRequestContext): Promise<() => Promise<void>> {
  const headers = auth(await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!));
  const read = await request.get('/api/admin/settings', { headers });
  expect(read.status(), await read.text()).toBe(200);
  const stored = (await read.json()) as Record<string, unknown>;
  const before = Object.fromEntries(ISSUER_KEYS.map((key) => [key, stored[key] ?? null]));
  return async () => {
    const restored = await request.put('/api/admin/settings', { headers, data: before });
    expect(restored.status(), await restored.text()).toBe(200);
  };
}

for (const viewport of [PHONE, WIDE]) {
  test(`the business's razón social, CUIT, domicilio and IVA condition saved on Ajustes, then emptied (${viewport.width} px)`, async ({ browser, request }) => {
    const width = viewport.width;
    const restoreIssuer = await keepIssuer(request);
    const context = await browser.newContext({ viewport, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
    try {
      const { page, serverErrors } = await openAdminTab(context, 'ajustes');
      const identity = page.getByTestId('business-identity-settings');
      const save = page.getByRole('button', { name: 'Guardar ajustes' });

      await identity.getByLabel('Razón social').fill('Distribuidora Ñandú S.R.L.');
      const cuit = identity.getByLabel('CUIT');
      await cuit.fill('30-71234567-2');
      await identity.getByLabel('Domicilio').fill('Av. Colón 1234, Córdoba');
      await identity.getByLabel('Condición frente al IVA').selectOption({ label: 'Responsable Inscripto' });
      await save.click();
      await expect(identity.getByText('El CUIT no es válido: revisá el dígito verificador.')).toBeVisible();
      await expect(cuit).toHaveAttribute('aria-invalid', 'true');
      if (SHOTS) await identity.screenshot({ path: `${SHOTS}/emisor-cuit-invalido-${width}.png` });

      await cuit.fill('30 71234567 1');
      await save.click();
      await expect(page.getByText('Ajustes guardados', { exact: true })).toBeVisible();
      await page.reload();
      await expect(identity.getByLabel('Razón social')).toHaveValue('Distribuidora Ñandú S.R.L.');
      await expect(identity.getByLabel('CUIT')).toHaveValue('30-71234567-1');
      await expect(identity.getByLabel('Condición frente al IVA')).toHaveValue('responsable_inscripto');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await shot(page, `ajustes-emisor-${width}`);
      if (SHOTS) await identity.screenshot({ path: `${SHOTS}/emisor-${width}.png` });

      // Every box emptied: saved as not set, read back empty.
      for (const label of ['Razón social', 'CUIT', 'Domicilio']) await identity.getByLabel(label).fill('');
      await identity.getByLabel('Condición frente al IVA').selectOption({ label: 'Sin indicar' });
      await save.click();
      await expect(page.getByText('Ajustes guardados', { exact: true }).first()).toBeVisible();
      await page.reload();
      for (const label of ['Razón social', 'CUIT', 'Domicilio', 'Condición frente al IVA']) await expect(identity.getByLabel(label)).toHaveValue('');

      expect(serverErrors).toEqual([]);
    } finally {
      await context.close();
      await restoreIssuer();
    }
  });
}
