import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, UndoResult } from '@mayorista/core/schemas/pricing';
import type { Product } from '@mayorista/core/schemas/product';
import { checkConsistency } from '../src/db/consistency';
import { createAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { importClient, multipart } from './import-fixtures';

/** Decision 022: SKU-less products round-trip through the ID column; an import's undo restores all it changed. */
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'mayorista-undo-uploads-'));
const ctx = await setupTestApp({ env: { UPLOADS_DIR: uploadsDir } });
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

const { tag, importFile, createProduct } = importClient(ctx, () => admin, 'Undo');

const productById = async (id: string) =>
  (await ctx.pool.query<{ name: string; price: number; stock: number; is_enabled: boolean; category: string | null }>(
    `select name, price, stock, is_enabled, category from products where id = $1`,
    [id],
  )).rows[0];

const exportCsv = async (category: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/products/export.csv?include_disabled=1&category=${encodeURIComponent(category)}`, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return response.rawPayload.toString('utf8').slice(1).split('\r\n');
};

describe('products without a SKU', () => {
  it('round-trip through the ID column (CSV and XLSX): 0 changes, an edit by ID, and the ID/SKU errors', async () => {
    const category = `SinSku ${tag()}`;
    const bare = await createProduct({ category, sku: null });
    const other = await createProduct({ category, sku: null, price: 200_000 });
    await createProduct({ category, sku: `K-${tag()}` });
    const lines = await exportCsv(category);
    expect(lines[0]).toContain(';Visible;IVA;ID;');

    const same = await importFile(Buffer.from(lines.join('\r\n')), true);
    expect(same.json<ImportReport>()).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: [] });
    const xlsx = await ctx.app.inject({ method: 'GET', url: `/api/admin/products/export.xlsx?include_disabled=1&category=${encodeURIComponent(category)}`, headers: admin.headers });
    expect((await importFile(xlsx.rawPayload, true)).json<ImportReport>()).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: [] });

    // The SKU-less product's wholesale price edited in the file: it is updated, nothing is created.
    const at = lines.findIndex((l) => l.includes(bare.id));
    const edited = [...lines];
    edited[at] = edited[at]!.replace(';1.000,00;', ';1.234,00;');
    const applied = await importFile(Buffer.from(edited.join('\r\n')), false);
    expect(applied.json<ImportReport>()).toMatchObject({ created: 0, updated: 1, unchanged: 2, errors: [] });
    expect(Number((await productById(bare.id))!.price)).toBe(123_400);
    expect((await productById(other.id))!.price).toBe(200_000);

    // A new row still needs a SKU; an unknown or repeated ID is a row error; nothing changes.
    const header = lines[0]!;
    const width = header.split(';').length;
    const row = (cells: string[]) => [...cells, ...Array(width - cells.length).fill('')].join(';');
    const idAt = header.split(';').indexOf('ID');
    const withId = (id: string, name: string) => {
      const cells = ['', name, category, '10', '20', 'No', '', 'No', '', '1', 'No', 'Sí'];
      cells[idAt] = id;
      return row(cells);
    };
    const bad = [header, row(['', `Nuevo sin SKU ${tag()}`, category, '10', '20']), withId(randomUUID(), `Fantasma ${tag()}`), withId(other.id, other.name), withId(other.id, other.name), withId('no-es-un-id', 'X')];
    const refused = await importFile(Buffer.from(bad.join('\n')), false);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<{ report: ImportReport }>().report.errors;
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'SKU'],
      [6, 'ID'],
      [3, 'ID'],
      [5, 'ID'],
    ]);
    expect(errors[0]!.message).toBe('Fila 2, columna "SKU": falta el SKU.');
    expect(errors[2]!.message).toMatch(/no corresponde a ningún producto/);
    expect(errors[3]!.message).toMatch(/ya aparece en la fila 4/);
    expect(Number((await productById(bare.id))!.price)).toBe(123_400);
  });
});

describe('undoing an import', () => {
  it('restores fields and prices, moves stock back through the ledger, removes what it created unless ordered, and reports edits', async () => {
    const category = `Deshacer ${tag()}`;
    const priced = await createProduct({ category, sku: `P-${tag()}` });
    const stocked = await createProduct({ category, sku: `S-${tag()}`, stock: 5 });
    const hidden = await createProduct({ category, sku: `H-${tag()}` });
    const touched = await createProduct({ category, sku: `T-${tag()}` });
    const lines = await exportCsv(category);
    const edit = (product: Product, from: RegExp, to: string) => {
      const at = lines.findIndex((l) => l.includes(product.id));
      lines[at] = lines[at]!.replace(from, to);
    };
    edit(priced, /;1.000,00;/, ';1.100,00;');
    edit(stocked, /;5;No;Sí;/, ';42;No;Sí;');
    edit(hidden, /;No;Sí;/, ';No;No;');
    edit(touched, /;1.000,00;/, ';900,00;');
    const width = lines[0]!.split(';').length;
    const created = (name: string, sku: string) => [sku, name, category, '10', '20', 'No', '', 'No', '', '3', 'No', 'Sí', ...Array(width - 12).fill('')].join(';');
    const keptName = `Creado y pedido ${tag()}`;
    const goneName = `Creado sin pedidos ${tag()}`;
    lines.splice(lines.length - 1, 0, created(keptName, `N1-${tag()}`), created(goneName, `N2-${tag()}`));
    const applied = await importFile(Buffer.from(lines.join('\r\n')), false);
    const report = applied.json<ImportReport>();
    expect(report).toMatchObject({ created: 2, updated: 4 });

    // Since the import: a customer orders 2 of `stocked` and 1 of the first new product; an admin
    // changes `touched`'s price again (a field the import wrote) and renames `priced` (one it did not).
    const customer = await createVerifiedUser(ctx);
    const kept = (await ctx.pool.query<{ id: string }>(`select id from products where name = $1`, [keptName])).rows[0]!.id;
    const gone = (await ctx.pool.query<{ id: string }>(`select id from products where name = $1`, [goneName])).rows[0]!.id;
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { items: [{ product_id: stocked.id, quantity: 2 }, { product_id: kept, quantity: 1 }], canjeado_con_puntos: false, idempotency_key: randomUUID() },
    });
    expect(order.statusCode, order.body).toBe(201);
    const rename = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${touched.id}`,
      headers: admin.headers,
      payload: { name: touched.name, price: 95_000, retail_price: 150_000, stock: 5, category, sku: touched.sku },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const renamed = `Renombrado ${tag()}`;
    const renaming = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${priced.id}`,
      headers: admin.headers,
      payload: { name: renamed, price: 110_000, retail_price: 150_000, stock: 5, category, sku: priced.sku },
    });
    expect(renaming.statusCode, renaming.body).toBe(200);

    const undo = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${report.change_id}/undo`, headers: admin.headers });
    expect(undo.statusCode, undo.body).toBe(200);
    const result = undo.json<UndoResult>();
    expect(result).toMatchObject({ restored: 1, fields_restored: 3, removed: 1 });
    expect(result.skipped.map((s) => [s.id, s.reason]).sort()).toEqual(
      [
        [kept, 'ordered'],
        [touched.id, 'edited'],
      ].sort(),
    );
    // Only the fields the import changed go back: the later rename stays.
    expect(await productById(priced.id)).toMatchObject({ price: 100_000, name: renamed });
    // 5 → 42 by the import, 2 sold: the import's +37 goes back, the sale stays counted.
    expect((await productById(stocked.id))!.stock).toBe(3);
    const { rows: moves } = await ctx.pool.query(`select kind, quantity, balance from stock_movements where product_id = $1 order by id desc limit 1`, [stocked.id]);
    expect(moves[0]).toEqual({ kind: 'import', quantity: -37, balance: 3 });
    expect((await productById(hidden.id))!.is_enabled).toBe(true);
    expect(await productById(gone)).toBeUndefined();
    const leftovers = await ctx.pool.query(
      `select (select count(*) from import_items where product_id = $1)::int as imported, (select count(*) from stock_movements where product_id = $1)::int as moves`,
      [gone],
    );
    expect(leftovers.rows[0]).toEqual({ imported: 0, moves: 0 });
    expect(await productById(kept)).toBeDefined();
    expect((await productById(touched.id))!.price).toBe(95_000);
    expect((await checkConsistency(ctx.pool)).violations).toEqual([]);
  });

  it('reads an XLSX import of the ID column back as the same product', async () => {
    const category = `IdXlsx ${tag()}`;
    const p = await createProduct({ category, sku: null });
    const xlsx = await ctx.app.inject({ method: 'GET', url: `/api/admin/products/export.xlsx?category=${encodeURIComponent(category)}`, headers: admin.headers });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.getRow(2).getCell(headers.indexOf('ID') + 1).value).toBe(p.id);
    sheet.getRow(2).getCell(headers.indexOf('Stock') + 1).value = 9;
    const applied = await importFile(Buffer.from(await book.xlsx.writeBuffer()), false);
    expect(applied.json<ImportReport>()).toMatchObject({ created: 0, updated: 1 });
    expect((await productById(p.id))!.stock).toBe(9);
  });

  it('a deleted product takes its price history with it (price_change_items has no foreign key since migration 0013)', async () => {
    const p = await createProduct({ sku: null });
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: admin.headers,
      payload: { name: p.name, price: 120_000, retail_price: 150_000, stock: 5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const count = async () => (await ctx.pool.query<{ n: number }>(`select count(*)::int as n from price_change_items where product_id = $1`, [p.id])).rows[0]!.n;
    expect(await count()).toBeGreaterThan(0);
    await ctx.pool.query(`delete from products where id = $1`, [p.id]);
    expect(await count()).toBe(0);
  });

  it('refuses with 409 and changes nothing when a name the undo would give back was taken since', async () => {
    const category = `Nombre ${tag()}`;
    const p = await createProduct({ category, sku: `NM-${tag()}` });
    const oldName = p.name;
    const lines = await exportCsv(category);
    const at = lines.findIndex((l) => l.includes(p.id));
    lines[at] = lines[at]!.replace(`;${oldName};`, `;${oldName} nuevo;`);
    const report = (await importFile(Buffer.from(lines.join('\r\n')), false)).json<ImportReport>();
    expect(report).toMatchObject({ updated: 1 });
    await createProduct({ name: oldName });
    const undo = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${report.change_id}/undo`, headers: admin.headers });
    expect([undo.statusCode, undo.json().code]).toEqual([409, 'product_name_taken']);
    expect((await productById(p.id))!.name).toBe(`${oldName} nuevo`);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/admin/price-changes?page=1&page_size=50', headers: admin.headers });
    expect(again.json<{ items: { id: string; undone_at: string | null }[] }>().items.find((c) => c.id === report.change_id)!.undone_at).toBeNull();
  });

  it('removes the image files of a created product it deletes (uploaded since the import): no orphan on disk', async () => {
    const category = `ConFoto ${tag()}`;
    await createProduct({ category, sku: `CF-${tag()}` });
    const lines = await exportCsv(category);
    const width = lines[0]!.split(';').length;
    const name = `Creado con fotos ${tag()}`;
    lines.splice(lines.length - 1, 0, [`CF2-${tag()}`, name, category, '10', '20', 'No', '', 'No', '', '3', 'No', 'Sí', ...Array(width - 12).fill('')].join(';'));
    const report = (await importFile(Buffer.from(lines.join('\r\n')), false)).json<ImportReport>();
    expect(report).toMatchObject({ created: 1 });
    const created = (await ctx.pool.query<{ id: string }>(`select id from products where name = $1`, [name])).rows[0]!.id;

    // Since the import, the admin gave the new product a gallery: two images, each with its copies.
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2864c8' } }).png().toBuffer();
    for (const url of [`/api/products/${created}/images`, `/api/products/${created}/images`]) {
      const { payload, headers } = multipart(image, 'foto.png');
      const uploaded = await ctx.app.inject({ method: 'POST', url, headers: { ...admin.headers, ...headers }, payload });
      expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    }
    const stored = (await ctx.pool.query<{ file_name: string }>(`select file_name from product_images where product_id = $1`, [created])).rows;
    expect(stored).toHaveLength(2);
    const filesOnDisk = () => readdirSync(uploadsDir).filter((f) => stored.some((s) => f.startsWith(s.file_name.replace(/\.webp$/, ''))));
    expect(filesOnDisk().length).toBeGreaterThan(2);

    const undo = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${report.change_id}/undo`, headers: admin.headers });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<UndoResult>()).toMatchObject({ removed: 1, skipped: [] });
    expect(await productById(created)).toBeUndefined();
    expect(filesOnDisk()).toEqual([]);
  });
});
