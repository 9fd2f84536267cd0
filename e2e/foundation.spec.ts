import { expect, test } from '@playwright/test';

test('serves the SPA shell in Spanish with the configured catalogue name', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(page).toHaveTitle('Distribuidora E2E');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Distribuidora E2E`);
});

test('answers client routes on reload with the SPA and unknown paths with the not-found page', async ({ page }) => {
  await page.goto('/una/ruta/que/no/existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('runs with the strict CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('main')).toBeVisible();
  expect(violations).toEqual([]);
});
