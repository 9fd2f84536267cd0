import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, UndoResult } from '@mayorista/core/schemas/pricing';
import type { Product } from '@mayorista/core/schemas/product';
import { parseKilos } from '@mayorista/core/weight';
import { createAdmin, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { importClient } from './import-fixtures';

// The weight column of the catalogue spreadsheet (decision 061): "Peso (kg)", written by both
// exports, read back by the import through the untrusted-file thread, all or nothing.

const ctx = await setupTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

const { tag, importFile, createProduct } = importClient(ctx, () => admin, 'Peso');
const WEIGHT = 'Peso (kg)';

async function weightsOf(category: string): Promise<Map<string, number | null>> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?category=${encodeURIComponent(category)}&include_disabled=1&page_size=100`, headers: admin.headers });
  return new Map(response.json<{ items: Product[] }>().items.map((p) => [p.sku!, p.weight_grams]));
}

const exportOf = async (format: 'csv' | 'xlsx', category: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/products/export.${format}?include_disabled=1&category=${encodeURIComponent(category)}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};

/** The exported CSV as rows of cells (the BOM dropped), and a way to write it back. */
async function csvOf(category: string) {
  const lines = (await exportOf('csv', category)).toString('utf8').slice(1).split('\r\n').filter(Boolean);
  const rows = lines.map((l) => l.split(';'));
  const at = rows[0]!.indexOf(WEIGHT);
  const setWeight = (sku: string, value: string) => {
    rows.find((r) => r[0] === sku)![at] = value;
  };
  const file = () => Buffer.from(`\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`);
  return { rows, at, setWeight, file };
}

/** Three products of a fresh category: 1,5 kg, 0,25 kg and no weight. */
async function threeProducts() {
  const category = `Peso ${tag()}`;
  const [heavy, light, unknown] = await Promise.all([
    createProduct({ category, sku: `PA-${tag()}`, weight_grams: 1_500 }),
    createProduct({ category, sku: `PB-${tag()}`, weight_grams: 250 }),
    createProduct({ category, sku: `PC-${tag()}` }),
  ]);
  return { category, heavy: heavy!.sku!, light: light!.sku!, unknown: unknown!.sku! };
}

describe('the weight column of the catalogue spreadsheet', () => {
  it('CSV writes kilos with a decimal comma after ID (blank when unknown) and reads back at 0 changes', async () => {
    const { category, heavy, light, unknown } = await threeProducts();
    const csv = await csvOf(category);
    expect(csv.rows[0]!.slice(csv.at - 1, csv.at + 2)).toEqual(['ID', WEIGHT, 'Escala 1: cantidad']);
    const weightOf = (sku: string) => csv.rows.find((r) => r[0] === sku)![csv.at];
    expect([weightOf(heavy), weightOf(light), weightOf(unknown)]).toEqual(['1,5', '0,25', '']);
    expect((await importFile(csv.file(), true)).json<ImportReport>()).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: [] });
  });

  it('XLSX writes kilos as numbers (an empty cell when unknown) and reads back at 0 changes', async () => {
    const { category, heavy, unknown } = await threeProducts();
    const xlsx = await exportOf('xlsx', category);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx).buffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf(WEIGHT);
    expect(header).toBeGreaterThan(0);
    const cellOf = (sku: string) => {
      let value: unknown;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === sku) value = row.getCell(header).value;
      });
      return value;
    };
    expect([cellOf(heavy), cellOf(unknown)]).toEqual([1.5, null]);
    expect((await importFile(xlsx, true, 'catalogo.xlsx')).json<ImportReport>()).toMatchObject({ updated: 0, unchanged: 3, errors: [] });

    // Kilos typed in Excel: a number, and a text with a decimal comma.
    sheet.eachRow((row) => {
      if (row.getCell(1).value === heavy) row.getCell(header).value = 0.75;
      if (row.getCell(1).value === unknown) row.getCell(header).value = '2,125';
    });
    const applied = await importFile(Buffer.from(await book.xlsx.writeBuffer()), false, 'catalogo.xlsx');
    expect(applied.json<ImportReport>()).toMatchObject({ updated: 2, unchanged: 1, errors: [] });
    const after = await weightsOf(category);
    expect([after.get(heavy), after.get(unknown)]).toEqual([750, 2_125]);
  });

  it('reads a decimal comma or point, an empty cell clears the weight, and the import undoes it', async () => {
    const { category, heavy, light, unknown } = await threeProducts();
    const csv = await csvOf(category);
    csv.setWeight(heavy, '');
    csv.setWeight(light, '0.5');
    csv.setWeight(unknown, '12,3');
    const applied = await importFile(csv.file(), false);
    expect(applied.statusCode, applied.body).toBe(200);
    const report = applied.json<ImportReport>();
    expect(report).toMatchObject({ created: 0, updated: 3, unchanged: 0, errors: [] });
    const after = await weightsOf(category);
    expect([after.get(heavy), after.get(light), after.get(unknown)]).toEqual([null, 500, 12_300]);

    // A weight-only import is still a recorded change, and its undo puts every weight back.
    expect(report.change_id).toBeTruthy();
    const undo = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-changes/${report.change_id}/undo`, headers: admin.headers });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<UndoResult>()).toMatchObject({ fields_restored: 3, skipped: [] });
    const back = await weightsOf(category);
    expect([back.get(heavy), back.get(light), back.get(unknown)]).toEqual([1_500, 250, null]);
  });

  it('a file without the column keeps every weight', async () => {
    const { category, heavy, light } = await threeProducts();
    const csv = await csvOf(category);
    const without = csv.rows.map((r) => r.filter((_, i) => i !== csv.at).join(';')).join('\r\n');
    expect((await importFile(Buffer.from(without), false)).json<ImportReport>()).toMatchObject({ updated: 0, unchanged: 3, errors: [] });
    const after = await weightsOf(category);
    expect([after.get(heavy), after.get(light)]).toEqual([1_500, 250]);
  });

  it('refuses text, zero, a negative, a fraction of a gram and an absurd weight on their rows, and changes nothing', async () => {
    const { category, heavy, light, unknown } = await threeProducts();
    const csv = await csvOf(category);
    const bad = [
      [`PX-${tag()}`, 'abc'],
      [`PY-${tag()}`, '-2'],
      [`PZ-${tag()}`, '0'],
      [`PW-${tag()}`, '0,0005'],
      [`PV-${tag()}`, '999999999'],
    ];
    for (const [sku, weight] of bad) {
      const row = Array.from({ length: csv.rows[0]!.length }, () => '');
      row.splice(0, 5, sku!, `Nuevo ${sku}`, category, '100', '150');
      row[csv.at] = weight!;
      csv.rows.push(row);
    }
    csv.setWeight(heavy, '3'); // a good edit in the same file: not applied either
    const response = await importFile(csv.file(), false);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; report: ImportReport }>();
    expect(body.code).toBe('import_invalid');
    // Unreadable cells are found while the file is read, rule breaks when it is planned: by row here.
    const errors = body.report.errors.toSorted((a, b) => a.row - b.row);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [5, WEIGHT],
      [6, WEIGHT],
      [7, WEIGHT],
      [8, WEIGHT],
      [9, WEIGHT],
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      'Fila 5, columna "Peso (kg)": "abc" no es un peso en kilos: escribilo como 1,5 o 0,250 (hasta 3 decimales), o dejalo vacío si no lo sabés.',
      'Fila 6, columna "Peso (kg)": El peso tiene que ser mayor que cero (dejalo vacío si no lo sabés).',
      'Fila 7, columna "Peso (kg)": El peso tiene que ser mayor que cero (dejalo vacío si no lo sabés).',
      'Fila 8, columna "Peso (kg)": "0,0005" no es un peso en kilos: escribilo como 1,5 o 0,250 (hasta 3 decimales), o dejalo vacío si no lo sabés.',
      'Fila 9, columna "Peso (kg)": El peso es demasiado grande.',
    ]);
    const after = await weightsOf(category);
    expect(after.size).toBe(3);
    expect([after.get(heavy), after.get(light), after.get(unknown)]).toEqual([1_500, 250, null]);
  });

  it('an XLSX number past what a number holds gets one message, and nothing changes', async () => {
    const { category, heavy } = await threeProducts();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await exportOf('xlsx', category)).buffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf(WEIGHT);
    sheet.eachRow((row) => {
      if (row.getCell(1).value === heavy) row.getCell(header).value = 1e300;
    });
    const response = await importFile(Buffer.from(await book.xlsx.writeBuffer()), false, 'catalogo.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ report: ImportReport }>().report.errors).toEqual([
      { row: expect.any(Number), column: WEIGHT, message: expect.stringMatching(/columna "Peso \(kg\)": El peso es demasiado grande\.$/) },
    ]);
    expect((await weightsOf(category)).get(heavy)).toBe(1_500);
  });

  it('fuzz: any weight cell, typed (CSV) or a number (XLSX), is read or refused on its own column, never a 5xx', async () => {
    const typed = fc.oneof(fc.string({ maxLength: 14 }), fc.constantFrom('1,5', '0.250', '1.234,5', '-0', '0,0001', '1e3', '100000', '100000,001', ' 2 kg ', '∞', 'NaN'));
    const number = fc.double({ noNaN: true });
    await fc.assert(
      fc.asyncProperty(fc.oneof(typed, number), async (weight) => {
        const sku = `PF-${tag()}`;
        let file: Buffer;
        if (typeof weight === 'number') {
          const book = new ExcelJS.Workbook();
          const sheet = book.addWorksheet('x');
          sheet.addRow(['SKU', 'Nombre', 'Precio mayorista', 'Precio minorista', WEIGHT]);
          sheet.addRow([sku, `Fuzz ${sku}`, 100, 150, weight]);
          file = Buffer.from(await book.xlsx.writeBuffer());
        } else {
          file = Buffer.from(`SKU;Nombre;Precio mayorista;Precio minorista;${WEIGHT}\n${sku};Fuzz ${sku};100;150;${weight.replace(/[;\n\r"]/g, '')}`);
        }
        const response = await importFile(file, true, typeof weight === 'number' ? 'f.xlsx' : 'f.csv');
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode === 200) {
          expect(response.json<ImportReport>()).toMatchObject({ created: 1, errors: [] });
          return;
        }
        const errors = response.json<{ report: ImportReport }>().report.errors;
        expect(errors.length).toBeGreaterThan(0);
        for (const error of errors) expect(error.column).toBe(WEIGHT);
        // What the sheet refuses as text, the product form refuses too (one parser).
        if (typeof weight === 'string' && errors[0]!.message.includes('no es un peso')) expect(parseKilos(weight.replace(/[;\n\r"]/g, '').trim())).toBeNaN();
      }),
      { numRuns: 60 },
    );
  });
});
