import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/accounts-helpers';

/** An admin who uploads a spreadsheet past a limit reads, in the import dialog, which limit it was. */

const SHOTS = '/tmp/shots/i35';

test('a spreadsheet with a 40,000-character cell is refused with the limit named, and nothing is imported', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin?tab=productos');
  await page.getByRole('button', { name: 'Importar planilla' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar catálogo desde una planilla' });
  const csv = `SKU;Nombre;Precio mayorista;Precio minorista\nLARGO-1;${'x'.repeat(40_000)};10;20\n`;
  await dialog.getByLabel('Archivo').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Simular importación' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'La celda B2 tiene más de 32.767 caracteres (el máximo de Excel). Acortala y volvé a subir el archivo.',
  );
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/import-cell-too-long-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/import-cell-too-long-390.png` });
});

test('the built server reads an honest file on its file thread (dist/import-worker.js)', async ({ request }) => {
  const login = await request.post('/api/auth/token?grant_type=password', {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const csv = `SKU;Nombre;Precio mayorista;Precio minorista\nHONESTO-${Date.now()};Producto honesto ${Date.now()};10;20\n`;
  const response = await request.post('/api/admin/products/import?dry_run=1', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ dry_run: true, created: 1, errors: [] });
});
