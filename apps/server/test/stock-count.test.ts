import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertOrder, insertProduct, productStock } from './admin-orders-fixtures';
import { createAdmin, createStaff, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';

/** The warehouse's stock count (decision 069), against a real PostgreSQL. */
const ctx = await setupTestApp();
const warehouse = await createStaff(ctx, 'warehouse', { nombre: 'Dora', apellido: 'Depósito' });
const customer = await createVerifiedUser(ctx);

const count = (user: TestUser | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/stock-counts', headers: user?.headers ?? {}, payload: payload as Record<string, unknown> });

/** Products whose stock is not the sum of their ledger (must stay empty). */
async function ledgerMismatches(ids: string[]): Promise<number> {
  const { rows } = await ctx.pool.query<{ n: number }>(
    `select count(*)::int as n from products p
      where p.id = any($1::uuid[]) and p.stock <> coalesce((select sum(quantity) from stock_movements m where m.product_id = p.id), 0)`,
    [ids],
  );
  return rows[0]!.n;
}

async function countMovements(ids: string[]) {
  const { rows } = await ctx.pool.query<{ product_id: string; quantity: number; balance: number; actor_id: string | null }>(
    `select product_id, quantity, balance, actor_id from stock_movements where product_id = any($1::uuid[]) and kind = 'count' order by id`,
    [ids],
  );
  return rows;
}

const auditCount = async () => (await ctx.pool.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'stock.count'`)).rows[0]!.n;

describe('POST /api/admin/stock-counts', () => {
  it('the warehouse counts three products: two change with one count movement each, the one already right gets none; one audit row', async () => {
    const [a, b, c] = await Promise.all([insertProduct(ctx.pool, { stock: 10 }), insertProduct(ctx.pool, { stock: 5 }), insertProduct(ctx.pool, { stock: 7 })]);
    const ids = [a!.id, b!.id, c!.id];
    const before = await auditCount();
    const res = await count(warehouse, { counts: [{ product_id: a!.id, counted: 12 }, { product_id: b!.id, counted: 0 }, { product_id: c!.id, counted: 7 }] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ id: string; changed: { product_id: string; before: number; after: number; counted: number; reserved: number }[]; unchanged: number }>();
    expect(body.unchanged).toBe(1);
    expect(body.changed).toHaveLength(2);
    expect(body.changed).toEqual(
      expect.arrayContaining([
        { product_id: a!.id, before: 10, after: 12, counted: 12, reserved: 0 },
        { product_id: b!.id, before: 5, after: 0, counted: 0, reserved: 0 },
      ]),
    );
    expect([await productStock(ctx.pool, a!.id), await productStock(ctx.pool, b!.id), await productStock(ctx.pool, c!.id)]).toEqual([12, 0, 7]);
    expect(await ledgerMismatches(ids)).toBe(0);
    const movements = await countMovements(ids);
    expect(movements).toHaveLength(2);
    expect(movements).toEqual(
      expect.arrayContaining([
        { product_id: a!.id, quantity: 2, balance: 12, actor_id: warehouse.userId },
        { product_id: b!.id, quantity: -5, balance: 0, actor_id: warehouse.userId },
      ]),
    );
    expect(await auditCount()).toBe(before + 1);
    const { rows } = await ctx.pool.query(`select actor_id, actor_role, entity, entity_id, summary from audit_log where action = 'stock.count' order by id desc limit 1`);
    expect(rows[0]).toEqual({ actor_id: warehouse.userId, actor_role: 'warehouse', entity: 'stock_count', entity_id: body.id, summary: { after: { products: 2, unchanged: 1 } } });
  });

  it('the catalogue shows the counted stock at once (the staff list the Stock tab reads)', async () => {
    const product = await insertProduct(ctx.pool, { stock: 3 });
    const list = () => ctx.app.inject({ method: 'GET', url: `/api/products?include_disabled=true&search=${encodeURIComponent(product.name)}`, headers: warehouse.headers });
    expect((await list()).json().items[0]).toMatchObject({ id: product.id, stock: 3 });
    expect((await count(warehouse, { counts: [{ product_id: product.id, counted: 40 }] })).statusCode).toBe(200);
    expect((await list()).json().items[0]).toMatchObject({ id: product.id, stock: 40 });
  });

  it('the owner and the office may count; a rep, a driver and a customer get 403; nobody signed in 401', async () => {
    const product = await insertProduct(ctx.pool, { stock: 1 });
    const body = (counted: number) => ({ counts: [{ product_id: product.id, counted }] });
    expect((await count(await createSuperAdmin(ctx), body(2))).statusCode).toBe(200);
    expect((await count(await createAdmin(ctx), body(3))).statusCode).toBe(200);
    for (const user of [await createStaff(ctx, 'sales'), await createStaff(ctx, 'driver'), await createVerifiedUser(ctx)]) {
      const res = await count(user, body(99));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    // Refused before the body is read: an invalid body from a rep is still 403, from nobody 401.
    expect((await count(await createStaff(ctx, 'sales'), { counts: 'x' })).statusCode).toBe(403);
    expect((await count(null, body(99))).statusCode).toBe(401);
    expect(await productStock(ctx.pool, product.id)).toBe(3);
  });

  it('invalid bodies answer 400 in Spanish and change nothing', async () => {
    const product = await insertProduct(ctx.pool, { stock: 8 });
    const line = (counted: unknown) => ({ product_id: product.id, counted });
    const bodies: unknown[] = [
      {},
      { counts: [] },
      { counts: [line(-1)] },
      { counts: [line(2.5)] },
      { counts: [line('5')] },
      { counts: [line(1_000_001)] },
      { counts: [line(1), line(2)] },
      { counts: [{ product_id: 'no-es-un-id', counted: 1 }] },
      { counts: [line(1)], extra: true },
      { counts: Array.from({ length: 501 }, () => ({ product_id: randomUUID(), counted: 1 })) },
    ];
    const audits = await auditCount();
    for (const payload of bodies) {
      const res = await count(warehouse, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    expect(await productStock(ctx.pool, product.id)).toBe(8);
    expect(await countMovements([product.id])).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it('an unknown product in a batch of three changes nothing (422)', async () => {
    const [a, b] = await Promise.all([insertProduct(ctx.pool, { stock: 4 }), insertProduct(ctx.pool, { stock: 6 })]);
    const audits = await auditCount();
    const res = await count(warehouse, { counts: [{ product_id: a!.id, counted: 1 }, { product_id: randomUUID(), counted: 2 }, { product_id: b!.id, counted: 3 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'stock_count_unknown_product', message: expect.stringContaining('No se cambió ningún stock') });
    expect([await productStock(ctx.pool, a!.id), await productStock(ctx.pool, b!.id)]).toEqual([4, 6]);
    expect(await countMovements([a!.id, b!.id])).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it('a product with unlimited stock refuses the whole count with its name (422)', async () => {
    const counted = await insertProduct(ctx.pool, { stock: 4 });
    const unlimited = await insertProduct(ctx.pool, { stock: 0, has_unlimited_stock: true, name: `Hielo ${randomUUID().slice(0, 6)}` });
    const res = await count(warehouse, { counts: [{ product_id: counted.id, counted: 9 }, { product_id: unlimited.id, counted: 3 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'stock_count_unlimited_product', message: expect.stringContaining(unlimited.name) });
    expect(await productStock(ctx.pool, counted.id)).toBe(4);
    expect(await countMovements([counted.id, unlimited.id])).toEqual([]);
  });
});

describe('units of orders not yet prepared are still on the shelf', () => {
  type Line = { product_id: string; before: number; after: number; counted: number; reserved: number };
  const reservedOf = (user: TestUser | null, query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/stock-counts/reserved${query}`, headers: user?.headers ?? {} });

  it('a Confirmado order of 3 and a Pendiente of 2: counted 10 sets the stock to 5; the line says counted and reserved; the ledger equals the stock', async () => {
    const product = await insertProduct(ctx.pool, { stock: 4 });
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Confirmado', lines: [{ product, quantity: 3 }] });
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Pendiente', lines: [{ product, quantity: 2 }] });
    const res = await count(warehouse, { counts: [{ product_id: product.id, counted: 10 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ changed: Line[] }>().changed).toEqual([{ product_id: product.id, before: 4, after: 5, counted: 10, reserved: 5 }]);
    expect(await productStock(ctx.pool, product.id)).toBe(5);
    expect(await ledgerMismatches([product.id])).toBe(0);
    expect(await countMovements([product.id])).toEqual([{ product_id: product.id, quantity: 1, balance: 5, actor_id: warehouse.userId }]);
  });

  it('a Confirmado order of 3, counted 10 → stock 7; a Pendiente de Canje order counts too', async () => {
    const [a, b] = await Promise.all([insertProduct(ctx.pool, { stock: 0 }), insertProduct(ctx.pool, { stock: 0 })]);
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Confirmado', lines: [{ product: a!, quantity: 3 }] });
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Pendiente de Canje', lines: [{ product: b!, quantity: 1 }] });
    const res = await count(warehouse, { counts: [{ product_id: a!.id, counted: 10 }, { product_id: b!.id, counted: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    // b: 1 on the shelf is the redeemed order's unit: the stock stays 0, nothing to move.
    expect(res.json<{ changed: Line[]; unchanged: number }>()).toMatchObject({ changed: [{ product_id: a!.id, before: 0, after: 7, counted: 10, reserved: 3 }], unchanged: 1 });
    expect([await productStock(ctx.pool, a!.id), await productStock(ctx.pool, b!.id)]).toEqual([7, 0]);
    expect(await ledgerMismatches([a!.id, b!.id])).toBe(0);
  });

  it('the units of Preparado, Entregado, Cancelado and Rechazado orders are not subtracted (they left the shelf or came back to the stock)', async () => {
    const product = await insertProduct(ctx.pool, { stock: 2 });
    for (const status of ['Preparado', 'Entregado', 'Cancelado', 'Rechazado'] as const) {
      await insertOrder(ctx.pool, { userId: customer.userId, status, lines: [{ product, quantity: 4 }] });
    }
    const res = await count(warehouse, { counts: [{ product_id: product.id, counted: 9 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ changed: Line[] }>().changed).toEqual([{ product_id: product.id, before: 2, after: 9, counted: 9, reserved: 0 }]);
    expect(await productStock(ctx.pool, product.id)).toBe(9);
    expect(await ledgerMismatches([product.id])).toBe(0);
  });

  it('counted below the units of unprepared orders refuses the whole count (422 naming the product and both numbers); nothing changes', async () => {
    const [short, fine] = await Promise.all([insertProduct(ctx.pool, { stock: 1, name: `Yerba ${randomUUID().slice(0, 6)}` }), insertProduct(ctx.pool, { stock: 6 })]);
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Confirmado', lines: [{ product: short!, quantity: 5 }] });
    const audits = await auditCount();
    const res = await count(warehouse, { counts: [{ product_id: fine!.id, counted: 8 }, { product_id: short!.id, counted: 3 }] });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe('stock_count_below_reserved');
    expect(body.message).toContain(`Contaste 3 de «${short!.name}», pero hay 5 en pedidos sin preparar`);
    expect(body.message).toContain('no se cambió ningún stock');
    expect([await productStock(ctx.pool, short!.id), await productStock(ctx.pool, fine!.id)]).toEqual([1, 6]);
    expect(await countMovements([short!.id, fine!.id])).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it('GET /api/admin/stock-counts/reserved: the units per product of the ids asked (none: missing); 400 on bad ids; 403/401 like the count', async () => {
    const [a, b, c] = await Promise.all([insertProduct(ctx.pool, { stock: 1 }), insertProduct(ctx.pool, { stock: 1 }), insertProduct(ctx.pool, { stock: 1 })]);
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Confirmado', lines: [{ product: a!, quantity: 3 }, { product: b!, quantity: 1 }] });
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Pendiente', lines: [{ product: a!, quantity: 2 }] });
    await insertOrder(ctx.pool, { userId: customer.userId, status: 'Preparado', lines: [{ product: c!, quantity: 7 }] });
    const res = await reservedOf(warehouse, `?ids=${a!.id},${b!.id},${c!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reserved: { [a!.id]: 5, [b!.id]: 1 } });
    // An id in capitals names the same product.
    expect((await reservedOf(warehouse, `?ids=${a!.id.toUpperCase()}`)).json()).toEqual({ reserved: { [a!.id]: 5 } });
    for (const query of ['', '?ids=', '?ids=no-es-un-id', `?ids=${a!.id}&x=1`, `?ids=${Array.from({ length: 101 }, () => randomUUID()).join(',')}`]) {
      const bad = await reservedOf(warehouse, query);
      expect(bad.statusCode, query.slice(0, 60)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    expect((await reservedOf(await createStaff(ctx, 'sales'), `?ids=${a!.id}`)).statusCode).toBe(403);
    expect((await reservedOf(await createVerifiedUser(ctx), '?ids=x')).statusCode).toBe(403);
    expect((await reservedOf(null, `?ids=${a!.id}`)).statusCode).toBe(401);
  });
});
