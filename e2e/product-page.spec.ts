import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { accessTokenFor, createApprovedCustomer, signInThroughForm } from './support/accounts-helpers';

// The wholesale-ordering work (decision 016) on a 390 × 844 phone: the product page, its images, the star and sharing.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SHOTS = '/work/coord/shots/18';
const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');

async function adminHeaders(request: APIRequestContext) {
  const token = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  return { Authorization: `Bearer ${token}` };
}

/** A product in packs of 12: $ 1.000,00 wholesale, $ 1.500,00 retail, with a description and codes. */
async function createProduct(request: APIRequestContext, tag: string) {
  const name = `Aceite Cocinero ${tag} ${randomBytes(3).toString('hex')} 900 ml`;
  const res = await request.post('/api/products', {
    headers: await adminHeaders(request),
    data: {
      name,
      price: 100_000,
      retail_price: 150_000,
      stock: 500,
      pack_size: 12,
      min_quantity: 12,
      sku: `ACE-${randomBytes(3).toString('hex')}`,
      barcode: `779${Date.now().toString().slice(-10)}`,
      category: 'Almacén',
      description: 'Aceite de girasol.\nCaja cerrada de 12 botellas.',
      discounts: [{ minQuantity: 48, discountType: 'percentage', discountValue: 10 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** Two real images, uploaded as the admin does: a wide one (the cover) and a square one. */
async function addImages(request: APIRequestContext, productId: string) {
  const headers = await adminHeaders(request);
  for (const [width, height, color] of [
    [1200, 900, '#d9a400'],
    [800, 800, '#2f6f3e'],
  ] as const) {
    const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
    const res = await request.post(`/api/products/${productId}/images`, {
      headers,
      multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function openFromCatalog(page: Page, name: string) {
  await page.goto('/catalog');
  await page.getByLabel('Buscar productos').fill(name);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a visitor opens the product page from the catalogue: retail price only, images, rules, stock, WhatsApp', async ({
  page,
  request,
}) => {
  const product = await createProduct(request, 'Visita');
  await addImages(request, product.id);
  await openFromCatalog(page, product.name);

  await expect(page).toHaveURL(/\/catalogo\/aceite-cocinero-visita-[a-z0-9-]+-900-ml-[0-9a-f]{12}$/);
  await expect(page.getByTestId('unit-price')).toHaveText(ars('Precio: $ 1.500,00'));
  await expect(page.getByText(ars('$ 1.000,00'))).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Descuentos por cantidad' })).toHaveCount(0);
  await expect(page.getByTestId('quantity-rules')).toContainText('Bulto x 12');
  await expect(page.getByTestId('product-stock')).toHaveText('Stock: 500 disponibles');
  await expect(page.getByText('Caja cerrada de 12 botellas.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toHaveCount(0);
  await expect(page.getByTestId('favorite-star')).toHaveCount(0);

  const share = page.getByRole('link', { name: `Compartir ${product.name} por WhatsApp (se abre en otra pestaña)` });
  const href = await share.getAttribute('href');
  expect(decodeURIComponent(href!.replace('https://wa.me/?text=', ''))).toBe(`${product.name} ${page.url()}`);

  const main = page.getByTestId('product-main-image');
  await expect(main).toHaveAttribute('srcset', /-160\.webp 160w, .*-400\.webp 400w, .*\.webp 800w$/);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/product-page-images-390.png`, fullPage: true, animations: 'disabled' });
  const second = page.getByRole('button', { name: 'Ver imagen 2 de 2' });
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(main).toHaveAttribute('alt', `${product.name}, imagen 2 de 2`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Ver imagen 1 de 2' }).click();
  await page.screenshot({ path: `${SHOTS}/product-page-images-1280.png`, fullPage: true, animations: 'disabled' });
});

test('a buyer: an old address becomes the current one; stars the product, adds 24 and finds it under Favoritos', async ({
  page,
  request,
}) => {
  const product = await createProduct(request, 'Compra');
  const customer = await createApprovedCustomer(request, 'ficha');
  await page.goto('/login');
  await signInThroughForm(page, customer.email, customer.password);

  const shortId = product.id.replace(/-/g, '').slice(0, 12);
  await page.goto(`/catalogo/nombre-viejo-${shortId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/catalogo/aceite-cocinero-compra-[a-z0-9-]+-${shortId}$`));
  await expect(page.getByTestId('unit-price')).toHaveText(ars('Precio: $ 1.000,00'));
  await expect(page.getByRole('list', { name: 'Descuentos por cantidad' })).toContainText('Desde 48 u.');

  const star = page.getByRole('button', { name: `Agregar ${product.name} a favoritos` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(page.getByRole('button', { name: `Quitar ${product.name} de favoritos` })).toHaveAttribute('aria-pressed', 'true');

  // Same quantity rules as the catalogue: 13 is refused, 24 is added.
  const quantity = page.getByLabel(`Cantidad: ${product.name}`);
  await expect(quantity).toHaveValue('12');
  await quantity.fill('13');
  await expect(page.getByTestId('quantity-problem')).toContainText('se vende en bultos de 12');
  await quantity.fill('24');
  await expect(page.getByTestId('quantity-problem')).toBeEmpty();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByRole('link', { name: /^Carrito:/ }).getByTestId('cart-count')).toHaveText('24');
  await page.screenshot({ path: `${SHOTS}/product-page-no-images-390.png`, fullPage: true, animations: 'disabled' });

  await page.goto('/catalog');
  await page.getByRole('button', { name: /Favoritos/ }).click();
  await expect(page.getByRole('button', { name: /Favoritos/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(
    page.getByRole('article', { name: product.name }).getByRole('button', { name: `Quitar ${product.name} de favoritos` }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/catalog-favorites-390.png`, animations: 'disabled' });
  await page.getByRole('button', { name: /Favoritos/ }).click();
  await expect(page.getByRole('button', { name: /Agregar .* a favoritos/ }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/catalog-stars-390.png`, animations: 'disabled' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Tarjetas' }).click();
  await page.screenshot({ path: `${SHOTS}/catalog-stars-1280.png`, animations: 'disabled' });
  await page.goto(`/catalogo/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${shortId}$`));
  await page.screenshot({ path: `${SHOTS}/product-page-no-images-1280.png`, fullPage: true, animations: 'disabled' });
});

test('an unknown or hidden product shows the Spanish not-found state with a way back', async ({ page, request }) => {
  await page.goto('/catalogo/no-existe-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este producto' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al catálogo' }).last().click();
  await expect(page).toHaveURL(/\/catalog$/);

  const hidden = await createProduct(request, 'Oculto');
  const res = await request.patch(`/api/products/${hidden.id}/enabled`, {
    headers: await adminHeaders(request),
    data: { is_enabled: false },
  });
  expect(res.status()).toBe(200);
  await page.goto(`/catalogo/${hidden.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este producto' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/product-page-not-found-390.png`, animations: 'disabled' });
});

test.describe('on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('the admin adds, reorders and removes images in the product editor; the page follows', async ({ page, request }) => {
    const product = await createProduct(request, 'Editor');
    await page.goto('/login');
    await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
    await page.goto('/admin?tab=productos');
    await page.getByLabel('Buscar productos').fill(product.name);
    await page.getByRole('button', { name: `Editar ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar producto' });
    const gallery = dialog.getByRole('group', { name: 'Imágenes' });
    await expect(gallery).toContainText('Este producto no tiene imágenes.');

    const file = gallery.getByLabel('Agregar imagen');
    for (const color of ['#c0392b', '#2471a3']) {
      const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
        .png()
        .toBuffer();
      await file.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer });
      await expect(gallery.getByRole('img')).toHaveCount(color === '#c0392b' ? 1 : 2);
    }
    const first = await gallery.getByRole('img', { name: 'Imagen 1' }).getAttribute('src');
    const second = await gallery.getByRole('img', { name: 'Imagen 2' }).getAttribute('src');
    await gallery.getByRole('button', { name: 'Subir la imagen 2' }).click();
    await expect(gallery.getByRole('img', { name: 'Imagen 1' })).toHaveAttribute('src', second!);
    await dialog.screenshot({ path: `${SHOTS}/gallery-editor-1280.png`, animations: 'disabled' });
    await gallery.getByRole('button', { name: 'Eliminar la imagen 2' }).click();
    await expect(gallery.getByRole('img')).toHaveCount(1);
    await expect(gallery.getByRole('img', { name: 'Imagen 1' })).toHaveAttribute('src', second!);

    // The product page shows the one image left, the second uploaded (its 160 px copy is the thumbnail).
    const res = await request.get(`/api/products/${product.id}`);
    const body = (await res.json()) as { images: { srcset: string }[]; product: { image_url: string } };
    expect(body.images).toHaveLength(1);
    expect(body.images[0]!.srcset.startsWith(second!)).toBe(true);
    expect(first).not.toBe(second);
  });
});
