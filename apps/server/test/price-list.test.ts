import { writeFileSync } from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductInput } from '@mayorista/core/schemas/product';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';

const ctx = await setupTestApp();
let admin: TestUser;
let customer: TestUser;
let pending: TestUser;

beforeAll(async () => {
  [admin, customer, pending] = await Promise.all([
    createAdmin(ctx),
    createVerifiedUser(ctx, { approved: true }),
    createVerifiedUser(ctx, { approved: false }),
  ]);
});

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function createProduct(input: Partial<ProductInput>): Promise<Product> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { price: 100_000, retail_price: 150_000, stock: 3, ...input } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

describe('GET /api/price-list.pdf', () => {
  it("gives an approved customer the catalogue at their prices, grouped by category, with offers and tiers", async () => {
    await createProduct({ name: 'Yerba Lista 1 kg', category: 'Almacén Lista', price: 345_600, retail_price: 500_000, discounts: [{ minQuantity: 12, discountType: 'final_price', discountValue: 300_000 }] });
    await createProduct({ name: 'Gaseosa Lista 2 L', category: 'Bebidas Lista', price: 120_000, retail_price: 180_000, on_sale: true, sale_price: 99_900 });
    await createProduct({ name: 'Oculto Lista', category: 'Bebidas Lista', is_enabled: false });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/price-list.pdf', headers: customer.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="lista-de-precios-\d{4}-\d{2}-\d{2}\.pdf"$/);
    if (process.env.PRICE_LIST_PDF_OUT) writeFileSync(process.env.PRICE_LIST_PDF_OUT, response.rawPayload);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Lista de precios');
    expect(text).toMatch(/Precios al \d+ de \w+ de \d{4}/);
    expect(text.indexOf('Almacén Lista')).toBeLessThan(text.indexOf('Bebidas Lista'));
    expect(text).toContain('3.456,00');
    expect(text).toContain('Desde 12 u.: $ 3.000,00');
    expect(text).toContain('Oferta $ 999,00');
    expect(text).not.toContain('Oculto Lista');
    expect(text).not.toContain('5.000,00');
  });

  it('is for approved customers; an admin downloads any customer’s list at that customer’s prices', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/price-list.pdf', headers: pending.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/price-list.pdf' })).statusCode).toBe(401);
    const forPending = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${pending.userId}/price-list.pdf`, headers: admin.headers });
    expect(forPending.statusCode).toBe(200);
    const text = await pdfText(forPending.rawPayload);
    expect(text).toContain('5.000,00');
    expect(text).not.toContain('3.456,00');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customer.userId}/price-list.pdf`, headers: customer.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/users/00000000-0000-4000-8000-000000000000/price-list.pdf`, headers: admin.headers })).statusCode).toBe(404);
  });
});
