import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';
import { auth, PHONE, WIDE } from './support/common';

/**
 * What a tester found at 390 and 1280 px: the cart's credit message said once and plainly in either
 * mode of "Si supera el crédito", no credit line for a Contado customer, and every tab of /admin
 * readable at 1280 px and usable by keyboard.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
}

async function productIdOf(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get('/api/products', { params: { search: name } });
  const { items } = (await res.json()) as { items: { id: string; name: string }[] };
  return items.find((p) => p.name === name)!.id;
}

/** A customer with these terms and limit, and one yerba ($ 4.200) in their saved cart. */
async function customerWithCart(request: APIRequestContext, adminToken: string, tag: string, credit: { payment_terms_days: number; credit_limit: number | null }) {
  const customer = await createApprovedCustomer(request, tag);
  const set = await request.patch(`/api/admin/users/${customer.id}/credit`, { headers: auth(adminToken), data: credit });
  expect(set.status(), await set.text()).toBe(200);
  const token = await accessTokenFor(request, customer.email, customer.password);
  const yerba = await productIdOf(request, 'Yerba Mate Playadito 1 kg');
  const saved = await request.put('/api/cart', { headers: auth(token), data: { cart_data: { [yerba]: 1 } } });
  expect(saved.status(), await saved.text()).toBe(200);
  return customer;
}

async function cartPage(browser: Browser, viewport: { width: number; height: number }, customer: { email: string; password: string }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.open = () => ({ opener: null }) as unknown as Window;
  });
  await signIn(page, customer.email, customer.password);
  await page.goto('/cart');
  return { context, page };
}

test('refused over the limit: one message with by how much and what to do, before and after "Realizar pedido", no "Reintentar"', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const rule = await request.put('/api/admin/settings', { headers: auth(adminToken), data: { credit_exceeded_action: 'refuse' } });
  expect(rule.status(), await rule.text()).toBe(200);
  // A limit of $ 1.000 and nothing owed: the yerba goes $ 3.200 over, and there is no balance to pay.
  const customer = await customerWithCart(request, adminToken, 'rechazo', { payment_terms_days: 30, credit_limit: 100_000 });
  for (const [viewport, name] of [[WIDE, '1280'], [PHONE, '390']] as const) {
    const { context, page } = await cartPage(browser, viewport, customer);
    const notice = page.getByTestId('credit-notice');
    await expect(notice).toContainText(ars('Se pasa por $ 3.200,00 de tu crédito disponible ($ 1.000,00).'));
    await expect(notice).toContainText('Así no se puede realizar: reducí el pedido.');
    await expect(notice).not.toContainText('pagá');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/credito-rechazo-carrito-${name}.png`, fullPage: true });
    const button = name === '390' ? page.getByTestId('checkout-bar').getByRole('button', { name: 'Realizar pedido' }) : page.getByRole('complementary').getByRole('button', { name: 'Realizar pedido' });
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/orders') && res.request().method() === 'POST');
    await button.click();
    expect((await answer).status()).toBe(422);
    await expect(button).toBeEnabled();
    await expect(page.getByText(/Se pasa por/)).toHaveCount(1);
    await expect(page.getByTestId('order-failure')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
    await expect(page.getByText('Error al crear el pedido')).toHaveCount(0);
    await expect(notice).toBeFocused();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/credito-rechazo-despues-${name}.png`, fullPage: name === '1280' });
    await context.close();
  }
});

test('held over the limit: it says the order can be placed and waits for the business; a Contado customer sees no credit line', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await accessTokenFor(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const hold = await request.put('/api/admin/settings', { headers: auth(adminToken), data: { credit_exceeded_action: 'hold' } });
  expect(hold.status(), await hold.text()).toBe(200);
  try {
    const held = await customerWithCart(request, adminToken, 'retener', { payment_terms_days: 30, credit_limit: 100_000 });
    const cash = await customerWithCart(request, adminToken, 'contado', { payment_terms_days: 0, credit_limit: null });
    for (const [viewport, name] of [[WIDE, '1280'], [PHONE, '390']] as const) {
      const { context, page } = await cartPage(browser, viewport, held);
      const notice = page.getByTestId('credit-notice');
      await expect(notice).toContainText(ars('Se pasa por $ 3.200,00 de tu crédito disponible ($ 1.000,00).'));
      await expect(notice).toContainText('Podés realizarlo igual: queda "Retenido por crédito" hasta que el negocio lo apruebe.');
      await expect(notice).not.toContainText(/reducí|pagá|continuar/i);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/credito-retener-carrito-${name}.png`, fullPage: true });
      await context.close();

      const cashCart = await cartPage(browser, viewport, cash);
      await expect(cashCart.page.getByTestId('credit-line')).toBeAttached();
      await expect(cashCart.page.getByTestId('credit-available')).toHaveCount(0);
      await expect(cashCart.page.getByText(/Sin límite/)).toHaveCount(0);
      if (SHOTS) await cashCart.page.screenshot({ path: `${SHOTS}/contado-carrito-${name}.png`, fullPage: true });
      await cashCart.context.close();

      const ownerContext = await browser.newContext({ viewport });
      const owner = await ownerContext.newPage();
      await signIn(owner, ADMIN_EMAIL, ADMIN_PASSWORD);
      await owner.goto(`/admin?tab=cuentas&cliente=${cash.id}`);
      await expect(owner.getByTestId('account-available')).toContainText('No tiene (contado)');
      await expect(owner.getByTestId('account-credit-limit')).toContainText('No tiene (contado)');
      if (SHOTS) await owner.screenshot({ path: `${SHOTS}/contado-cuenta-admin-${name}.png`, fullPage: true });
      await ownerContext.close();
    }
  } finally {
    await request.put('/api/admin/settings', { headers: auth(adminToken), data: { credit_exceeded_action: 'refuse' } });
  }
});

test("/admin: every tab whole inside the strip at 1280 and 390 px, and the arrow keys still walk them", async ({ browser }) => {
  for (const [viewport, name] of [[WIDE, '1280'], [PHONE, '390']] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin');
    const list = page.getByRole('tablist', { name: /./ });
    const tabs = list.getByRole('tab');
    await expect(tabs.last()).toHaveText('Actividad');
    // Nothing clipped: the strip does not scroll sideways, and each tab lies inside it with its whole label.
    const clipped = await list.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const cut = Array.from(el.querySelectorAll('[role="tab"]')).filter((tab) => {
        const r = tab.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || tab.scrollWidth > tab.clientWidth + 1;
      });
      return { scrolls: el.scrollWidth > el.clientWidth + 1, cut: cut.map((tab) => tab.textContent) };
    });
    expect(clipped).toEqual({ scrolls: false, cut: [] });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-pestanas-${name}.png` });
    await tabs.first().focus();
    await page.keyboard.press('End');
    await expect(tabs.last()).toBeFocused();
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Personal' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.first()).toBeFocused();
    await context.close();
  }
});
