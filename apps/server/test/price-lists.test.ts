import { randomBytes, randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@mayorista/core/money';
import type { PriceList, PriceListsResponse } from '@mayorista/core/schemas/price-lists';
import type { CatalogueProduct } from '@mayorista/core/schemas/product';
import { createAdmin, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import { DETAILS_PAYLOAD } from '../src/modules/products/products.cache';
import { setupTestApp } from './helpers';
import { createProduct, setCart } from './orders-fixtures';

const ctx = await setupTestApp({ env: { WHATSAPP_PHONE: '5491122334455' } });
let admin: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  [admin, superAdmin] = await Promise.all([createAdmin(ctx), createSuperAdmin(ctx)]);
});

const tag = () => randomBytes(4).toString('hex');
const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...user?.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createList(body: { name: string; percentage: number; items?: { product_id: string; price: number }[] }): Promise<PriceList> {
  const response = await inject('POST', '/api/admin/price-lists', admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PriceList>();
}

async function assign(user: TestUser, listId: string | null) {
  const response = await inject('PATCH', `/api/admin/users/${user.userId}/price-list`, admin, { price_list_id: listId });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ id: user.userId, price_list_id: listId });
}

const listCount = async () => (await ctx.pool.query<{ n: number }>('select count(*)::int as n from price_lists')).rows[0]!.n;

describe('/api/admin/price-lists — create, edit, delete', () => {
  it('creates a list with explicit prices, lists it with its customers, edits and deletes it', async () => {
    const product = await createProduct(ctx, { name: `Aceite ${tag()}`, price: 200_000 });
    const name = `Lista ${tag()}`;
    const created = await createList({ name, percentage: -5, items: [{ product_id: product.id, price: 150_000 }] });
    expect(created).toMatchObject({ name, percentage: -5, customer_count: 0, item_count: 1 });
    expect(created.items).toEqual([{ product_id: product.id, name: product.name, sku: null, base_price: 200_000, price: 150_000 }]);

    const customer = await createVerifiedUser(ctx);
    await assign(customer, created.id);
    const all = (await inject('GET', '/api/admin/price-lists', admin)).json<PriceListsResponse>();
    expect(all.items.find((l) => l.id === created.id)).toMatchObject({ customer_count: 1, item_count: 1 });

    const edited = await inject('PUT', `/api/admin/price-lists/${created.id}`, admin, { name: `${name} bis`, percentage: 12.5, items: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: `${name} bis`, percentage: 12.5, item_count: 0, items: [] });

    // Deleting a list a customer buys at is refused, and changes nothing.
    const refused = await inject('DELETE', `/api/admin/price-lists/${created.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'price_list_in_use', customers: 1 });
    expect(refused.json().message).toContain('1 cliente compra con ella');
    expect((await inject('GET', `/api/admin/price-lists/${created.id}`, admin)).statusCode).toBe(200);

    await assign(customer, null);
    expect((await inject('DELETE', `/api/admin/price-lists/${created.id}`, admin)).statusCode).toBe(204);
    expect((await inject('GET', `/api/admin/price-lists/${created.id}`, admin)).json()).toMatchObject({ code: 'price_list_not_found' });
    expect((await inject('DELETE', `/api/admin/price-lists/${created.id}`, admin)).statusCode).toBe(404);
  });

  it.each([
    ['−100 %', { percentage: -100 }, 'mayor que −100 %'],
    ['less than −100 %', { percentage: -150 }, 'mayor que −100 %'],
    ['more than 1000 %', { percentage: 1000.5 }, 'no puede superar 1000 %'],
    ['three decimals', { percentage: -5.125 }, 'dos decimales'],
    ['a text percentage', { percentage: '-5' }, 'debe ser un número'],
    ['an explicit price of zero', { items: [{ product_id: 'P', price: 0 }] }, 'mayor que cero'],
    ['a negative explicit price', { items: [{ product_id: 'P', price: -100 }] }, 'mayor que cero'],
    ['a product twice', { items: [{ product_id: 'P', price: 100 }, { product_id: 'P', price: 200 }] }, 'dos veces'],
    ['no name', { name: '   ' }, 'nombre'],
  ])('refuses %s with a Spanish 400 and writes nothing', async (_label, override, text) => {
    const product = await createProduct(ctx);
    const body = JSON.parse(JSON.stringify({ name: `Mala ${tag()}`, percentage: -5, items: [], ...override }).replaceAll('"P"', `"${product.id}"`));
    const before = await listCount();
    const response = await inject('POST', '/api/admin/price-lists', admin, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(response.body).toContain(text);
    expect(await listCount()).toBe(before);
  });

  it('refuses a duplicate name (ignoring case and accents) and an unknown product, on create and on edit', async () => {
    const name = `Lista Única ${tag()}`;
    const list = await createList({ name, percentage: -5 });
    const before = await listCount();
    const duplicate = await inject('POST', '/api/admin/price-lists', admin, { name: name.toUpperCase().replace('Ú', 'U'), percentage: 3 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'price_list_name_taken' });
    expect(duplicate.json().message).toContain('Ya existe una lista de precios llamada');

    const unknown = await inject('POST', '/api/admin/price-lists', admin, { name: `Otra ${tag()}`, percentage: 3, items: [{ product_id: randomUUID(), price: 100 }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'price_list_unknown_product' });
    expect(await listCount()).toBe(before);

    // An edit that fails leaves the list as it was.
    const product = await createProduct(ctx);
    await inject('PUT', `/api/admin/price-lists/${list.id}`, admin, { name, percentage: -5, items: [{ product_id: product.id, price: 900 }] });
    const badEdit = await inject('PUT', `/api/admin/price-lists/${list.id}`, admin, {
      name,
      percentage: -20,
      items: [{ product_id: randomUUID(), price: 100 }],
    });
    expect(badEdit.statusCode).toBe(422);
    expect((await inject('GET', `/api/admin/price-lists/${list.id}`, admin)).json()).toMatchObject({ percentage: -5, items: [{ product_id: product.id, price: 900 }] });
    expect((await inject('PUT', `/api/admin/price-lists/${randomUUID()}`, admin, { name: 'X', percentage: 1 })).json()).toMatchObject({ code: 'price_list_not_found' });
  });

  it('assigning: unknown list or account → 404; a plain admin cannot change their own list; a product deleted leaves the list', async () => {
    const customer = await createVerifiedUser(ctx);
    const unknownList = await inject('PATCH', `/api/admin/users/${customer.userId}/price-list`, admin, { price_list_id: randomUUID() });
    expect(unknownList.json()).toMatchObject({ code: 'price_list_not_found' });
    const list = await createList({ name: `Propia ${tag()}`, percentage: -50 });
    const unknownUser = await inject('PATCH', `/api/admin/users/${randomUUID()}/price-list`, admin, { price_list_id: list.id });
    expect(unknownUser.statusCode).toBe(404);
    const own = await inject('PATCH', `/api/admin/users/${admin.userId}/price-list`, admin, { price_list_id: list.id });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'own_account_forbidden' });
    expect((await ctx.pool.query('select price_list_id from profiles where id = $1', [admin.userId])).rows[0].price_list_id).toBeNull();
    expect((await inject('PATCH', `/api/admin/users/${customer.userId}/price-list`, customer, { price_list_id: list.id })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/admin/users/${superAdmin.userId}/price-list`, superAdmin, { price_list_id: null })).statusCode).toBe(200);

    const product = await createProduct(ctx);
    await inject('PUT', `/api/admin/price-lists/${list.id}`, admin, { name: list.name, percentage: -50, items: [{ product_id: product.id, price: 5 }] });
    await ctx.pool.query('delete from products where id = $1', [product.id]);
    expect((await inject('GET', `/api/admin/price-lists/${list.id}`, admin)).json()).toMatchObject({ item_count: 0, items: [] });
  });
});

// ── every customer gets their own prices, everywhere ──────────────────────────────────────────

describe('two customers on different lists, a customer on the base list, a visitor and an admin', () => {
  let t: string;
  let listed: { id: string; name: string };
  let explicit: { id: string; name: string };
  let lista2: PriceList;
  let grande: PriceList;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;

  beforeAll(async () => {
    t = tag();
    listed = await createProduct(ctx, {
      name: `Yerba ${t}`,
      price: 100_000,
      discounts: [{ minQuantity: 10, discountType: 'percentage', discountValue: 10 }],
    });
    explicit = await createProduct(ctx, { name: `Azúcar ${t}`, price: 50_000 });
    lista2 = await createList({ name: `Lista 2 ${t}`, percentage: -5, items: [{ product_id: explicit.id, price: 40_000 }] });
    grande = await createList({ name: `Mayorista grande ${t}`, percentage: -10 });
    [a, b, c] = await Promise.all([createVerifiedUser(ctx), createVerifiedUser(ctx), createVerifiedUser(ctx)]);
    await assign(a, lista2.id);
    await assign(c, grande.id);
  });

  const url = () => `/api/products?search=${t}&page_size=10`;
  const prices = (body: string) =>
    Object.fromEntries(
      JSON.parse(body).items.map((p: CatalogueProduct & { price?: number }) => [p.name.split(' ')[0], 'price' in p ? p.price : 'retail']),
    );

  it('the catalogue: each sees their own list, never another list’s price, also through the cache and 304s', async () => {
    const read = async (user?: TestUser, etag?: string) => inject('GET', url(), user, undefined, etag ? { 'if-none-match': etag } : {});
    // Twice each: the second answer comes from the cache.
    for (let round = 0; round < 2; round++) {
      expect(prices((await read(a)).body)).toEqual({ Yerba: 95_000, Azúcar: 40_000 });
      expect(prices((await read(b)).body)).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
      expect(prices((await read(c)).body)).toEqual({ Yerba: 90_000, Azúcar: 45_000 });
      expect(prices((await read(admin)).body)).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
      expect(prices((await read()).body)).toEqual({ Yerba: 'retail', Azúcar: 'retail' });
    }
    const answers = await Promise.all([read(a), read(b), read(c), read(admin), read()]);
    const etags = answers.map((r) => r.headers.etag as string);
    // The ETag is the viewer class and a hash of the answer: among the customers (one class) equal
    // only for byte-identical bodies, and it carries no price-list id (decision 031).
    const customers = answers.slice(0, 3);
    for (const [i, x] of customers.entries()) {
      for (const [j, y] of customers.entries()) expect(etags[i] === etags[j], `answers ${i} and ${j}`).toBe(x.body === y.body);
    }
    expect(new Set(etags).size).toBe(5);
    const listIds = (await ctx.pool.query<{ id: string }>('select id from price_lists')).rows.map((r) => r.id);
    for (const etag of etags) for (const id of listIds) expect(etag).not.toContain(id);
    // Each 304 only for its own answer: another list's ETag gets the caller's own body.
    expect((await read(a, etags[0])).statusCode).toBe(304);
    for (const [user, own] of [[a, 0], [b, 1], [c, 2]] as const) {
      for (const etag of etags) {
        if (etag === etags[own]) continue;
        const answer = await read(user, etag);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers.etag).toBe(etags[own]);
      }
    }
    // The tier applies on the list price: 10 % off 95.000 from 10 units (seen by the browser's engine).
    const yerba = JSON.parse((await read(a)).body).items.find((p: { id: string }) => p.id === listed.id);
    expect(yerba.discounts).toEqual([{ minQuantity: 10, discountType: 'percentage', discountValue: 10 }]);
    // The product page too (the wholesale-ordering work, decision 016).
    const pagePrice = async (user: TestUser) => (await inject('GET', `/api/products/${explicit.id}`, user)).json().product.price;
    expect([await pagePrice(a), await pagePrice(b), await pagePrice(c), await pagePrice(admin)]).toEqual([40_000, 50_000, 45_000, 50_000]);
    // No base wholesale price anywhere in A's answer.
    expect((await read(a)).body).not.toMatch(/"price":(100000|50000)\b/);
    expect((await read(b)).body).toMatch(/"price":100000\b/);
  });

  it('the cart, its product lookups and the quick order preview carry the caller’s list prices', async () => {
    const cartPrices = (body: { products: { name: string; price: number }[] }) =>
      Object.fromEntries(body.products.map((p) => [p.name.split(' ')[0], p.price]));
    const save = (user: TestUser) => inject('PUT', '/api/cart', user, { cart_data: { [listed.id]: 2, [explicit.id]: 1 } });
    expect(cartPrices((await save(a)).json())).toEqual({ Yerba: 95_000, Azúcar: 40_000 });
    expect(cartPrices((await save(b)).json())).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
    // Staff buy at the base list; a visitor has no cart at all.
    expect(cartPrices((await save(admin)).json())).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
    expect((await inject('PUT', '/api/cart', undefined, { cart_data: {} })).statusCode).toBe(401);
    expect(cartPrices((await inject('GET', '/api/cart', a)).json())).toEqual({ Yerba: 95_000, Azúcar: 40_000 });
    expect(cartPrices((await inject('GET', '/api/cart', c)).json())).toEqual({});
    const lookup = (user: TestUser) => inject('GET', `/api/cart/products?ids=${listed.id},${explicit.id}`, user);
    expect(Object.fromEntries((await lookup(a)).json().items.map((p: { id: string; price: number }) => [p.id, p.price]))).toEqual({
      [listed.id]: 95_000,
      [explicit.id]: 40_000,
    });
    expect((await lookup(b)).json().items.map((p: { price: number }) => p.price).sort()).toEqual([100_000, 50_000].sort());
    await ctx.pool.query(`update products set sku = $2 where id = $1`, [listed.id, `SKU-${t}`]);
    const preview = (user: TestUser) => inject('POST', '/api/cart/lines', user, { lines: [{ sku: `SKU-${t}`, quantity: 1 }], preview: true });
    expect((await preview(c)).json().products[0].price).toBe(90_000);
    expect((await preview(b)).json().products[0].price).toBe(100_000);
  });

  it('the order total is the list price, computed by the server; the WhatsApp text and the order agree', async () => {
    const order = async (user: TestUser) => {
      await setCart(ctx, user.userId, { [listed.id]: 10, [explicit.id]: 2 });
      const response = await inject('POST', '/api/orders', user, {
        items: [
          { product_id: listed.id, quantity: 10 },
          { product_id: explicit.id, quantity: 2 },
        ],
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ order: { total: number; items: { price: number; discounts: { base_price: number } }[] }; whatsapp_url: string }>();
    };
    const onList = await order(a);
    // 10 × (95.000 − 10 %) + 2 × 40.000
    expect(onList.order.total).toBe(10 * 85_500 + 2 * 40_000);
    expect(onList.order.items.map((i) => i.discounts.base_price).sort()).toEqual([40_000, 95_000]);
    expect(new URL(onList.whatsapp_url).searchParams.get('text')).toContain(formatMoney(10 * 85_500 + 2 * 40_000));
    expect((await order(b)).order.total).toBe(10 * 90_000 + 2 * 50_000);
    expect((await order(c)).order.total).toBe(10 * 81_000 + 2 * 45_000);
  });

  it('an admin’s order edit reprices at the customer’s list, a new line too', async () => {
    await setCart(ctx, c.userId, { [listed.id]: 1 });
    const placed = await inject('POST', '/api/orders', c, { items: [{ product_id: listed.id, quantity: 1 }] });
    expect(placed.json().order.total).toBe(90_000);
    const edited = await inject('PATCH', `/api/admin/orders/${placed.json().order.id}`, admin, {
      lines: [
        { product_id: listed.id, quantity: 2 },
        { product_id: explicit.id, quantity: 1 },
      ],
      reason: 'Agrega azúcar',
      reprice: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // "Mayorista grande" −10 %: 2 × 90.000 + 45.000.
    expect(edited.json().total).toBe(2 * 90_000 + 45_000);
  });

  it('an admin edit of a list reaches its customers at once, and no one else’s answers (nor their 304s) change', async () => {
    const read = (user: TestUser, etag?: string) => inject('GET', url(), user, undefined, etag ? { 'if-none-match': etag } : {});
    const etagA = (await read(a)).headers.etag as string;
    const etagB = (await read(b)).headers.etag as string;
    const etagC = (await read(c)).headers.etag as string;
    const edited = await inject('PUT', `/api/admin/price-lists/${lista2.id}`, admin, {
      name: lista2.name,
      percentage: -20,
      items: [{ product_id: explicit.id, price: 30_000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await read(a, etagA);
    expect(afterEdit.statusCode).toBe(200);
    expect(prices(afterEdit.body)).toEqual({ Yerba: 80_000, Azúcar: 30_000 });
    expect((await read(b, etagB)).statusCode).toBe(304);
    expect((await read(c, etagC)).statusCode).toBe(304);

    // Moving A to the base list changes A's prices only.
    await assign(a, null);
    expect(prices((await read(a)).body)).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
    expect((await read(c, etagC)).statusCode).toBe(304);
    await assign(a, lista2.id);
  });

  it('a list changed by plain SQL (or by another process) reaches the cached catalogue through the NOTIFY trigger', async () => {
    const read = () => inject('GET', url(), c);
    expect(prices((await read()).body)).toEqual({ Yerba: 90_000, Azúcar: 45_000 });
    let stop = () => {};
    const notified = new Promise<void>((resolve) => {
      stop = ctx.app.catalogueCache.onInvalidate((payload) => payload === `list:${grande.id}` && resolve());
    });
    await ctx.pool.query('update price_lists set percentage_bp = -3000 where id = $1', [grande.id]);
    await notified;
    stop();
    expect(prices((await read()).body)).toEqual({ Yerba: 70_000, Azúcar: 35_000 });
  });

  it('the price-list PDF is at the customer’s list, for the customer and for the admin', async () => {
    const text = async (path: string, user: TestUser) => {
      const response = await inject('GET', path, user);
      expect(response.statusCode).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
      return text;
    };
    const line = (body: string) => body.slice(body.indexOf(`Yerba ${t}`), body.indexOf(`Yerba ${t}`) + 60);
    await inject('PUT', `/api/admin/price-lists/${lista2.id}`, admin, { name: lista2.name, percentage: -5, items: [{ product_id: explicit.id, price: 40_000 }] });
    expect(line(await text('/api/price-list.pdf', a))).toContain('950,00');
    expect(line(await text('/api/price-list.pdf', b))).toContain('1.000,00');
    expect(line(await text(`/api/admin/users/${c.userId}/price-list.pdf`, admin))).toContain('700,00');
    expect(line(await text(`/api/admin/users/${b.userId}/price-list.pdf`, admin))).toContain('1.000,00');
  });

  /** Runs `write` and resolves once this process has received its invalidation with `payload`. */
  const afterNotice = async (payload: string, write: () => Promise<unknown>) => {
    let stop = () => {};
    const received = new Promise<void>((resolve) => {
      stop = ctx.app.catalogueCache.onInvalidate((p) => p === payload && resolve());
    });
    await write();
    await received.finally(() => stop());
  };
  const seen = async (user: TestUser) => prices((await inject('GET', url(), user)).body);
  /** Base prices back to 1.000,00 through the product trigger: a change no filter reads ('details'), every list's answers forgotten. */
  const restoreBasePrice = () => afterNotice(DETAILS_PAYLOAD, () => ctx.pool.query('update products set price = 100000 where id = $1', [listed.id]));

  /**
   * Writes Yerba's base price with the triggers off (session_replication_role = replica): no NOTIFY,
   * so a remembered answer keeps the old price and an answer loaded afresh shows the new one. It
   * tells which answers a list's edit made the cache forget.
   */
  const setBasePriceUnnoticed = async (price: number) => {
    const client = await ctx.pool.connect();
    try {
      await client.query('begin');
      await client.query(`set local session_replication_role = replica`);
      await client.query('update products set price = $2 where id = $1', [listed.id, price]);
      await client.query('commit');
    } finally {
      client.release();
    }
  };

  it('editing one list forgets only that list’s remembered pages: its customers see the new prices at once, other lists’ answers stay', async () => {
    // Remembered: A at Lista 2 (−5 %), B at the base list, C at Mayorista grande (−30 %).
    expect(await seen(a)).toEqual({ Yerba: 95_000, Azúcar: 40_000 });
    expect(await seen(b)).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
    expect(await seen(c)).toEqual({ Yerba: 70_000, Azúcar: 35_000 });
    await setBasePriceUnnoticed(200_000);

    const edited = await inject('PUT', `/api/admin/price-lists/${lista2.id}`, admin, {
      name: lista2.name,
      percentage: -10,
      items: [{ product_id: explicit.id, price: 40_000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // A's page is loaded afresh: the list's new −10 % over what the database holds now.
    expect(await seen(a)).toEqual({ Yerba: 180_000, Azúcar: 40_000 });
    // B's and C's pages were not forgotten (still the remembered Yerba, priced before the unnoticed write).
    expect(await seen(b)).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
    expect(await seen(c)).toEqual({ Yerba: 70_000, Azúcar: 35_000 });

    // A base price change still forgets every list's answers.
    await restoreBasePrice();
    expect(await seen(a)).toEqual({ Yerba: 90_000, Azúcar: 40_000 });
    expect(await seen(b)).toEqual({ Yerba: 100_000, Azúcar: 50_000 });
    expect(await seen(c)).toEqual({ Yerba: 70_000, Azúcar: 35_000 });
  });

  it('an explicit price written by plain SQL (another process) reaches that list’s customers through its own NOTIFY, and only theirs', async () => {
    expect(await seen(c)).toEqual({ Yerba: 70_000, Azúcar: 35_000 });
    expect(await seen(a)).toEqual({ Yerba: 90_000, Azúcar: 40_000 });
    await setBasePriceUnnoticed(300_000);
    await afterNotice(`list:${grande.id}`, () =>
      ctx.pool.query('insert into price_list_items (list_id, product_id, price) values ($1, $2, 33000)', [grande.id, explicit.id]),
    );
    expect(await seen(c)).toEqual({ Yerba: 210_000, Azúcar: 33_000 });
    expect(await seen(a)).toEqual({ Yerba: 90_000, Azúcar: 40_000 });
    await restoreBasePrice();
    expect(await seen(a)).toEqual({ Yerba: 90_000, Azúcar: 40_000 });
  });
});
