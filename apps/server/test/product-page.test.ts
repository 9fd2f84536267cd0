import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { productSlug } from '@mayorista/core/product-slug';
import type { Product, ProductImage, ProductInput, ProductPage } from '@mayorista/core/schemas/product';
import { runMigrations } from '../src/db/migrate';
import { createCatalogueViewers, type TestUser } from './factories';
import { setupTestApp } from './helpers';

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'mayorista-gallery-uploads-'));
const ctx = await setupTestApp({ env: { UPLOADS_DIR: uploadsDir } });

let admin: TestUser;
let customer: TestUser;
let pendingCustomer: TestUser;

beforeAll(async () => {
  ({ admin, customer, pendingCustomer } = await createCatalogueViewers(ctx));
});

let counter = 0;
/** Wholesale values no retail answer may contain (the abuse-limits work, decision 010): 7.777,77 and 6.666,66. */
const WHOLESALE_PRICE = 777_777;
const WHOLESALE_SALE = 666_666;
const input = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: `Galería ${++counter} ${Math.random().toString(36).slice(2, 8)}`,
  price: WHOLESALE_PRICE,
  retail_price: 999_999,
  on_sale: true,
  sale_price: WHOLESALE_SALE,
  on_sale_retail: false,
  sale_price_retail: null,
  discounts: [{ minQuantity: 24, discountType: 'final_price', discountValue: 555_555 }],
  stock: 40,
  has_unlimited_stock: false,
  is_enabled: true,
  min_quantity: 12,
  pack_size: 12,
  description: 'Caja cerrada de 12 unidades.',
  ...overrides,
});

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin.headers,
    payload: input(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

function multipart(content: Buffer, fileName = 'foto.png', contentType = 'image/png') {
  const boundary = `----galeria${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (width: number, height: number, color = '#c82828') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2864c8' } })
    .jpeg()
    .toBuffer();

const addImage = (id: string, body: ReturnType<typeof multipart>, user: TestUser | null = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/products/${id}/images`,
    payload: body.payload,
    headers: { ...body.headers, ...user?.headers },
  });

const page = (ref: string, user: TestUser | null = null) =>
  ctx.app.inject({ method: 'GET', url: `/api/products/${ref}`, headers: user?.headers });

const fileOf = (url: string) => path.join(uploadsDir, path.basename(url));
/** Every file an image's srcset names. */
const filesOf = (image: ProductImage) => image.srcset.split(', ').map((entry) => fileOf(entry.split(' ')[0]!));

describe('product gallery uploads', () => {
  it('stores real images as WebP at 800 px plus 160 and 400 px copies, served with the cache header, the first as the cover', async () => {
    const product = await createProduct();
    const first = await addImage(product.id, multipart(await png(1600, 900)));
    expect(first.statusCode, first.body).toBe(201);
    const second = await addImage(product.id, multipart(await jpeg(1200, 1200), 'foto.jpg', 'image/jpeg'));
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = second.json<{ items: ProductImage[] }>().items;
    expect(a).toMatchObject({ width: 800, height: 450 });
    expect(b).toMatchObject({ width: 800, height: 800 });
    expect(a!.srcset).toMatch(
      /^\/uploads\/[0-9a-f-]{36}-160\.webp 160w, \/uploads\/[0-9a-f-]{36}-400\.webp 400w, \/uploads\/[0-9a-f-]{36}\.webp 800w$/,
    );

    const widths = await Promise.all(filesOf(a!).map(async (file) => (await sharp(file).metadata()).width));
    expect(widths).toEqual([160, 400, 800]);
    const served = await ctx.app.inject({ method: 'GET', url: a!.srcset.split(' ')[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');

    const detail = (await page(product.id, customer)).json<ProductPage<Product>>();
    expect(detail.images.map((i) => i.id)).toEqual([a!.id, b!.id]);
    expect(detail.product.image_url).toBe(a!.url);
  });

  it('does not enlarge a small image: a 300 px PNG gets only the 160 px copy', async () => {
    const product = await createProduct();
    const [image] = (await addImage(product.id, multipart(await png(300, 200)))).json<{ items: ProductImage[] }>().items;
    expect(image).toMatchObject({ width: 300, height: 200 });
    expect(image!.srcset).toMatch(/-160\.webp 160w, \/uploads\/[0-9a-f-]{36}\.webp 300w$/);
  });

  it('reorders (the cover follows the first image) and removes an image with its files', async () => {
    const product = await createProduct();
    for (const color of ['#ff0000', '#00ff00', '#0000ff']) await addImage(product.id, multipart(await png(500, 500, color)));
    const [x, y, z] = (await page(product.id, admin)).json<ProductPage>().images;

    const reordered = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/images/order`,
      headers: admin.headers,
      payload: { ids: [z!.id, x!.id, y!.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<{ items: ProductImage[] }>().items.map((i) => i.id)).toEqual([z!.id, x!.id, y!.id]);
    expect((await page(product.id, customer)).json<ProductPage>().product.image_url).toBe(z!.url);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/images/${z!.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ items: ProductImage[] }>().items.map((i) => i.id)).toEqual([x!.id, y!.id]);
    for (const file of filesOf(z!)) expect(existsSync(file), file).toBe(false);
    expect((await page(product.id)).json<ProductPage>().product.image_url).toBe(x!.url);

    // Positions were renumbered: a new image goes last, and ordering by the two ids works.
    const swapped = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/images/order`,
      headers: admin.headers,
      payload: { ids: [y!.id, x!.id] },
    });
    expect(swapped.json<{ items: ProductImage[] }>().items.map((i) => i.id)).toEqual([y!.id, x!.id]);

    for (const image of [x!, y!])
      await ctx.app.inject({ method: 'DELETE', url: `/api/products/${product.id}/images/${image.id}`, headers: admin.headers });
    expect((await page(product.id)).json<ProductPage>()).toMatchObject({ images: [], product: { image_url: null } });
  });

  it('refuses an order that does not name every image exactly once, and changes nothing', async () => {
    const product = await createProduct();
    await addImage(product.id, multipart(await png(200, 200)));
    await addImage(product.id, multipart(await png(200, 200)));
    const before = (await page(product.id, admin)).json<ProductPage>().images.map((i) => i.id);
    const other = await createProduct();
    const [foreign] = (await addImage(other.id, multipart(await png(200, 200)))).json<{ items: ProductImage[] }>().items;
    for (const ids of [[before[1]!], [before[0]!, before[0]!], [before[1]!, foreign!.id], [...before, foreign!.id]]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}/images/order`,
        headers: admin.headers,
        payload: { ids },
      });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json()).toEqual({ code: 'image_order_mismatch', message: messages.products.imageOrderMismatch });
    }
    expect((await page(product.id, admin)).json<ProductPage>().images.map((i) => i.id)).toEqual(before);
    const otherImage = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/images/${foreign!.id}`,
      headers: admin.headers,
    });
    expect(otherImage.statusCode).toBe(404);
    expect(otherImage.json()).toMatchObject({ code: 'image_not_found' });
  });

  it('refuses a wrong type with 415, a file over 5 MB with 413, and keeps no file', async () => {
    const product = await createProduct();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const wrong = await addImage(product.id, multipart(gif, 'foto.png'));
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toEqual({ code: 'unsupported_image', message: messages.products.imageUnsupported });
    const text = await addImage(product.id, multipart(Buffer.from('no soy una imagen'), 'foto.jpg', 'image/jpeg'));
    expect(text.statusCode).toBe(415);
    const huge = await addImage(product.id, multipart(Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)])));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'image_too_large', message: messages.products.imageTooLarge(5) });
    expect((await page(product.id, admin)).json<ProductPage>().images).toEqual([]);
  });

  it('answers 401 to a visitor and 403 to customers, for upload, order and removal', async () => {
    const product = await createProduct();
    const image = await png(50, 50);
    expect((await addImage(product.id, multipart(image), null)).statusCode).toBe(401);
    expect((await addImage(product.id, multipart(image), customer)).statusCode).toBe(403);
    expect((await addImage(product.id, multipart(image), pendingCustomer)).statusCode).toBe(403);
    const [own] = (await addImage(product.id, multipart(image))).json<{ items: ProductImage[] }>().items;
    const order = { method: 'PUT' as const, url: `/api/products/${product.id}/images/order`, payload: { ids: [own!.id] } };
    expect((await ctx.app.inject(order)).statusCode).toBe(401);
    expect((await ctx.app.inject({ ...order, headers: customer.headers })).statusCode).toBe(403);
    const remove = { method: 'DELETE' as const, url: `/api/products/${product.id}/images/${own!.id}` };
    expect((await ctx.app.inject(remove)).statusCode).toBe(401);
    expect((await ctx.app.inject({ ...remove, headers: customer.headers })).statusCode).toBe(403);
    expect((await page(product.id, admin)).json<ProductPage>().images).toHaveLength(1);
  });

  it('refuses a ninth image with 409 too_many_images and leaves no file behind', async () => {
    const product = await createProduct();
    const image = await png(120, 120);
    for (let i = 0; i < 8; i++) expect((await addImage(product.id, multipart(image))).statusCode).toBe(201);
    const { readdirSync } = await import('node:fs');
    const before = readdirSync(uploadsDir).length;
    const ninth = await addImage(product.id, multipart(image));
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json()).toEqual({ code: 'too_many_images', message: messages.products.tooManyImages(8) });
    expect(readdirSync(uploadsDir).length).toBe(before);
  });

  it('the upload of before galleries replaces the first image only; deleting the product removes every file', async () => {
    const product = await createProduct();
    await addImage(product.id, multipart(await png(900, 600)));
    await addImage(product.id, multipart(await png(900, 600, '#00aa00')));
    const [first, second] = (await page(product.id, admin)).json<ProductPage>().images;
    const body = multipart(await png(640, 480));
    const legacy = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/image`,
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
    expect(legacy.statusCode, legacy.body).toBe(200);
    const images = (await page(product.id, admin)).json<ProductPage>().images;
    expect(images).toHaveLength(2);
    expect(images[1]!.id).toBe(second!.id);
    expect(legacy.json<Product>().image_url).toBe(images[0]!.url);
    for (const file of filesOf(first!)) expect(existsSync(file)).toBe(false);

    await ctx.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: admin.headers });
    for (const file of images.flatMap(filesOf)) expect(existsSync(file), file).toBe(false);
  });
});

describe('GET /api/products/:ref — the product page', () => {
  it('finds the product by slug, by id, and by an old slug after a rename', async () => {
    const product = await createProduct({ name: `Azúcar Ledesma ${Math.random().toString(36).slice(2, 7)} 1 kg` });
    const slug = productSlug(product);
    const bySlug = await page(slug, customer);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json<ProductPage>()).toMatchObject({
      slug,
      product: { id: product.id, description: 'Caja cerrada de 12 unidades.' },
    });
    expect(bySlug.headers['cache-control']).toBe('private, no-cache');
    expect(bySlug.headers.vary).toMatch(/Authorization/);
    expect((await page(product.id.toUpperCase(), customer)).json<ProductPage>().product.id).toBe(product.id);

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: input({ name: `Azúcar Chango ${Math.random().toString(36).slice(2, 7)}` }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = (await page(slug)).json<ProductPage>();
    expect(old.product.id).toBe(product.id);
    expect(old.slug).toBe(productSlug(renamed.json<Product>()));
    expect(old.slug).not.toBe(slug);
  });

  it.each(['no-existe-000000000000', 'azucar', '..%2F..%2Fetc', '6f1c1f5e-4d7e-4a53-9d0f-2a4c8b7e9a10', 'x'.repeat(150)])(
    'answers 404 in Spanish for %s',
    async (ref) => {
      const response = await page(ref, customer);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: messages.products.notFound });
    },
  );

  it('hides a disabled product from visitors and customers (404) but not from admins', async () => {
    const product = await createProduct({ is_enabled: false });
    for (const user of [null, pendingCustomer, customer]) {
      expect((await page(productSlug(product), user)).statusCode).toBe(404);
      expect((await page(product.id, user)).statusCode).toBe(404);
    }
    expect((await page(productSlug(product), admin)).statusCode).toBe(200);
  });

  it('gives visitors and unapproved customers the retail view only: no wholesale key or value anywhere', async () => {
    const product = await createProduct();
    await addImage(product.id, multipart(await png(400, 300)));
    for (const user of [null, pendingCustomer]) {
      const response = await page(productSlug(product), user);
      expect(response.statusCode).toBe(200);
      const body = response.json<ProductPage>();
      for (const key of ['price', 'sale_price', 'on_sale', 'discounts']) expect(body.product).not.toHaveProperty(key);
      expect(body.product).toMatchObject({ retail_price: 999_999, min_quantity: 12, pack_size: 12, stock: 40 });
      expect(body.images).toHaveLength(1);
      for (const value of [WHOLESALE_PRICE, WHOLESALE_SALE, 555_555]) expect(response.body).not.toContain(String(value));
    }
    const wholesale = (await page(productSlug(product), customer)).json<ProductPage<Product>>();
    expect(wholesale.product).toMatchObject({ price: WHOLESALE_PRICE, sale_price: WHOLESALE_SALE, on_sale: true });
    expect(wholesale.product.discounts).toHaveLength(1);
  });
});

describe('migration 0014 on an existing shop', () => {
  /** A database at the schema before 0014 (a copy of the migrations whose journal stops there). */
  async function databaseBefore(tag: string) {
    const adminUrl = inject('pgAdminUrl');
    const name = `m_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: adminUrl.replace(/\/[^/]+$/, `/${name}`), max: 2 });
    const dir = mkdtempSync(path.join(tmpdir(), 'mayorista-migrations-'));
    cpSync(path.join(import.meta.dirname, '../src/db/migrations'), dir, { recursive: true });
    const journalPath = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((e) => e.tag === tag),
    );
    writeFileSync(journalPath, JSON.stringify(journal));
    const client = await pool.connect();
    await migrate(drizzle(client), { migrationsFolder: dir }).finally(() => client.release());
    rmSync(dir, { recursive: true, force: true });
    const drop = async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    return { pool, drop };
  }

  it("makes each product's one image its first gallery image, and leaves products without one alone", async () => {
    const { pool, drop } = await databaseBefore('0014_product_images');
    try {
      const file = '0f0e0d0c-0b0a-4909-8807-060504030201.webp';
      const { rows } = await pool.query<{ id: string }>(
        `insert into products (name, price, retail_price, image_path) values ('Con foto', 100, 150, $1), ('Sin foto', 100, 150, null) returning id`,
        [file],
      );
      await runMigrations(pool);
      const { rows: images } = await pool.query('select product_id, position, file_name, widths, width from product_images');
      expect(images).toEqual([{ product_id: rows[0]!.id, position: 0, file_name: file, widths: [], width: null }]);
      const { rows: cover } = await pool.query('select image_path from products order by name');
      expect(cover.map((r) => r.image_path)).toEqual([file, null]);
    } finally {
      await drop();
    }
  });
});
