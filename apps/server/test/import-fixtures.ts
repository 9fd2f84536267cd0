import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Product, ProductInput } from '@mayorista/core/schemas/product';
import type { TestUser } from './factories';
import type { TestContext } from './helpers';

/** A spreadsheet as the admin's browser uploads it: one multipart `file` field. */
export function multipart(file: Buffer, fileName = 'catalogo.csv') {
  const boundary = `----import${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The catalogue import's calls as an admin makes them (the repricing work, decision 015): `importFile` (dry run or apply)
 * and `createProduct` (names `<prefix> <tag>`, unique per call). `admin` is read when called, so
 * it may be set in a beforeAll.
 */
export function importClient(ctx: TestContext, admin: () => TestUser, prefix: string) {
  let counter = 0;
  const tag = () => `${++counter}${Math.random().toString(36).slice(2, 6)}`;
  const importFile = (file: Buffer, dryRun: boolean, fileName?: string) => {
    const { payload, headers } = multipart(file, fileName);
    return ctx.app.inject({ method: 'POST', url: `/api/admin/products/import${dryRun ? '?dry_run=1' : ''}`, headers: { ...admin().headers, ...headers }, payload });
  };
  const createProduct = async (overrides: Partial<ProductInput>): Promise<Product> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin().headers,
      payload: { name: `${prefix} ${tag()}`, price: 100_000, retail_price: 150_000, stock: 5, ...overrides },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  return { tag, importFile, createProduct };
}
