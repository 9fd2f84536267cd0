import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;

test('a visitor who opens /cart is sent to /login and comes back to /cart after signing in', async ({ page }) => {
  await page.goto('/');
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await signInThroughForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Mis Pedidos' })).toBeVisible();
  // The redirect replaced the /cart entry: going back does not bounce through /login again.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('an approved customer who is not an admin is sent from /admin to /catalog', async ({ page, request }) => {
  const customer = await createApprovedCustomer(request, 'shell');
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' }).or(page.getByRole('button', { name: 'Abrir menú' })).first()).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('link', { name: 'Panel de administración' })).toHaveCount(0);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/esto/no/existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Crear una cuenta' })).toBeVisible();
});

test('logging out shows "Sesión cerrada" and returns home', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await signInThroughForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/my-orders');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('region', { name: /Notificaciones/ }).getByText('Sesión cerrada')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
});

test('the menu collapses on a 360 px screen and opens with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('link', { name: 'Registrarse' })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Registrarse' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Registrarse' })).toBeHidden();
  // Nothing overflows sideways at 360 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

async function screenshot(page: Page, name: string) {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

for (const width of [375, 1280]) {
  test(`screenshots of / and /catalog at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, `home-${width}`);
    await page.goto('/catalog');
    await expect(page.getByRole('main')).not.toContainText('Cargando página...');
    await page.waitForLoadState('networkidle');
    await screenshot(page, `catalog-${width}`);
  });
}

test('a page paints at once, opened directly or by a link: no page spinner first', async ({ page }) => {
  // Records whether the page-loading fallback is ever put on screen, from the first mutation on.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Cargando página...')) document.documentElement.dataset.sawPageSpinner = 'yes';
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const html = await (await page.request.get('/login')).text();
  // The login page's file: `login-…` since it carries the page and what it uses beyond the entry (build/code-splitting.ts).
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/login-[\w-]+\.js">/);

  for (const path of ['/login', '/catalog', '/esto/no/existe']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.sawPageSpinner ?? 'no'), path).toBe('no');
  }

  await expectDownloadDuringFade(page, false);
});

// The same when the fade outlasts the outlet's 400 ms fallback, as on a machine too busy to run it
// in time: the fallback ends it and no `animationend` comes (the test once read NaN then).
test('the next page downloads during the fade also when the fallback timer ends it', async ({ page }) => {
  await expectDownloadDuringFade(page, true);
});

/**
 * A navigation inside the app starts downloading the next page while the current one fades out,
 * not when the fade has ended (compared in the page's own clock, whatever the machine's speed). The
 * fade ends with its animation or with the outlet's fallback timer: either way the fading page
 * leaves the document, and that moment is recorded.
 */
async function expectDownloadDuringFade(page: Page, fadeOutlastsFallback: boolean) {
  await page.goto('/');
  if (fadeOutlastsFallback) {
    // Through the CSSOM: the app's CSP refuses inline style.
    await page.evaluate(() => {
      const sheet = document.styleSheets[0]!;
      sheet.insertRule('.page-leave { animation-duration: 2s !important; }', sheet.cssRules.length);
    });
  }
  await page.evaluate(() => {
    const data = document.documentElement.dataset;
    const ended = () => {
      data.leaveEndedAt ??= String(performance.now());
    };
    // Capturing on the document runs before React's own handler, which mounts the next page.
    document.addEventListener(
      'animationend',
      (event) => {
        if (event.target instanceof Element && event.target.classList.contains('page-leave')) ended();
      },
      true,
    );
    new MutationObserver(() => {
      if (document.querySelector('.page-leave')) data.sawLeave = 'yes';
      else if (data.sawLeave === 'yes') ended();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Registrarse' }).click();
  await expect(page.getByRole('heading', { name: 'Crear una cuenta' })).toBeVisible();
  const timing = await page.evaluate(() => ({
    sawLeave: document.documentElement.dataset.sawLeave,
    leaveEndedAt: Number(document.documentElement.dataset.leaveEndedAt),
    requestedAt: performance.getEntriesByType('resource').find((entry) => /\/assets\/register-page-[\w-]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(timing.sawLeave, 'the page faded out').toBe('yes');
  expect(timing.leaveEndedAt).toBeGreaterThan(0);
  expect(timing.requestedAt).toBeLessThan(timing.leaveEndedAt);
}

test('a page whose chunk fails to download says so inside the shell, and reloading recovers it', async ({ page }) => {
  await page.goto('/');
  await page.route('**/assets/login-*.js', (route) => route.abort('connectionreset'));
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Iniciar Sesión' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('No se pudo mostrar esta página.');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();

  await page.unroute('**/assets/login-*.js');
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
});

test('the focus ring is the brand colour from its first frame, also on a green button', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Ingresar' });
  const outline = () => submit.evaluate((el) => getComputedStyle(el).outlineColor);
  // Before the focus: the ring's colour is already there, so the focus does not fade it in from
  // the button's white text (transition-colors animates outline-color).
  expect(await outline()).toBe('rgb(15, 118, 110)');
  await page.getByLabel('Contraseña').focus();
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  expect(await outline()).toBe('rgb(15, 118, 110)');
  expect(await submit.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});
