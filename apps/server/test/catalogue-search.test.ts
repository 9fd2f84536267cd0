// The catalogue-at-scale work (decision 008) (search index, counts, ETag, one catalogue across processes) and the abuse-limits work (decision 010)
// (wholesale prices only for approved customers and staff).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueProduct, Product, ProductInput, ProductListResponse } from '@mayorista/core/schemas/product';
import { buildApp } from '../src/app';
import { createDatabase, createPool } from '../src/db/client';
import { catalogueWhere } from '../src/db/product-rows';
import { CatalogueCache, DETAILS_PAYLOAD, priceListPayload, STOCK_ONLY_PAYLOAD } from '../src/modules/products/products.cache';
import { createCatalogueViewers, type TestUser } from './factories';
import { setupTestApp, testConfig } from './helpers';

const ctx = await setupTestApp();

let admin: TestUser;
let customer: TestUser;
let pendingCustomer: TestUser;

beforeAll(async () => {
  ({ admin, customer, pendingCustomer } = await createCatalogueViewers(ctx));
});

/** A word no other test's product contains, so each test sees only its own products. */
const tag = () => `q${randomBytes(4).toString('hex')}`;

const input = (overrides: Partial<ProductInput>): ProductInput => ({
  name: `Producto ${tag()}`,
  price: 10_000,
  retail_price: 15_000,
  stock: 10,
  ...overrides,
});

async function createProduct(overrides: Partial<ProductInput>, app: FastifyInstance = ctx.app): Promise<Product> {
  const response = await app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: input(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

async function get(url: string, user?: TestUser, headers: Record<string, string> = {}, app: FastifyInstance = ctx.app) {
  return app.inject({ method: 'GET', url, headers: { ...user?.headers, ...headers } });
}

async function names(search: string, user?: TestUser): Promise<string[]> {
  const response = await get(`/api/products?search=${encodeURIComponent(search)}&page_size=100`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductListResponse<CatalogueProduct>>().items.map((p) => p.name);
}

/** Sends a marked products_changed NOTIFY and waits until `app` has received it (all earlier ones are in then). */
async function drainNotifications(app: FastifyInstance): Promise<void> {
  const marker = `marker-${randomBytes(4).toString('hex')}`;
  let stop = () => {};
  const arrived = new Promise<void>((resolve) => {
    stop = app.catalogueCache.onInvalidate((payload) => payload === marker && resolve());
  });
  await ctx.pool.query(`select pg_notify('products_changed', $1)`, [marker]);
  await arrived;
  stop();
}

/** Runs `change` and waits for the next invalidation `app` receives from the database (not a marker). */
async function afterNotified(app: FastifyInstance, change: () => Promise<unknown>, payload = ''): Promise<void> {
  await drainNotifications(app);
  let stop = () => {};
  const arrived = new Promise<void>((resolve) => {
    stop = app.catalogueCache.onInvalidate((received) => received === payload && resolve());
  });
  await change();
  await arrived;
  stop();
}

describe('catalogue search', () => {
  it('matches name, SKU and category with or without accents and in any word order', async () => {
    const t = tag();
    await createProduct({ name: `Azúcar Ledesma ${t} 1 kg`, sku: `AZ-${t}`, category: `Almacén ${t}` });
    await createProduct({ name: `Yerba Playadito ${t}`, sku: `YE-${t}`, category: `Infusiones ${t}` });

    const sugar = [`Azúcar Ledesma ${t} 1 kg`];
    expect(await names(`azucar ${t}`)).toEqual(sugar);
    expect(await names(`AZÚCAR ${t.toUpperCase()}`)).toEqual(sugar);
    expect(await names(`${t} ledesma azúcar`)).toEqual(sugar);
    expect(await names(`az-${t}`)).toEqual(sugar);
    expect(await names(`almacen ${t}`)).toEqual(sugar);
    // Short words (no trigram of their own) still have to match.
    expect(await names(`${t} kg 1`)).toEqual(sugar);
    expect(await names(`${t} playadito azucar`)).toEqual([]);
    expect(await names(`${t}`)).toHaveLength(2);
  });

  it('matches a word of one or two letters at the start of a word only (served by the index)', async () => {
    const t = tag();
    await createProduct({ name: `Té verde ${t}` });
    await createProduct({ name: `Aceite ${t}` });
    await createProduct({ name: `${t} Dulce de leche` });
    expect(await names(`te ${t}`)).toEqual([`Té verde ${t}`]);
    expect(await names(`${t} DE`)).toEqual([`${t} Dulce de leche`]);
    expect(await names(`${t} ei`)).toEqual([]);
  });

  it('ranks the exact SKU first, then names that start with the search, then the rest by name', async () => {
    const t = tag();
    await createProduct({ name: `Galletitas ${t}` });
    await createProduct({ name: `${t} común` });
    await createProduct({ name: `Endulzante ${tag()}`, sku: t.toUpperCase() });
    await createProduct({ name: `Arroz ${t}` });
    expect(await names(t)).toEqual([expect.stringMatching(/^Endulzante/), `${t} común`, `Arroz ${t}`, `Galletitas ${t}`]);
  });

  it('keeps the total of the search, and pages through the ranked results', async () => {
    const t = tag();
    for (const word of ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco']) await createProduct({ name: `${word} ${t}` });
    const page = async (n: number) =>
      (await get(`/api/products?search=${t}&page=${n}&page_size=2`)).json<ProductListResponse<CatalogueProduct>>();
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => p.items.map((i) => i.name.split(' ')[0]))).toEqual(['Cinco', 'Cuatro', 'Dos', 'Tres', 'Uno']);
    // Past the last match there is no row to carry the total: it is counted instead.
    expect(await page(4)).toMatchObject({ items: [], total: 5 });
    expect((await get(`/api/products?search=${t}x`)).json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('ETag and 304', () => {
  it('answers a repeat with 304 and no body, and a changed catalogue with 200 and a new ETag', async () => {
    const t = tag();
    const product = await createProduct({ name: `Fideos ${t}` });
    const url = `/api/products?search=${t}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"retail-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/authorization/i);

    const repeat = await get(url, undefined, { 'if-none-match': etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(etag);
    expect((await get(url, undefined, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: input({ name: `Fideos ${t}`, retail_price: 16_000 }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const afterChange = await get(url, undefined, { 'if-none-match': etag });
    expect(afterChange.statusCode).toBe(200);
    expect(afterChange.headers.etag).not.toBe(etag);
    expect(afterChange.json<ProductListResponse<CatalogueProduct>>().items[0]!.retail_price).toBe(16_000);
  });

  it('never answers 304 to another viewer class, and each class gets its own ETag', async () => {
    const t = tag();
    await createProduct({ name: `Arroz ${t}` });
    const url = `/api/products?search=${t}`;
    const anonymous = await get(url);
    const unapproved = await get(url, pendingCustomer);
    const approved = await get(url, customer, { 'if-none-match': anonymous.headers.etag as string });
    const staff = await get(url, admin, { 'if-none-match': approved.headers.etag as string });
    expect(unapproved.headers.etag).toBe(anonymous.headers.etag);
    expect(approved.statusCode).toBe(200);
    expect(approved.headers.etag).toMatch(/^"wholesale-/);
    expect(approved.json<ProductListResponse>().items[0]!.price).toBe(10_000);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers.etag).toMatch(/^"admin-/);
    // And back: a visitor sending the customer's ETag gets the retail answer in full.
    const visitor = await get(url, undefined, { 'if-none-match': approved.headers.etag as string });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json<ProductListResponse<CatalogueProduct>>().items[0]).not.toHaveProperty('price');
  });
});

describe('wholesale fields never reach visitors or unapproved customers', () => {
  // Values no other field of the answer can contain by accident.
  const WHOLESALE = { price: 7_654_321, sale_price: 6_543_219, tier: 5_432_198 };

  it('scans every public catalogue answer for the wholesale price, sale price and tier value', async () => {
    const t = tag();
    const category = `Secreta ${t}`;
    const product = await createProduct({
      name: `Mayorista ${t}`,
      sku: `SKU-${t}`,
      category,
      price: WHOLESALE.price,
      retail_price: 9_876_543,
      on_sale: true,
      sale_price: WHOLESALE.sale_price,
      on_sale_retail: true,
      sale_price_retail: 8_765_432,
      discounts: [{ minQuantity: 7, discountType: 'final_price', discountValue: WHOLESALE.tier }],
    });
    // Enough other products that the product is on a later page of the full catalogue too.
    for (let i = 0; i < 3; i++) await createProduct({ name: `Relleno ${i} ${t}`, category });
    const total = (await get('/api/products?page_size=1')).json<ProductListResponse<CatalogueProduct>>().total;

    const urls = [
      '/api/products',
      `/api/products?page_size=100&page=${Math.ceil(total / 100)}`,
      ...Array.from({ length: Math.ceil(total / 100) }, (_, i) => `/api/products?page_size=100&page=${i + 1}`),
      `/api/products?search=${encodeURIComponent(product.name)}`,
      `/api/products?search=SKU-${t}`,
      `/api/products?search=${t}&page=2&page_size=2`,
      `/api/products?category=${encodeURIComponent(category)}`,
      `/api/products?on_sale=1&search=${t}`,
      `/api/products?in_stock=1&search=${t}`,
      `/api/products?include_disabled=1&search=${t}`,
      '/api/products/categories',
      '/api/products/categories?include_disabled=1',
    ];
    const leaks = (body: string) =>
      [
        String(WHOLESALE.price),
        String(WHOLESALE.sale_price),
        String(WHOLESALE.tier),
        '"price"',
        '"sale_price"',
        '"on_sale"',
        '"discounts"',
      ].filter((s) => body.includes(s));
    let sawProduct = 0;
    for (const viewer of [undefined, pendingCustomer]) {
      for (const url of urls) {
        const response = await get(url, viewer);
        expect(response.statusCode, url).toBe(200);
        expect(leaks(response.body), `${url} as ${viewer ? 'unapproved' : 'anonymous'}`).toEqual([]);
        if (response.body.includes(product.id)) sawProduct++;
      }
    }
    // The scan looked at the product itself (not at pages that merely lack it)…
    expect(sawProduct).toBeGreaterThanOrEqual(2 * 8);
    // …and the same answers do carry the values for an approved customer, so the scan can fail.
    const wholesale = await get(`/api/products?search=SKU-${t}`, customer);
    expect(leaks(wholesale.body)).toEqual(expect.arrayContaining([String(WHOLESALE.price), String(WHOLESALE.tier)]));
  });
});

describe('one catalogue across processes', () => {
  let other: FastifyInstance;
  let otherPool: ReturnType<typeof createPool>;

  beforeAll(async () => {
    // A second app on the same database with its own pool and LISTEN connection: another process.
    otherPool = createPool(ctx.databaseUrl, 4);
    const config = testConfig();
    other = await buildApp({
      config,
      pool: otherPool,
      db: createDatabase(otherPool),
      jwtSecret: new TextEncoder().encode(config.jwtSecret ?? 'x'.repeat(32)),
      webDistDir: null,
      logger: false,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherPool.end();
  });

  it("shows a change made through one process on the other's next read after the change is committed", async () => {
    const t = tag();
    const product = await createProduct({ name: `Harina ${t}`, stock: 5 });
    const url = `/api/products?search=${t}`;
    const read = async () => (await get(url, undefined, {}, other)).json<ProductListResponse<CatalogueProduct>>().items[0]!;
    await drainNotifications(other);
    expect((await read()).retail_price).toBe(15_000);
    const cachedEtag = (await get(url, undefined, {}, other)).headers.etag as string;

    // A price is read by no catalogue filter: a 'details' change (migration 0031).
    await afterNotified(
      other,
      () =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/products/${product.id}`,
          headers: admin.headers,
          payload: input({ name: `Harina ${t}`, retail_price: 17_000 }),
        }),
      DETAILS_PAYLOAD,
    );
    expect((await read()).retail_price).toBe(17_000);
    expect((await get(url, undefined, { 'if-none-match': cachedEtag }, other)).statusCode).toBe(200);

    // A change from plain SQL (an order taking stock does this) reaches it the same way.
    await afterNotified(
      other,
      () => ctx.pool.query('update products set stock = 2 where id = $1', [product.id]),
      STOCK_ONLY_PAYLOAD,
    );
    expect((await read()).stock).toBe(2);
    // A change to anything else is a full change, even when stock changes with it.
    await afterNotified(other, () =>
      ctx.pool.query(`update products set stock = 3, name = name || ' bis' where id = $1`, [product.id]),
    );
    expect(await read()).toMatchObject({ stock: 3, name: `Harina ${t} bis` });
  });

  it("tells a change no catalogue filter reads as 'details' and a change to any column a filter reads as a full one, in bulk too", async () => {
    // The trigger compares every column a filter reads (stock has its own trigger): a filter added
    // to catalogueWhere without it would leave counts stale after an import.
    const clauses = [
      catalogueWhere({ includeDisabled: false, search: 'yerba te', category: 'x', onSale: 'wholesale', inStock: true }).clause,
      catalogueWhere({ includeDisabled: false, onSale: 'retail', inStock: false }).clause,
    ].join(' ');
    const { rows: columns } = await ctx.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'products'`,
    );
    const filtered = columns
      .map((c) => c.column_name)
      .filter((name) => name !== 'stock' && new RegExp(`\\b${name}\\b`).test(clauses));
    const { rows: trigger } = await ctx.pool.query<{ source: string }>(
      `select prosrc as source from pg_proc where proname = 'notify_products_updated'`,
    );
    const compared = trigger[0]!.source.slice(0, trigger[0]!.source.indexOf("pg_notify('products_changed', '')"));
    expect(filtered.sort()).toEqual([
      'category',
      'has_unlimited_stock',
      'is_enabled',
      'on_sale',
      'on_sale_retail',
      'search_text',
    ]);
    for (const name of filtered) expect(compared, name).toContain(`o.${name}`);

    const product = await createProduct({ name: `Aceite ${tag()}`, sale_price: 9_000, sale_price_retail: 14_000 });
    const update = (set: string) => () => ctx.pool.query(`update products set ${set} where id = $1`, [product.id]);
    await afterNotified(other, update(`price = price + 1, description = 'Primera prensada', min_quantity = 2`), DETAILS_PAYLOAD);
    // Each column catalogueWhere (db/product-rows.ts) filters on.
    for (const set of [
      'is_enabled = not is_enabled',
      `category = 'Otra ${tag()}'`,
      `name = name || ' bis'`,
      'on_sale = not on_sale',
      'on_sale_retail = not on_sale_retail',
      'has_unlimited_stock = not has_unlimited_stock',
    ]) {
      await afterNotified(other, update(set), '');
    }

    // Past 1,000 rows (an import, a repricing) the rows are compared too.
    const t = tag();
    await ctx.pool.query(
      `insert into products (name, price, retail_price, stock, category) select 'Bulto ' || i || ' ${t}', 1000, 1500, 5, '${t}' from generate_series(1, 1001) as i`,
    );
    try {
      await afterNotified(
        other,
        () => ctx.pool.query(`update products set price = price + 1 where category = $1`, [t]),
        DETAILS_PAYLOAD,
      );
      await afterNotified(
        other,
        () =>
          ctx.pool.query(`update products set price = price + 1, is_enabled = (name <> $2) where category = $1`, [
            t,
            `Bulto 1 ${t}`,
          ]),
        '',
      );
    } finally {
      await ctx.pool.query(`delete from products where category = $1`, [t]);
    }
  });
});

describe('CatalogueCache', () => {
  const log = { warn: () => undefined } as never;
  /** A cache of its own on the test database, listening, stopped after `use`. */
  async function withCache(use: (cache: CatalogueCache) => Promise<void>): Promise<void> {
    const cache = new CatalogueCache({ connectionString: ctx.databaseUrl, log });
    await cache.start();
    try {
      await use(cache);
    } finally {
      await cache.stop();
    }
  }

  it('never stores an answer whose load started before an invalidation', () =>
    withCache(async (cache) => {
      let release = () => {};
      const stock = { dependsOnStock: true };
      const slow = cache.remember('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))), stock);
      cache.invalidate();
      release();
      expect(await slow).toBe('old');
      expect(await cache.remember('k', async () => 'new', stock)).toBe('new');
      expect(await cache.remember('k', async () => 'newer', stock)).toBe('new');
    }));

  it('keeps what does not depend on stock when only stock changed, and forgets it on any other change', () =>
    withCache(async (cache) => {
      const count = { dependsOnStock: false };
      const page = { dependsOnStock: true };
      await cache.remember('count', async () => 1, count);
      await cache.remember('page', async () => 'p1', page);
      cache.invalidate(STOCK_ONLY_PAYLOAD);
      expect(await cache.remember('count', async () => 2, count)).toBe(1);
      expect(await cache.remember('page', async () => 'p2', page)).toBe('p2');
      cache.invalidate();
      expect(await cache.remember('count', async () => 3, count)).toBe(3);
      // A stock-only change during a count's load does not keep the count from being stored…
      let release = () => {};
      const loading = cache.remember('count2', () => new Promise<number>((resolve) => (release = () => resolve(4))), count);
      cache.invalidate(STOCK_ONLY_PAYLOAD);
      release();
      await loading;
      expect(await cache.remember('count2', async () => 5, count)).toBe(4);
    }));

  it('a change no filter reads forgets the answers and keeps the counts; a full change forgets both', () =>
    withCache(async (cache) => {
      const count = { dependsOnStock: false, isCount: true };
      const page = { dependsOnStock: true };
      await cache.remember('count', async () => 1, count);
      await cache.remember('page', async () => 'p1', page);
      cache.invalidate(DETAILS_PAYLOAD);
      expect(await cache.remember('count', async () => 2, count)).toBe(1);
      expect(await cache.remember('page', async () => 'p2', page)).toBe('p2');
      // A count loading through a details change is stored; an answer loading through it is not.
      let releaseCount = () => {};
      let releasePage = () => {};
      const countLoading = cache.remember(
        'count2',
        () => new Promise<number>((resolve) => (releaseCount = () => resolve(4))),
        count,
      );
      const pageLoading = cache.remember(
        'page2',
        () => new Promise<string>((resolve) => (releasePage = () => resolve('old'))),
        page,
      );
      cache.invalidate(DETAILS_PAYLOAD);
      releaseCount();
      releasePage();
      await Promise.all([countLoading, pageLoading]);
      expect(await cache.remember('count2', async () => 5, count)).toBe(4);
      expect(await cache.remember('page2', async () => 'new', page)).toBe('new');
      cache.invalidate();
      expect(await cache.remember('count', async () => 3, count)).toBe(3);
    }));

  it('catchUp returns once every change committed before it has been heard, and acts on what each one was', () =>
    withCache(async (cache) => {
      const heard: string[] = [];
      cache.onInvalidate((payload) => heard.push(payload));
      const count = { dependsOnStock: false, isCount: true };
      const page = { dependsOnStock: true };
      await cache.remember('count', async () => 1, count);
      await cache.remember('page', async () => 'p1', page);
      // Committed on another connection, as an import's thread does: its NOTIFY may not be here yet.
      await ctx.pool.query(`select pg_notify('products_changed', $1)`, [DETAILS_PAYLOAD]);
      await cache.catchUp();
      heard.push('caught up');
      expect(heard).toEqual([DETAILS_PAYLOAD, 'caught up']);
      expect(await cache.remember('page', async () => 'p2', page)).toBe('p2');
      expect(await cache.remember('count', async () => 2, count)).toBe(1);
    }));

  it('catchUp forgets everything when it cannot hear its own marker', () =>
    withCache(async (cache) => {
      const count = { dependsOnStock: false, isCount: true };
      await cache.remember('count', async () => 1, count);
      const listen = (cache as unknown as { listen: { notify(channel: string, payload: string): Promise<void> } }).listen;
      listen.notify = () => Promise.reject(new Error('down'));
      await cache.catchUp();
      expect(await cache.remember('count', async () => 2, count)).toBe(2);
      // A connection gone silent: the NOTIFY is never answered, and after 2 s everything is forgotten.
      listen.notify = () => new Promise<void>(() => undefined);
      await cache.catchUp();
      expect(await cache.remember('count', async () => 3, count)).toBe(3);
    }));

  it('a price-list change forgets only what is priced at that list, and never stores a list-priced load it raced', () =>
    withCache(async (cache) => {
      const atA = { dependsOnStock: true, priceListId: 'A' };
      const atB = { dependsOnStock: true, priceListId: 'B' };
      const base = { dependsOnStock: true };
      await cache.remember('a', async () => 'a1', atA);
      await cache.remember('b', async () => 'b1', atB);
      await cache.remember('base', async () => 'base1', base);
      cache.invalidate(priceListPayload('A'));
      expect(await cache.remember('a', async () => 'a2', atA)).toBe('a2');
      expect(await cache.remember('b', async () => 'b2', atB)).toBe('b1');
      expect(await cache.remember('base', async () => 'base2', base)).toBe('base1');
      // A load at B that started before a change of A is handed out but not kept (any list's change).
      let release = () => {};
      const racing = cache.remember('b-slow', () => new Promise<string>((resolve) => (release = () => resolve('old'))), atB);
      cache.invalidate(priceListPayload('A'));
      release();
      expect(await racing).toBe('old');
      expect(await cache.remember('b-slow', async () => 'new', atB)).toBe('new');
      // Any other change still forgets every list's answers.
      cache.invalidate();
      expect(await cache.remember('b', async () => 'b3', atB)).toBe('b3');
    }));

  it('stops remembering when its LISTEN connection goes silent (no answer, no error), and comes back', async () => {
    const cache = new CatalogueCache({ connectionString: ctx.databaseUrl, log, heartbeatMs: 100 });
    await cache.start();
    try {
      expect(cache.active).toBe(true);
      await cache.remember('k', async () => 'before', { dependsOnStock: false });
      // What a connection dropped by a NAT looks like from here: nothing more arrives, nothing fails.
      const listening = (cache as unknown as { listen: { client: { connection: { stream: { pause(): void } } } } }).listen.client;
      listening.connection.stream.pause();
      await expect.poll(() => cache.active, { timeout: 5_000, interval: 20 }).toBe(false);
      expect(await cache.remember('k', async () => 'after', { dependsOnStock: false })).toBe('after');
      // It reconnects on its own (first retry after 1 s) and starts from nothing.
      await expect.poll(() => cache.active, { timeout: 10_000, interval: 50 }).toBe(true);
      expect(await cache.remember('k', async () => 'fresh', { dependsOnStock: false })).toBe('fresh');
    } finally {
      await cache.stop();
    }
  });

  it('remembers nothing while it cannot hear invalidations', async () => {
    const cache = new CatalogueCache({ connectionString: undefined, log });
    await cache.start();
    expect(cache.active).toBe(false);
    expect(await cache.remember('k', async () => 1, { dependsOnStock: false })).toBe(1);
    expect(await cache.remember('k', async () => 2, { dependsOnStock: false })).toBe(2);
  });
});
