import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@mayorista/core/messages';
import type { Product, ProductInput, ProductListResponse } from '@mayorista/core/schemas/product';
import { products } from '../src/db/schema';
import { createCatalogueViewers, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'mayorista-products-uploads-'));
const ctx = await setupTestApp({ env: { UPLOADS_DIR: uploadsDir } });

let admin: TestUser;
let customer: TestUser;
let pendingCustomer: TestUser;

beforeAll(async () => {
  ({ admin, customer, pendingCustomer } = await createCatalogueViewers(ctx));
});

let nameCounter = 0;
const uniqueName = (prefix = 'Producto') => `${prefix} ${++nameCounter} ${Math.random().toString(36).slice(2, 8)}`;

const validInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: uniqueName(),
  price: 10_000,
  retail_price: 15_000,
  on_sale: false,
  sale_price: null,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [],
  stock: 10,
  has_unlimited_stock: false,
  is_enabled: true,
  ...overrides,
});

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: validInput(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

async function list(query: string, user?: TestUser): Promise<ProductListResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}`, headers: user?.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductListResponse>();
}

/** Sends a marked products_changed NOTIFY and waits for this process to receive it. */
async function notifiedMarker(context: typeof ctx): Promise<void> {
  const marker = `marker-${Math.random()}`;
  let stop = () => {};
  const arrived = new Promise<void>((resolve) => {
    stop = context.app.catalogueCache.onInvalidate((payload) => payload === marker && resolve());
  });
  await context.pool.query(`select pg_notify('products_changed', $1)`, [marker]);
  await arrived;
  stop();
}

const productCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
const rowOf = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0];

describe('GET /api/products — visibility', () => {
  it('never shows disabled products to anyone but an admin who asks for them', async () => {
    const tag = uniqueName('Visibilidad');
    const enabled = await createProduct({ name: `${tag} visible` });
    const disabled = await createProduct({ name: `${tag} oculto`, is_enabled: false });
    const search = `search=${encodeURIComponent(tag)}`;
    const idsFor = async (query: string, user?: TestUser) => (await list(query, user)).items.map((p) => p.id).sort();

    expect(await idsFor(search)).toEqual([enabled.id]);
    expect(await idsFor(`${search}&include_disabled=1`)).toEqual([enabled.id]);
    expect(await idsFor(`${search}&include_disabled=1`, customer)).toEqual([enabled.id]);
    expect(await idsFor(`${search}&include_disabled=1`, pendingCustomer)).toEqual([enabled.id]);
    expect(await idsFor(search, admin)).toEqual([enabled.id]);
    expect(await idsFor(`${search}&include_disabled=1`, admin)).toEqual([enabled.id, disabled.id].sort());
  });

  it('answers the API shape: snake_case, integer centavos, image_url null; wholesale fields only for approved customers', async () => {
    const created = await createProduct({ discounts: [{ minQuantity: 6, discountType: 'percentage', discountValue: 10 }] });
    const query = `search=${encodeURIComponent(created.name)}`;
    const retail = { id: created.id, name: created.name, retail_price: 15_000, image_url: null, is_enabled: true };
    const [wholesaleItem] = (await list(query, customer)).items;
    expect(wholesaleItem).toMatchObject({
      ...retail,
      price: 10_000,
      discounts: [{ minQuantity: 6, discountType: 'percentage', discountValue: 10 }],
    });
    for (const viewer of [undefined, pendingCustomer]) {
      const [retailItem] = (await list(query, viewer)).items;
      expect(retailItem).toMatchObject(retail);
      expect(Object.keys(retailItem!)).not.toEqual(expect.arrayContaining(['price']));
      for (const field of ['price', 'sale_price', 'on_sale', 'discounts']) expect(retailItem).not.toHaveProperty(field);
    }
  });

  it('hides a disabled product from the categories list of non-admins', async () => {
    const category = uniqueName('Categoría oculta');
    await createProduct({ category, is_enabled: false });
    const publicCategories = await ctx.app.inject({ method: 'GET', url: '/api/products/categories?include_disabled=1', headers: customer.headers });
    expect(publicCategories.json<{ items: string[] }>().items).not.toContain(category);
    const adminCategories = await ctx.app.inject({ method: 'GET', url: '/api/products/categories?include_disabled=1', headers: admin.headers });
    expect(adminCategories.json<{ items: string[] }>().items).toContain(category);
  });
});

describe('GET /api/products — who is asking, and what a repeat costs', () => {
  it('looks a signed-in caller up, and answers a repeated page from memory with no catalogue query', async () => {
    const textOf = (call: unknown[]) => String(call[0] && typeof call[0] === 'object' ? (call[0] as { text: string }).text : call[0]);
    // NOTIFYs arrive in commit order: once this one is in, no earlier test's change can land mid-test.
    await notifiedMarker(ctx);
    const queries = vi.spyOn(ctx.pool, 'query');
    await list('page=1&page_size=5', customer);
    await list('page=1&page_size=5', customer);
    const issued = queries.mock.calls.map(textOf);
    queries.mockRestore();
    // Two session lookups (one per request) and at most one page + one count between them: the
    // count may already be remembered from an earlier test, the page was not.
    expect(issued.filter((q) => /from sessions/.test(q))).toHaveLength(2);
    const catalogue = issued.filter((q) => /from products/.test(q));
    expect(catalogue.length).toBeGreaterThanOrEqual(1);
    expect(catalogue.length).toBeLessThanOrEqual(2);
    expect(catalogue.filter((q) => /limit/.test(q))).toHaveLength(1);
  });

  it('still looks the caller up for include_disabled: admins see disabled products, customers do not', async () => {
    const hidden = await ctx.db
      .insert(products)
      .values({ name: uniqueName('Oculto'), price: 1_000, retailPrice: 2_000, isEnabled: false })
      .returning({ id: products.id });
    const search = `search=${encodeURIComponent('Oculto')}&include_disabled=1&page_size=100`;
    expect((await list(search, admin)).items.map((p) => p.id)).toContain(hidden[0]!.id);
    expect((await list(search, customer)).items.map((p) => p.id)).not.toContain(hidden[0]!.id);
    expect((await list(search)).items.map((p) => p.id)).not.toContain(hidden[0]!.id);
  });
});

describe('GET /api/products — search, filters, order, pages', () => {
  it('finds names ignoring accents and case, and treats % and _ literally', async () => {
    const tag = `Búsqueda${Math.random().toString(36).slice(2, 7)}`;
    const sugar = await createProduct({ name: `Azúcar ${tag}` });
    const percent = await createProduct({ name: `Promo 10% ${tag}` });
    await createProduct({ name: `Promo 100 ${tag}` });
    await createProduct({ name: `Tapa_roja ${tag}` });
    await createProduct({ name: `Tapa roja ${tag}` });

    expect((await list(`search=${encodeURIComponent(`azucar ${tag}`)}`)).items.map((p) => p.id)).toEqual([sugar.id]);
    expect((await list(`search=${encodeURIComponent(`AZÚCAR ${tag.toUpperCase()}`)}`)).items.map((p) => p.id)).toEqual([sugar.id]);
    expect((await list(`search=${encodeURIComponent(`10% ${tag}`)}`)).items.map((p) => p.id)).toEqual([percent.id]);
    expect((await list(`search=${encodeURIComponent(`Tapa_roja`)}`)).items.map((p) => p.name)).toEqual([`Tapa_roja ${tag}`]);
  });

  it('sorts by name in Spanish: accents beside their letter, ñ after n, case ignored', async () => {
    const tag = `Orden${Math.random().toString(36).slice(2, 7)}`;
    for (const name of ['Zapallo', 'Ñoquis', 'Oca', 'Nuez', 'aceite', 'Ámbar', 'Azúcar']) {
      await createProduct({ name: `${tag} ${name}` });
    }
    const names = (await list(`search=${tag}`)).items.map((p) => p.name.slice(tag.length + 1));
    expect(names).toEqual(['aceite', 'Ámbar', 'Azúcar', 'Nuez', 'Ñoquis', 'Oca', 'Zapallo']);
  });

  it('filters by category, stock and sale (the sale flag the viewer sees)', async () => {
    const category = uniqueName('Filtros');
    const wholesaleSale = await createProduct({ category, on_sale: true, sale_price: 9_000, stock: 0 });
    const retailSale = await createProduct({ category, on_sale_retail: true, sale_price_retail: 14_000, stock: 3 });
    const unlimited = await createProduct({ category, stock: 0, has_unlimited_stock: true });
    const ids = async (query: string, user?: TestUser) =>
      (await list(`category=${encodeURIComponent(category)}&${query}`, user)).items.map((p) => p.id).sort();

    expect(await ids('')).toHaveLength(3);
    expect(await ids('in_stock=1')).toEqual([retailSale.id, unlimited.id].sort());
    expect(await ids('on_sale=1', customer)).toEqual([wholesaleSale.id]);
    expect(await ids('on_sale=1')).toEqual([retailSale.id]);
    expect(await ids('on_sale=1', pendingCustomer)).toEqual([retailSale.id]);

    const categories = await ctx.app.inject({ method: 'GET', url: '/api/products/categories' });
    expect(categories.json<{ items: string[] }>().items).toContain(category);
  });

  it('pages through every match exactly once with the right total', async () => {
    const tag = `Pagina${Math.random().toString(36).slice(2, 7)}`;
    await ctx.db.insert(products).values(
      Array.from({ length: 130 }, (_, i) => ({ name: `${tag} ${String(i).padStart(3, '0')}`, price: 100 + i, retailPrice: 200 + i })),
    );
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const result = await list(`search=${tag}&page=${page}&page_size=50`);
      expect(result).toMatchObject({ total: 130, page, page_size: 50 });
      seen.push(...result.items.map((p) => p.name));
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    expect(seen[0]).toBe(`${tag} 000`);
    expect(seen[129]).toBe(`${tag} 129`);

    const beyond = await list(`search=${tag}&page=9&page_size=50`);
    expect(beyond).toMatchObject({ items: [], total: 130 });
    expect((await list(`search=${tag}`)).items).toHaveLength(48);
  });

  it('answers a page of a 5,000-product catalogue with a fixed number of queries (no per-row work)', async () => {
    const tag = `Masivo${Math.random().toString(36).slice(2, 7)}`;
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      name: `${tag} ${String(i).padStart(4, '0')}`,
      price: 1_000 + i,
      retailPrice: 2_000 + i,
      category: i % 2 === 0 ? 'Par' : 'Impar',
    }));
    for (let i = 0; i < rows.length; i += 1_000) await ctx.db.insert(products).values(rows.slice(i, i + 1_000));
    await ctx.pool.query('analyze products');

    // Speed is measured in `npm run bench`; here we check the shape: a search is one statement
    // that carries its own total (the catalogue-at-scale work, decision 008), never a query per row.
    const queries = vi.spyOn(ctx.pool, 'query');
    const firstPage = await list(`search=${tag}&page_size=100`);
    const issued = queries.mock.calls.length;
    queries.mockRestore();
    expect(firstPage.total).toBe(5_000);
    expect(firstPage.items).toHaveLength(100);
    expect(firstPage.items[99]!.name).toBe(`${tag} 0099`);
    expect(issued).toBe(1);
    await ctx.db.delete(products).where(sql`${products.name} like ${`${tag}%`}`);
  });

  it.each([
    ['page_size=101', 'El tamaño de página no puede superar 100.'],
    ['page=0', 'La página debe ser 1 o mayor.'],
    ['page=abc', 'La página debe ser un número.'],
    ['on_sale=yes', 'Usá 1 o 0 en los filtros.'],
  ])('refuses the query %s with 400 and a Spanish message', async (query, message) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', message });
  });
});

describe('product writes are for admins only', () => {
  const attempts = (id: string) =>
    [
      { method: 'POST', url: '/api/products', payload: validInput() },
      { method: 'PUT', url: `/api/products/${id}`, payload: validInput({ name: 'Cambiado por un cliente' }) },
      { method: 'PATCH', url: `/api/products/${id}/enabled`, payload: { is_enabled: false } },
      { method: 'DELETE', url: `/api/products/${id}` },
    ] as const;

  it.each([
    ['anonymous', undefined, 401, 'not_authenticated'],
    ['pending customer', () => pendingCustomer, 403, 'not_approved'],
    ['approved customer', () => customer, 403, 'forbidden'],
  ] as const)('refuses a %s and changes nothing', async (_label, who, status, code) => {
    const target = await createProduct();
    const before = await rowOf(target.id);
    const countBefore = await productCount();
    for (const attempt of attempts(target.id)) {
      const response = await ctx.app.inject({ ...attempt, headers: who?.().headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(status);
      expect(response.json()).toMatchObject({ code });
    }
    expect(await productCount()).toBe(countBefore);
    expect(await rowOf(target.id)).toEqual(before);
  });

  it('lets a super admin write too', async () => {
    const superAdmin = await createVerifiedUser(ctx, { is_super_admin: true });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: superAdmin.headers, payload: validInput() });
    expect(response.statusCode).toBe(201);
  });
});

describe('product validation', () => {
  const tiers = (...list: { minQuantity: number; discountType: 'fixed' | 'percentage' | 'final_price'; discountValue: number }[]) =>
    list;

  it.each([
    ['a missing name', { name: undefined }, 'El nombre es obligatorio.'],
    ['a blank name', { name: '   ' }, 'El nombre es obligatorio.'],
    ['a zero price', { price: 0 }, 'El precio debe ser mayor que cero.'],
    ['a negative retail price', { retail_price: -5 }, 'El precio debe ser mayor que cero.'],
    ['a price with fractions of a centavo', { price: 100.5 }, 'El importe debe estar en centavos enteros.'],
    ['a sale price equal to the price', { on_sale: true, sale_price: 10_000 }, 'El precio de oferta debe ser menor que el precio mayorista.'],
    ['on sale without a sale price', { on_sale: true, sale_price: null }, 'Ingresá el precio de oferta.'],
    [
      'a retail sale price above the retail price',
      { on_sale_retail: true, sale_price_retail: 20_000 },
      'El precio de oferta minorista debe ser menor que el precio minorista.',
    ],
    ['a tier for one unit', { discounts: tiers({ minQuantity: 1, discountType: 'fixed', discountValue: 100 }) }, 'La cantidad mínima de un descuento debe ser al menos 2.'],
    [
      'a fractional tier quantity',
      { discounts: tiers({ minQuantity: 2.5, discountType: 'fixed', discountValue: 100 }) },
      'La cantidad mínima debe ser un número entero.',
    ],
    [
      'two tiers with the same quantity',
      {
        discounts: tiers(
          { minQuantity: 6, discountType: 'fixed', discountValue: 100 },
          { minQuantity: 6, discountType: 'percentage', discountValue: 10 },
        ),
      },
      'Cada descuento debe tener una cantidad mínima distinta.',
    ],
    ['a 100 % discount', { discounts: tiers({ minQuantity: 6, discountType: 'percentage', discountValue: 100 }) }, 'El porcentaje debe estar entre 0 y 100.'],
    ['a 0 % discount', { discounts: tiers({ minQuantity: 6, discountType: 'percentage', discountValue: 0 }) }, 'El valor del descuento debe ser mayor que cero.'],
    [
      'a fixed discount as large as the price',
      { discounts: tiers({ minQuantity: 6, discountType: 'fixed', discountValue: 10_000 }) },
      'El descuento fijo debe ser menor que el precio mayorista.',
    ],
    [
      'a final price above the price',
      { discounts: tiers({ minQuantity: 6, discountType: 'final_price', discountValue: 12_000 }) },
      'El precio final debe ser menor que el precio mayorista.',
    ],
    ['negative stock', { stock: -1 }, 'El stock no puede ser negativo.'],
    ['fractional stock', { stock: 1.5 }, 'El stock debe ser un número entero.'],
  ] as const)('refuses %s with 400, a Spanish message and no write', async (_label, overrides, message) => {
    const countBefore = await productCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { ...validInput(), ...overrides },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', message });
    expect(await productCount()).toBe(countBefore);
  });

  it('refuses fields it does not know (no mass assignment of image_path, id …)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { ...validInput(), image_path: '../../etc/passwd' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a name that exists ignoring case and accents with 409, on create and on update', async () => {
    const base = uniqueName('Azúcar');
    await createProduct({ name: base });
    const twin = base.replace('Azúcar', 'AZUCAR');
    const create = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: validInput({ name: twin }) });
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual({ code: 'product_name_taken', message: messages.products.nameTaken });

    const other = await createProduct();
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${other.id}`,
      headers: admin.headers,
      payload: validInput({ name: twin }),
    });
    expect(update.statusCode).toBe(409);
    expect((await rowOf(other.id))?.name).toBe(other.name);
  });

  it('accepts unlimited stock and keeps tiers as given', async () => {
    const discounts = tiers(
      { minQuantity: 6, discountType: 'fixed', discountValue: 500 },
      { minQuantity: 12, discountType: 'percentage', discountValue: 12.5 },
      { minQuantity: 24, discountType: 'final_price', discountValue: 7_000 },
    );
    const created = await createProduct({ has_unlimited_stock: true, stock: 0, discounts });
    expect(created).toMatchObject({ has_unlimited_stock: true, discounts });
  });
});

describe('update, enable/disable, delete', () => {
  it('updates every field and keeps the image', async () => {
    const created = await createProduct();
    await ctx.db.update(products).set({ imagePath: '00000000-0000-4000-8000-000000000000.webp' }).where(eq(products.id, created.id));
    const changes = validInput({ name: uniqueName('Actualizado'), price: 20_000, on_sale: true, sale_price: 18_000, category: 'Bebidas', sku: 'B-1' });
    const response = await ctx.app.inject({ method: 'PUT', url: `/api/products/${created.id}`, headers: admin.headers, payload: changes });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: changes.name,
      price: 20_000,
      sale_price: 18_000,
      category: 'Bebidas',
      sku: 'B-1',
      image_url: '/uploads/00000000-0000-4000-8000-000000000000.webp',
    });
  });

  it('disables and enables a product', async () => {
    const created = await createProduct();
    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/products/${created.id}/enabled`, headers: admin.headers, payload: { is_enabled: false } });
    expect(off.json()).toMatchObject({ is_enabled: false });
    expect((await list(`search=${encodeURIComponent(created.name)}`)).items).toHaveLength(0);
    const on = await ctx.app.inject({ method: 'PATCH', url: `/api/products/${created.id}/enabled`, headers: admin.headers, payload: { is_enabled: true } });
    expect(on.json()).toMatchObject({ is_enabled: true });
    expect((await list(`search=${encodeURIComponent(created.name)}`)).items).toHaveLength(1);

    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/products/${created.id}/enabled`, headers: admin.headers, payload: { is_enabled: 'no' } });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 in Spanish for an unknown product and 400 for a malformed id', async () => {
    const unknown = '6f1c1f5e-4d7e-4a53-9d0f-2a4c8b7e9a10';
    for (const request of [
      { method: 'PUT', url: `/api/products/${unknown}`, payload: validInput() },
      { method: 'PATCH', url: `/api/products/${unknown}/enabled`, payload: { is_enabled: true } },
      { method: 'DELETE', url: `/api/products/${unknown}` },
    ] as const) {
      const response = await ctx.app.inject({ ...request, headers: admin.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: messages.products.notFound });
    }
    const malformed = await ctx.app.inject({ method: 'DELETE', url: '/api/products/not-a-uuid', headers: admin.headers });
    expect(malformed.statusCode).toBe(400);
  });

  it('deletes a product without touching past orders that name it', async () => {
    const created = await createProduct({ name: uniqueName('Para borrar') });
    const snapshot = [{ product_id: created.id, name: created.name, quantity: 2, price: 10_000, total: 20_000, discounts: null }];
    const { rows } = await ctx.pool.query<{ id: string }>(
      `insert into orders (user_id, user_info, items, total, status) values ($1, $2, $3, 20000, 'Pendiente') returning id`,
      [customer.userId, JSON.stringify({ nombre: 'C', apellido: 'P', email: customer.email, dni: '12345678' }), JSON.stringify(snapshot)],
    );
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(204);
    expect(await rowOf(created.id)).toBeUndefined();
    const order = await ctx.pool.query<{ items: unknown }>('select items from orders where id = $1', [rows[0]!.id]);
    expect(order.rows[0]?.items).toEqual(snapshot);
  });
});

describe('product images', () => {
  function multipartBody(fileName: string, contentType: string, content: Buffer, field = 'file') {
    const boundary = `----mayorista${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  const upload = (id: string, body: ReturnType<typeof multipartBody>, user: TestUser = admin) =>
    ctx.app.inject({ method: 'POST', url: `/api/products/${id}/image`, payload: body.payload, headers: { ...body.headers, ...user.headers } });

  const storedFiles = () => readdirSync(uploadsDir).sort();

  const realPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();

  it('refuses a non-image renamed .png (checked by content) with 415 and stores nothing', async () => {
    const created = await createProduct();
    const before = storedFiles();
    const response = await upload(created.id, multipartBody('foto.png', 'image/png', Buffer.from('<?php echo "hola"; ?> esto no es una imagen')));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'unsupported_image', message: messages.products.imageUnsupported });
    expect(storedFiles()).toEqual(before);
    expect((await rowOf(created.id))?.imagePath).toBeNull();
  });

  it('refuses a real image of another type (GIF) and a PNG header over garbage', async () => {
    const created = await createProduct();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } }).gif().toBuffer();
    expect((await upload(created.id, multipartBody('foto.jpg', 'image/jpeg', gif))).statusCode).toBe(415);
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await upload(created.id, multipartBody('foto.png', 'image/png', fakePng))).statusCode).toBe(415);
  });

  it('accepts a real PNG, resizes it to 800 px wide WebP and serves it with the storage cache header', async () => {
    const created = await createProduct();
    const response = await upload(created.id, multipartBody('foto-grande.bin', 'application/octet-stream', await realPng(1600, 900)));
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json<Product>();
    expect(product.image_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);

    const served = await ctx.app.inject({ method: 'GET', url: product.image_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 450 });

    // Replacing the image removes the old file; deleting the product removes the new one.
    const oldFile = path.basename(product.image_url!);
    const replaced = (await upload(created.id, multipartBody('chica.png', 'image/png', await realPng(300, 200)))).json<Product>();
    const newFile = path.basename(replaced.image_url!);
    expect(storedFiles()).not.toContain(oldFile);
    expect((await sharp(path.join(uploadsDir, newFile)).metadata()).width).toBe(300);
    await ctx.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: admin.headers });
    expect(storedFiles()).not.toContain(newFile);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const created = await createProduct();
    const huge = Buffer.concat([await realPng(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(created.id, multipartBody('enorme.png', 'image/png', huge));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'image_too_large', message: messages.products.imageTooLarge(5) });
  });

  it('refuses an upload without a file, a JSON body, and a customer', async () => {
    const created = await createProduct();
    const png = await realPng(20, 20);
    expect((await upload(created.id, multipartBody('a.png', 'image/png', png, 'otro'))).statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: `/api/products/${created.id}/image`, headers: admin.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const byCustomer = await upload(created.id, multipartBody('a.png', 'image/png', png), customer);
    expect(byCustomer.statusCode).toBe(403);
    expect((await rowOf(created.id))?.imagePath).toBeNull();
    const unknown = await upload('6f1c1f5e-4d7e-4a53-9d0f-2a4c8b7e9a10', multipartBody('a.png', 'image/png', png));
    expect(unknown.statusCode).toBe(404);
  });

  it.each(['..%2F..%2F..%2Fetc%2Fpasswd', '..%2Fproducts.test.ts', 'foto.png', '00000000-0000-4000-8000-000000000000.webp'])(
    'serves only stored image names: /uploads/%s is 404',
    async (file) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/uploads/${file}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    },
  );
});
