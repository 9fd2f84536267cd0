import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

// Intl formats ARS with a no-break space after "$".
const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');

declare global {
  interface Window {
    __openedUrls: string[];
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signInThroughForm(page, email, password);
}

/** Finds a demo product in the catalogue and adds `quantity` units through its card. */
async function addFromCatalog(page: Page, name: string, quantity: number) {
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(name);
  // Wait for the search to settle: a card re-rendered by late results would reset its quantity.
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article', { name });
  const quantityInput = card.getByLabel(`Cantidad: ${name}`);
  await quantityInput.fill(String(quantity));
  await expect(quantityInput).toHaveValue(String(quantity));
  await card.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText(`${name} se ha añadido al carrito.`, { exact: true })).toBeVisible();
}

test('an approved customer fills the cart, places an order, gets the WhatsApp message, sees it in Mis Pedidos and downloads its PDF', async ({
  page,
  request,
}) => {
  const customer = await createApprovedCustomer(request, 'pedidos');
  // Record the WhatsApp window instead of leaving the app; a non-null answer means "not blocked".
  await page.addInitScript(() => {
    window.__openedUrls = [];
    window.open = (url?: string | URL) => {
      window.__openedUrls.push(String(url));
      return { opener: null } as unknown as Window;
    };
  });
  await signIn(page, customer.email, customer.password);

  // Demo catalogue: Yerba 4200,00 with 5 % from 6 and 8 % from 12; Azúcar 1190,00 with 1100,00 from 10.
  await addFromCatalog(page, 'Yerba Mate Playadito 1 kg', 6);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PUT');
  await addFromCatalog(page, 'Azúcar Ledesma 1 kg', 1);
  const cartLink = page.getByRole('link', { name: /^Carrito:/ });
  await expect(cartLink).toHaveAccessibleName(ars('Carrito: 7 unidades, $ 25.130,00'));
  await expect(cartLink.getByTestId('cart-count')).toHaveText('7');
  expect((await saved).status()).toBe(200);

  // The cart lives on the server: a reload shows the same lines with tier prices and hints.
  await page.goto('/cart');
  await page.reload();
  const yerbaLine = page.getByTestId('cart-line').filter({ hasText: 'Yerba Mate Playadito 1 kg' });
  await expect(yerbaLine.getByTestId('unit-price')).toHaveText(ars('$ 3.990,00'));
  await expect(yerbaLine.getByTestId('next-tier-hint')).toHaveText(ars('Agregá 6 más para pagar $ 3.864,00 c/u'));
  await expect(yerbaLine.getByTestId('line-total')).toHaveText(ars('$ 23.940,00'));
  const azucarLine = page.getByTestId('cart-line').filter({ hasText: 'Azúcar Ledesma 1 kg' });
  await expect(azucarLine.getByTestId('next-tier-hint')).toHaveText(ars('Agregá 9 más para pagar $ 1.100,00 c/u'));
  await expect(page.getByTestId('cart-savings')).toHaveText(ars('$ 1.260,00'));
  await expect(page.getByTestId('cart-page-total')).toHaveText(ars('$ 25.130,00'));

  await page.getByLabel('Observaciones').fill('Entregar por la mañana');
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page.getByText('¡Pedido Realizado!', { exact: true })).toBeVisible();
  const confirmation = page.getByTestId('order-confirmation');
  await expect(confirmation).toContainText('pendiente de aprobación');
  const number = (await confirmation.getByRole('heading').textContent())!.match(/#([0-9a-f]{8})/)![1]!;
  await expect(cartLink.getByTestId('cart-count')).toHaveText('0');

  const opened = await page.evaluate(() => window.__openedUrls);
  expect(opened).toHaveLength(1);
  const url = new URL(opened[0]!);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5491122334455');
  const text = url.searchParams.get('text')!;
  expect(text).toContain(`#${number}`);
  expect(text).toContain('Cliente Prueba');
  expect(text).toContain(customer.email);
  expect(text).toContain(ars('6 x Yerba Mate Playadito 1 kg: $ 23.940,00'));
  expect(text).toContain(ars('1 x Azúcar Ledesma 1 kg: $ 1.190,00'));
  expect(text).toContain('Entregar por la mañana');
  expect(text).toContain(ars('$ 1.260,00'));
  expect(text).toContain(ars('*Total:* $ 25.130,00'));
  expect(text).not.toContain('CANJEADO CON PUNTOS');

  // Mis Pedidos shows it, and its PDF (made on the server) carries the order number.
  await page.getByRole('link', { name: 'Mis Pedidos' }).first().click();
  const card = page.getByTestId('order-card').filter({ hasText: `Pedido #${number}` });
  await expect(card).toContainText('Pendiente');
  await expect(card).toContainText(ars('$ 25.130,00'));
  const downloadPromise = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Descargar PDF' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`pedido-${number}.pdf`);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await download.path())!)));
  const { text: pdfText } = await extractText(pdf, { mergePages: true });
  expect(pdfText).toContain(`Pedido #${number}`);
  expect(pdfText).toContain('Yerba Mate Playadito 1 kg');
});

test('a points order the balance does not cover shows the spec message and keeps the cart', async ({ page, request }) => {
  const customer = await createApprovedCustomer(request, 'puntos');
  await signIn(page, customer.email, customer.password);
  await addFromCatalog(page, 'Harina 000 Morixe 1 kg', 2);
  await page.goto('/cart');
  const points = page.getByRole('checkbox', { name: /Pagar con puntos/ });
  await expect(page.getByText(ars('Tu saldo: $ 0,00'))).toBeVisible();
  await points.check();
  await page.getByRole('button', { name: 'Realizar pedido' }).click();
  const toastItem = page.getByRole('listitem').filter({ hasText: 'Error al crear el pedido' });
  await expect(toastItem).toContainText('Puntos Insuficientes: No tienes suficientes puntos para canjear este pedido.');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const token = await request.post('/api/auth/token?grant_type=password', { data: { email: customer.email, password: customer.password } });
  const { access_token } = (await token.json()) as { access_token: string };
  const list = await request.get('/api/orders', { headers: { Authorization: `Bearer ${access_token}` } });
  const orders = ((await list.json()) as { items: unknown[] }).items.length;
  expect(orders).toBe(0);
});
