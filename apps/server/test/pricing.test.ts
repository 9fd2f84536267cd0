import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductInput } from '@mayorista/core/schemas/product';
import type { PriceChange, PriceChangesPage, ProductPriceHistory, RepricePreview, UndoResult } from '@mayorista/core/schemas/pricing';
import { productInputSchema } from '@mayorista/core/schemas/product';
import * as productsRepository from '../src/modules/products/products.repository';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';

const ctx = await setupTestApp();
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  [admin, customer] = await Promise.all([createAdmin(ctx), createVerifiedUser(ctx, { approved: true })]);
});

let counter = 0;
const category = () => `Cat ${++counter} ${Math.random().toString(36).slice(2, 7)}`;

async function createProduct(overrides: Partial<ProductInput>): Promise<Product> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin.headers,
    payload: { name: `Prod ${++counter} ${Math.random().toString(36).slice(2, 7)}`, price: 100_000, retail_price: 150_000, stock: 5, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

const reprice = (payload: object, dryRun: boolean, user = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/products/reprice${dryRun ? '?dry_run=1' : ''}`, headers: user.headers, payload });

async function product(id: string): Promise<Product> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?include_disabled=1&page_size=100`, headers: admin.headers });
  return response.json<{ items: Product[] }>().items.find((p) => p.id === id)!;
}

async function productsOf(cat: string): Promise<Product[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?category=${encodeURIComponent(cat)}&page_size=100`, headers: admin.headers });
  return response.json<{ items: Product[] }>().items;
}

describe('POST /api/admin/products/reprice', () => {
  it('previews without writing, applies in one change, and undo restores the old prices', async () => {
    const bebidas = category();
    const a = await createProduct({ category: bebidas, price: 100_500, retail_price: 150_000, on_sale: true, sale_price: 90_000 });
    const b = await createProduct({ category: bebidas, price: 200_000, retail_price: 250_000, discounts: [{ minQuantity: 10, discountType: 'final_price', discountValue: 180_000 }] });
    const other = await createProduct({ category: category(), price: 100_000 });
    const rule = { scope: { category: bebidas }, adjustment: { kind: 'percent', percent: 12 }, fields: ['price', 'sale_prices', 'tiers'], rounding: '10' };

    const preview = await reprice({ ...rule, sort: 'old', order: 'desc' }, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<RepricePreview>();
    expect(body).toMatchObject({ total: 2, changed: 2, with_warnings: 0 });
    expect(body.items.map((i) => i.id)).toEqual([b.id, a.id]);
    // $1.005 + 12 % = $1.125,60 → up to $1.130; $2.000 + 12 % = $2.240.
    expect(body.items[1]!.after).toMatchObject({ price: 113_000, retail_price: 150_000, sale_price: 101_000 });
    expect(body.items[0]!.after.discounts[0]!.discountValue).toBe(202_000);
    expect((await product(a.id)).price).toBe(100_500);

    const applied = await reprice(rule, false);
    expect(applied.statusCode, applied.body).toBe(201);
    const change = applied.json<PriceChange>();
    expect(change).toMatchObject({ source: 'reprice', product_count: 2, undone_at: null });
    expect((await productsOf(bebidas)).map((p) => p.price).sort()).toEqual([113_000, 224_000]);
    expect((await product(other.id)).price).toBe(100_000);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/price-changes', headers: admin.headers });
    expect(list.json<PriceChangesPage>().items.some((c) => c.id === change.id && c.rule !== null)).toBe(true);

    const undo = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${change.id}/undo`, headers: admin.headers });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<UndoResult>()).toMatchObject({ restored: 2, skipped: [] });
    const restoredA = await product(a.id);
    expect([restoredA.price, restoredA.sale_price]).toEqual([100_500, 90_000]);
    expect((await product(b.id)).discounts[0]!.discountValue).toBe(180_000);

    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${change.id}/undo`, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'price_change_already_undone' });
  });

  it('undo leaves a product edited since the change alone and reports it', async () => {
    const cat = category();
    const kept = await createProduct({ category: cat, price: 100_000 });
    const edited = await createProduct({ category: cat, price: 100_000 });
    const applied = await reprice({ scope: { category: cat }, adjustment: { kind: 'amount', amount: 5_000 }, fields: ['price'] }, false);
    const change = applied.json<PriceChange>();
    const current = await product(edited.id);
    const { id: _id, image_url: _i, created_at: _c, updated_at: _u, ...fields } = current;
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/products/${edited.id}`, headers: admin.headers, payload: { ...fields, price: 123_400 } });
    expect(put.statusCode, put.body).toBe(200);

    const undo = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${change.id}/undo`, headers: admin.headers });
    expect(undo.json<UndoResult>()).toMatchObject({ restored: 1, skipped: [{ id: edited.id }] });
    expect((await product(kept.id)).price).toBe(100_000);
    expect((await product(edited.id)).price).toBe(123_400);

    // The editor's history shows the manual edit, the bulk change and nothing of the skipped undo.
    const history = await ctx.app.inject({ method: 'GET', url: `/api/admin/products/${edited.id}/price-history`, headers: admin.headers });
    const sources = history.json<ProductPriceHistory>().items.map((i) => [i.source, i.before.price, i.after.price]);
    expect(sources).toEqual([
      ['manual', 105_000, 123_400],
      ['reprice', 100_000, 105_000],
    ]);
  });

  it('refuses, changing nothing, when a price would become 0 or a sale would pass the list price', async () => {
    const cat = category();
    const cheap = await createProduct({ category: cat, price: 4_000, retail_price: 150_000 });
    const toZero = await reprice({ scope: { category: cat }, adjustment: { kind: 'percent', percent: -10 }, fields: ['price'], rounding: '100' }, false);
    expect(toZero.statusCode).toBe(422);
    expect(toZero.json()).toMatchObject({ code: 'reprice_invalid', products: [{ id: cheap.id, warnings: [{ kind: 'not_positive', field: 'price' }] }] });
    expect((await product(cheap.id)).price).toBe(4_000);

    const onSale = await createProduct({ category: cat, price: 100_000, on_sale: true, sale_price: 95_000 });
    const preview = await reprice({ scope: { product_ids: [onSale.id] }, adjustment: { kind: 'percent', percent: -10 }, fields: ['price'] }, true);
    expect(preview.json<RepricePreview>().items[0]!.warnings).toEqual([{ kind: 'sale_above_list', field: 'sale_price' }]);
    expect((await reprice({ scope: { product_ids: [onSale.id] }, adjustment: { kind: 'percent', percent: -10 }, fields: ['price'] }, false)).statusCode).toBe(422);
  });

  it('validates the rule: −100 % or less, 0, no fields, unknown rounding; customers get 403', async () => {
    for (const payload of [
      { adjustment: { kind: 'percent', percent: -100 }, fields: ['price'] },
      { adjustment: { kind: 'percent', percent: -150 }, fields: ['price'] },
      { adjustment: { kind: 'percent', percent: 0 }, fields: ['price'] },
      { adjustment: { kind: 'percent', percent: 1.234 }, fields: ['price'] },
      { adjustment: { kind: 'amount', amount: 10.5 }, fields: ['price'] },
      { adjustment: { kind: 'percent', percent: 5 }, fields: [] },
      { adjustment: { kind: 'percent', percent: 5 }, fields: ['price'], rounding: '7' },
    ]) {
      const response = await reprice(payload, true);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[a-záéíóúñ]/i);
    }
    expect((await reprice({ adjustment: { kind: 'percent', percent: 5 }, fields: ['price'] }, true, customer)).statusCode).toBe(403);
  });
});

describe('one writer of prices (decision 025)', () => {
  const history = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/admin/products/${id}/price-history`, headers: admin.headers }))
      .json<ProductPriceHistory>()
      .items.map((i) => [i.source, i.before.price, i.after.price, i.before.sale_price, i.after.sale_price]);
  const edit = async (p: Product, changes: Partial<ProductInput>) => {
    const { id: _id, image_url: _i, created_at: _c, updated_at: _u, ...fields } = p;
    return ctx.app.inject({ method: 'PUT', url: `/api/products/${p.id}`, headers: admin.headers, payload: { ...fields, ...changes } });
  };

  it('the product repository writes an edit’s other fields, never its prices: those go through modules/pricing', async () => {
    const p = await createProduct({ price: 100_000, on_sale: true, sale_price: 90_000 });
    const { id: _id, image_url: _i, created_at: _c, updated_at: _u, ...fields } = p;
    const data = productInputSchema.parse({ ...fields, name: `${p.name} bis`, price: 300_000, on_sale: false, sale_price: null, retail_price: 400_000 });
    const updated = await productsRepository.updateProductDetails(ctx.db, p.id, data);
    expect(updated).toMatchObject({ name: `${p.name} bis`, price: 100_000, retail_price: 150_000, on_sale: true, sale_price: 90_000 });
  });

  it('the editor turns an offer off and clears its price while lowering the list price, in one save, recorded once', async () => {
    const p = await createProduct({ price: 100_000, on_sale: true, sale_price: 90_000 });
    // Below the old sale price: written apart from the flag, the sale CHECKs would refuse the middle row.
    const off = await edit(p, { price: 80_000, on_sale: false, sale_price: null, name: `${p.name} sin oferta` });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Product>()).toMatchObject({ price: 80_000, on_sale: false, sale_price: null, name: `${p.name} sin oferta` });
    const on = await edit(off.json<Product>(), { price: 120_000, on_sale: true, sale_price: 110_000 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<Product>()).toMatchObject({ price: 120_000, on_sale: true, sale_price: 110_000 });
    // A save that changes no price records nothing; a refused one changes nothing.
    expect((await edit(on.json<Product>(), { description: 'Caja de 12.' })).statusCode).toBe(200);
    const refused = await edit(on.json<Product>(), { price: 100_000, sale_price: 110_000, name: `${p.name} nunca` });
    expect(refused.statusCode).toBe(400);
    expect(await product(p.id)).toMatchObject({ price: 120_000, sale_price: 110_000, name: `${p.name} sin oferta`, description: 'Caja de 12.' });
    expect(await history(p.id)).toEqual([
      ['manual', 80_000, 120_000, null, 110_000],
      ['manual', 100_000, 80_000, 90_000, null],
    ]);
  });
});

