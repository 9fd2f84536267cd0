import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertProduct, productStock } from './admin-orders-fixtures';
import { createAdmin, createStaff, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';

/** The warehouse's stock count (decision 069), against a real PostgreSQL. */
const ctx = await setupTestApp();
const warehouse = await createStaff(ctx, 'warehouse', { nombre: 'Dora', apellido: 'Depósito' });

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
    const body = res.json<{ id: string; changed: { product_id: string; before: number; after: number }[]; unchanged: number }>();
    expect(body.unchanged).toBe(1);
    expect(body.changed).toHaveLength(2);
    expect(body.changed).toEqual(
      expect.arrayContaining([
        { product_id: a!.id, before: 10, after: 12 },
        { product_id: b!.id, before: 5, after: 0 },
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
