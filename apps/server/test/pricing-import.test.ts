import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, UndoResult } from '@mayorista/core/schemas/pricing';
import type { Product } from '@mayorista/core/schemas/product';
import { createAdmin, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { importClient } from './import-fixtures';

const ctx = await setupTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

const { tag, importFile, createProduct } = importClient(ctx, () => admin, 'Imp');

async function productsOf(category: string): Promise<Product[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?category=${encodeURIComponent(category)}&include_disabled=1&page_size=100`, headers: admin.headers });
  return response.json<{ items: Product[] }>().items;
}

const exportOf = async (format: 'csv' | 'xlsx', category: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/products/export.${format}?include_disabled=1&category=${encodeURIComponent(category)}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};

const stockLedgerMatches = async () => {
  const { rows } = await ctx.pool.query<{ n: number }>(
    `select count(*)::int as n from products p where p.stock <> coalesce((select sum(quantity) from stock_movements m where m.product_id = p.id), 0)`,
  );
  return rows[0]!.n === 0;
};

describe('export and import', () => {
  it('CSV: exports with BOM and ;, re-imports with 0 changes, then applies 3 edited rows all at once', async () => {
    const category = `Bebidas ${tag()}`;
    const made = await Promise.all([
      createProduct({ category, sku: `A-${tag()}`, discounts: [{ minQuantity: 10, discountType: 'final_price', discountValue: 90_000 }] }),
      createProduct({ category, sku: `B-${tag()}`, on_sale: true, sale_price: 80_000 }),
      createProduct({ category, sku: `C-${tag()}`, has_unlimited_stock: true, weight_grams: 1_250 }),
      createProduct({ category, sku: `D-${tag()}`, name: `Jugo ñandú "especial"; 1,5 L ${tag()}` }),
    ]);
    const csv = await exportOf('csv', category);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toMatch(/^SKU;Nombre;Categoría;Precio mayorista;Precio minorista;/);

    const same = await importFile(csv, true);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<ImportReport>()).toMatchObject({ created: 0, updated: 0, unchanged: 4, errors: [] });

    // Edit three rows as a person would in Excel: a price with thousands, a stock, a new product.
    const lines = text.split('\r\n');
    const a = made[0]!;
    const b = made[1]!;
    lines[lines.findIndex((l) => l.startsWith(a.sku!))] = lines.find((l) => l.startsWith(a.sku!))!.replace(';1.000,00;', ';$ 1.234,50;');
    lines[lines.findIndex((l) => l.startsWith(b.sku!))] = lines.find((l) => l.startsWith(b.sku!))!.replace(/;5;No;Sí;/, ';42;No;Sí;');
    lines.splice(lines.length - 1, 0, `  NEW-${tag()}  ;Nuevo ${tag()};${category};500;800;No;;No;;7;No;Sí;;;;;;;;;`);
    const edited = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n\r\n;;;\r\n`);

    const dry = await importFile(edited, true);
    expect(dry.json<ImportReport>()).toMatchObject({ dry_run: true, created: 1, updated: 2, unchanged: 2, errors: [] });
    expect((await productsOf(category)).length).toBe(4);

    const applied = await importFile(edited, false);
    expect(applied.statusCode, applied.body).toBe(200);
    const report = applied.json<ImportReport>();
    expect(report).toMatchObject({ dry_run: false, created: 1, updated: 2, unchanged: 2 });
    const after = await productsOf(category);
    expect(after.length).toBe(5);
    expect(after.find((p) => p.id === a.id)!.price).toBe(123_450);
    expect(after.find((p) => p.id === b.id)!.stock).toBe(42);
    expect(after.find((p) => p.name.startsWith('Nuevo'))).toMatchObject({ price: 50_000, retail_price: 80_000, stock: 7 });
    // The weight column round-trips: the weighted product is among the unchanged, the new one has none.
    expect(after.find((p) => p.id === made[2]!.id)!.weight_grams).toBe(1_250);
    expect(after.find((p) => p.name.startsWith('Nuevo'))!.weight_grams).toBeNull();
    expect(await stockLedgerMatches()).toBe(true);
    const { rows } = await ctx.pool.query(`select kind, quantity from stock_movements where product_id = $1 order by id desc limit 1`, [b.id]);
    expect(rows[0]).toEqual({ kind: 'import', quantity: 37 });

    // The import is a recorded change that undo reverses (prices only).
    const undo = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${report.change_id}/undo`, headers: admin.headers });
    expect(undo.json<UndoResult>()).toMatchObject({ restored: 1, skipped: [] });
    expect((await productsOf(category)).find((p) => p.id === a.id)!.price).toBe(100_000);
  });

  it('XLSX: round trip is unchanged; a formula counts by its cached value and one without a value is an error', async () => {
    const category = `Almacén ${tag()}`;
    const p = await createProduct({ category, sku: `X-${tag()}`, discounts: [{ minQuantity: 6, discountType: 'percentage', discountValue: 10 }], weight_grams: 500 });
    const xlsx = await exportOf('xlsx', category);
    expect((await importFile(xlsx, true, 'c.xlsx')).json<ImportReport>()).toMatchObject({ updated: 0, unchanged: 1, errors: [] });

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx).buffer);
    const sheet = book.worksheets[0]!;
    sheet.getCell('D2').value = { formula: 'SUM(1,2)', result: 1500 } as ExcelJS.CellFormulaValue;
    const cached = Buffer.from(await book.xlsx.writeBuffer());
    const applied = await importFile(cached, false, 'c.xlsx');
    expect(applied.json<ImportReport>()).toMatchObject({ updated: 1, errors: [] });
    expect((await productsOf(category))[0]).toMatchObject({ price: 150_000, weight_grams: 500 });

    sheet.getCell('E2').value = { formula: 'WEBSERVICE("http://example.com")' } as ExcelJS.CellFormulaValue;
    const uncalculated = await importFile(Buffer.from(await book.xlsx.writeBuffer()), true, 'c.xlsx');
    expect(uncalculated.statusCode).toBe(400);
    expect(uncalculated.json().report.errors[0]).toMatchObject({ row: 2, column: 'Precio minorista' });
    expect(p.id).toBeTruthy();
  });

  it('reports every bad row with row, column and a Spanish message, and changes nothing', async () => {
    const category = `Errores ${tag()}`;
    const p = await createProduct({ category, sku: `E-${tag()}` });
    const header = 'SKU;Nombre;Categoría;Precio mayorista;Precio minorista;Stock';
    const csv = [
      header,
      `${p.sku};${p.name};${category};999;1500;5`,
      `Z-${tag()};Bueno ${tag()};${category};12,5O;1500;1`,
      `;Sin SKU;${category};10;20;1`,
      `${p.sku};Otro;${category};10;20;1`,
      `N-${tag()};Negativo ${tag()};${category};-10;20;1`,
      `S-${tag()};Stock ${tag()};${category};10;20;tres`,
    ].join('\n');
    const response = await importFile(Buffer.from(csv), false);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string; report: ImportReport }>();
    expect(body.code).toBe('import_invalid');
    expect(body.report.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Precio mayorista'],
      [4, 'SKU'],
      [6, 'Precio mayorista'],
      [7, 'Stock'],
      [5, 'SKU'],
    ]);
    expect(body.report.errors[0]!.message).toBe('Fila 3, columna "Precio mayorista": "12,5O" no es un importe válido.');
    expect(body.report.errors[4]!.message).toMatch(/ya aparece en la fila 2/);
    expect((await productsOf(category)).map((x) => x.price)).toEqual([100_000]);
  });

  it('a name another product holds is refused in any case or accents; a price-only row keeps its name and writes no stock movement', async () => {
    const category = `Nombres ${tag()}`;
    const held = await createProduct({ category, sku: `H-${tag()}`, name: `Café Molido ${tag()}` });
    const renamed = await createProduct({ category, sku: `R-${tag()}` });
    const priced = await createProduct({ category, sku: `P-${tag()}` });
    const header = 'SKU;Nombre;Categoría;Precio mayorista;Precio minorista;Stock';
    const heldOtherwise = held.name.toUpperCase().replace('É', 'E');
    const clash = [header, `${renamed.sku};${heldOtherwise};${category};1000;1500;5`, `N-${tag()};${held.name.toLowerCase()};${category};10;20;1`].join('\n');
    const refused = await importFile(Buffer.from(clash), false);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<{ report: ImportReport }>().report.errors;
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Nombre'],
      [3, 'Nombre'],
    ]);
    expect(errors[0]!.message).toMatch(/Ya existe un producto con ese nombre/);
    expect((await productsOf(category)).map((p) => p.name).sort()).toEqual([held.name, renamed.name, priced.name].sort());

    const movementsBefore = await ctx.pool.query<{ n: number }>(`select count(*)::int as n from stock_movements where product_id = $1`, [priced.id]);
    const priceOnly = [header, `${priced.sku};${priced.name};${category};1234;1500;5`].join('\n');
    const applied = await importFile(Buffer.from(priceOnly), false);
    expect(applied.json<ImportReport>(), applied.body).toMatchObject({ updated: 1, errors: [] });
    expect((await productsOf(category)).find((p) => p.id === priced.id)).toMatchObject({ price: 123_400, stock: 5 });
    const movementsAfter = await ctx.pool.query<{ n: number }>(`select count(*)::int as n from stock_movements where product_id = $1`, [priced.id]);
    expect(movementsAfter.rows[0]!.n).toBe(movementsBefore.rows[0]!.n);
    expect(await stockLedgerMatches()).toBe(true);
  });

  it('a name with a line break or another control character is refused on its row, and nothing changes', async () => {
    const category = `Control ${tag()}`;
    const csv = [
      'SKU;Nombre;Categoría;Precio mayorista;Precio minorista;Stock',
      `C1-${tag()};"Yerba\r\n=1+1";${category};10;20;1`,
      `C2-${tag()};Azúcar\u0007 ${tag()};${category};10;20;1`,
    ].join('\n');
    const response = await importFile(Buffer.from(csv), false);
    const body = response.json<{ code: string; report: ImportReport }>();
    expect([response.statusCode, body.code]).toEqual([400, 'import_invalid']);
    expect(body.report.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Nombre'],
      [3, 'Nombre'],
    ]);
    expect(body.report.errors[0]!.message).toContain('escribilo en una sola línea de texto');
    expect(await productsOf(category)).toEqual([]);
  });

  it('a file of thousands of bad rows lists the first 1,000 errors and counts them all', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => `B${i}-${tag()};Malo ${i};Cat;no;no;no`);
    const response = await importFile(Buffer.from(['SKU;Nombre;Categoría;Precio mayorista;Precio minorista;Stock', ...rows].join('\n')), true);
    const body = response.json<{ code: string; message: string; report: ImportReport }>();
    expect([response.statusCode, body.code]).toEqual([400, 'import_invalid']);
    expect(body.message).toBe('El archivo tiene 7.500 errores; no se cambió nada.');
    expect(body.report.errors).toHaveLength(1_000);
    expect(body.report.errors[0]!.row).toBe(2);
  });

  it('refuses a renamed binary, an empty file, a missing column, too many rows, and a second import at once', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001', 'hex');
    const binary = await importFile(png, true, 'catalogo.csv');
    expect([binary.statusCode, binary.json().code]).toEqual([415, 'import_unsupported_file']);
    const zip = await importFile(Buffer.from('PK\u0003\u0004garbage-not-a-workbook'), true, 'catalogo.xlsx');
    expect([zip.statusCode, zip.json().code]).toEqual([415, 'import_unsupported_file']);
    const empty = await importFile(Buffer.alloc(0), true);
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'import_invalid']);
    const missing = await importFile(Buffer.from('SKU;Nombre\nA;B\n'), true);
    expect(missing.json().message).toBe('Falta la columna "Precio mayorista". Usá el archivo exportado como modelo.');
    const huge = Buffer.from(['SKU;Nombre;Precio mayorista;Precio minorista', ...Array.from({ length: 100_000 }, (_, i) => `H${i};P${i};1;2`)].join('\n'));
    const tooMany = await importFile(huge, true);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, 'El archivo tiene más de 50.000 filas. Dividilo en partes.']);
    const oversize = await importFile(Buffer.alloc(11 * 1024 * 1024, 0x41), true);
    expect([oversize.statusCode, oversize.json().code]).toEqual([413, 'import_file_too_large']);

    // Another import holds the lock: this one is refused and changes nothing.
    const holder = await ctx.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(1795400517)');
      const sku = `L-${tag()}`;
      const busy = await importFile(Buffer.from(`SKU;Nombre;Precio mayorista;Precio minorista\n${sku};Lock ${tag()};10;20\n`), false);
      expect([busy.statusCode, busy.json().code]).toEqual([409, 'import_busy']);
      const { rows } = await ctx.pool.query('select 1 from products where sku = $1', [sku]);
      expect(rows).toEqual([]);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });

  it('fuzz: any generated file gets an answer below 500 and a dry run never changes the catalogue', async () => {
    const before = (await ctx.pool.query<{ n: string }>(`select count(*)::text || ':' || coalesce(sum(price), 0)::text as n from products`)).rows[0]!.n;
    const cell = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('1.234,56', '$ 1.234', '-5', 'Sí', 'No', '', '"', ';', '=1+1', '\u0000'));
    const header = fc.shuffledSubarray(['SKU', 'Nombre', 'Categoría', 'Precio mayorista', 'Precio minorista', 'Stock', 'Visible', 'Escala 1: cantidad', 'Escala 1: tipo', 'Escala 1: valor']);
    await fc.assert(
      fc.asyncProperty(header, fc.array(fc.array(cell, { maxLength: 11 }), { maxLength: 8 }), fc.boolean(), async (cols, rows, asXlsx) => {
        let file: Buffer;
        if (asXlsx) {
          const book = new ExcelJS.Workbook();
          const sheet = book.addWorksheet('x');
          sheet.addRow(cols);
          for (const r of rows) sheet.addRow(r.map((c) => c.split('\u0000').join('')));
          file = Buffer.from(await book.xlsx.writeBuffer());
        } else {
          file = Buffer.from([cols.join(';'), ...rows.map((r) => r.join(';'))].join('\n'));
        }
        const response = await importFile(file, true);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().message).toMatch(/\p{L}/u);
      }),
      { numRuns: 60 },
    );
    const after = (await ctx.pool.query<{ n: string }>(`select count(*)::text || ':' || coalesce(sum(price), 0)::text as n from products`)).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('exports only the filter asked for, as a readable XLSX', async () => {
    const category = `Filtro ${tag()}`;
    await createProduct({ category, sku: `F-${tag()}` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await exportOf('xlsx', category)).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('SKU');
    expect(sheet.getRow(2).getCell(4).value).toBe(1000);
  });
});

describe('the IVA column (the business-identity work, decisions 017–019)', () => {
  it('exports each rate, re-imports unchanged files at 0 changes (CSV and XLSX), and applies an edited rate', async () => {
    const category = `IVA ${tag()}`;
    const [general, reduced, exempt] = await Promise.all([
      createProduct({ category, sku: `IV-A-${tag()}` }),
      createProduct({ category, sku: `IV-B-${tag()}`, iva_rate: 10.5 }),
      createProduct({ category, sku: `IV-C-${tag()}`, iva_rate: 0 }),
    ]);
    const csv = await exportOf('csv', category);
    const lines = csv.toString('utf8').slice(1).split('\r\n');
    const header = lines[0]!.split(';');
    const at = header.indexOf('IVA');
    expect(at).toBeGreaterThan(0);
    const rateOf = (sku: string) => lines.find((l) => l.startsWith(sku))!.split(';')[at];
    expect([rateOf(general.sku!), rateOf(reduced.sku!), rateOf(exempt.sku!)]).toEqual(['21 %', '10,5 %', 'Exento']);
    expect((await importFile(csv, true)).json<ImportReport>()).toMatchObject({ updated: 0, unchanged: 3, errors: [] });
    const xlsx = await exportOf('xlsx', category);
    expect((await importFile(xlsx, true, 'catalogo.xlsx')).json<ImportReport>()).toMatchObject({ updated: 0, unchanged: 3, errors: [] });

    // A person types "27" for the general one and the reduced one becomes 21.
    const edited = lines.map((l) => {
      if (!l.startsWith(general.sku!) && !l.startsWith(reduced.sku!)) return l;
      const cells = l.split(';');
      cells[at] = l.startsWith(general.sku!) ? '27' : '21';
      return cells.join(';');
    });
    const applied = await importFile(Buffer.from(`\uFEFF${edited.join('\r\n')}`), false);
    expect(applied.json<ImportReport>()).toMatchObject({ updated: 2, unchanged: 1, errors: [] });
    const after = new Map((await productsOf(category)).map((p) => [p.id, p.iva_rate]));
    expect([after.get(general.id), after.get(reduced.id), after.get(exempt.id)]).toEqual([27, 21, 0]);
  });

  it('refuses an unknown rate naming the row and the column, and changes nothing', async () => {
    const category = `IVA ${tag()}`;
    const product = await createProduct({ category, sku: `IV-D-${tag()}` });
    const lines = (await exportOf('csv', category)).toString('utf8').slice(1).split('\r\n');
    const at = lines[0]!.split(';').indexOf('IVA');
    const cells = lines[1]!.split(';');
    cells[at] = '19 %';
    lines[1] = cells.join(';');
    const res = await importFile(Buffer.from(`\uFEFF${lines.join('\r\n')}`), false);
    expect(res.statusCode).toBe(400);
    expect(res.json().report.errors[0]).toMatchObject({ row: 2, column: 'IVA' });
    expect(res.json().report.errors[0].message).toContain('La alícuota de IVA debe ser 21 %, 10,5 %, 27 % o 0 % (exento).');
    expect((await productsOf(category))[0]!.iva_rate).toBe(product.iva_rate);
  });
});
