import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@mayorista/core/schemas/pricing';
import { createAdmin, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { importClient } from './import-fixtures';
import {
  headerRow,
  inlineCell,
  part,
  productRow,
  repeatedPart,
  sheetOf,
  SHEET_HEAD,
  SHEET_TAIL,
  SST_HEAD,
  workbookParts,
  zip,
} from './hostile-workbooks';

/**
 * The hostile spreadsheets of an outside review, generated here, sent to the product import:
 * each is refused within seconds with a Spanish message naming the limit, nothing changes, the
 * server stays up, and the public catalogue answers normally while the file is being read.
 */

const ctx = await setupTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});
const { tag, importFile } = importClient(ctx, () => admin, 'Hostil');

const MB = 1024 * 1024;
const megabyteOfA = Buffer.alloc(MB, 0x41);

const productCount = async () => (await ctx.pool.query<{ n: number }>('select count(*)::int as n from products')).rows[0]!.n;

/**
 * Sends the file and, until it is answered, keeps asking for the catalogue one request after
 * another (5 ms apart): every catalogue answer must be a 200, and at least one must arrive while the file is
 * still being read (a server stuck on the file would answer the catalogue only afterwards).
 */
async function importWhileBrowsing(file: Buffer, dryRun = true) {
  const started = performance.now();
  let importAnswered = false;
  const importing = importFile(file, dryRun, 'catalogo.xlsx').then((response) => {
    importAnswered = true;
    return { response, ms: performance.now() - started };
  });
  const catalogueStatuses: number[] = [];
  let answeredDuringImport = 0;
  const browsing = (async () => {
    while (!importAnswered) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/products?page_size=5' });
      catalogueStatuses.push(response.statusCode);
      if (!importAnswered) answeredDuringImport++;
      // An injected request can complete without leaving the microtask queue; wait a macrotask so
      // the file thread's answer (a message event) can be delivered at all.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const [imported] = await Promise.all([importing, browsing]);
  expect(new Set(catalogueStatuses)).toEqual(new Set([200]));
  expect(answeredDuringImport).toBeGreaterThan(0);
  return { response: imported.response, ms: imported.ms };
}

async function expectRefused(file: Buffer, status: number, code: string, message: string | RegExp) {
  const before = await productCount();
  const { response, ms } = await importWhileBrowsing(file, false);
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ code: string; message: string }>();
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(ms).toBeLessThan(8000);
  expect(await productCount()).toBe(before);
  return body;
}

describe('hostile workbooks', () => {
  it('the shared-string bomb (6 strings of 80 MB in a ~500 KB file) is refused by its declared size, and one of 80 MB by the text limit', async () => {
    const bomb = repeatedPart('xl/sharedStrings.xml', [
      [`${SST_HEAD.replace('>', ' count="6" uniqueCount="6">')}`, 1],
      ...Array.from({ length: 6 }, (): [string | Buffer, number][] => [
        ['<si><t>', 1],
        [megabyteOfA, 80],
        ['</t></si>', 1],
      ]).flat(),
      ['</sst>', 1],
    ]);
    const sheet = sheetOf(
      `${headerRow}<row r="2"><c r="A2" t="s"><v>0</v></c>${inlineCell('B2', 'Bomba')}<c r="C2"><v>1</v></c><c r="D2"><v>2</v></c></row>`,
    );
    const file = zip(workbookParts(sheet, bomb));
    expect(file.length).toBeLessThan(600 * 1024);
    await expectRefused(
      file,
      413,
      'file_unpacked_too_large',
      'Una parte del archivo (xl/sharedStrings.xml) ocupa más de 100 MB descomprimida. Dividí la planilla en partes.',
    );

    const single = repeatedPart('xl/sharedStrings.xml', [
      [`${SST_HEAD}<si><t>`, 1],
      [megabyteOfA, 80],
      ['</t></si></sst>', 1],
    ]);
    await expectRefused(
      zip(workbookParts(sheet, single)),
      413,
      'file_cell_too_long',
      'Un texto de la planilla tiene más de 32.767 caracteres (el máximo de Excel). Acortalo y volvé a subir el archivo.',
    );
  });

  it('a zip whose parts declare small sizes but inflate large is refused at the first byte past the declared size', async () => {
    const lying = {
      ...repeatedPart('xl/sharedStrings.xml', [
        [`${SST_HEAD}<si><t>`, 1],
        [megabyteOfA, 480],
        ['</t></si></sst>', 1],
      ]),
      declaredSize: 1024,
    };
    const sheet = sheetOf(headerRow + productRow(2, `L-${tag()}`, `Miente ${tag()}`));
    await expectRefused(
      zip(workbookParts(sheet, lying)),
      400,
      'file_damaged',
      /^Una parte del archivo \(xl\/sharedStrings\.xml\) se descomprime en más de lo que declara/,
    );

    // The sheet itself lying: 300 MB of style-only cells declared as 2 KB.
    const wideSheet = {
      ...repeatedPart('xl/worksheets/sheet1.xml', [
        [SHEET_HEAD + headerRow + '<row r="2">', 1],
        ['<c r="XFD2" s="1"/>'.repeat(50_000), 300],
        [`</row>${SHEET_TAIL}`, 1],
      ]),
      declaredSize: 2048,
    };
    await expectRefused(zip(workbookParts(wideSheet)), 400, 'file_damaged', /\(xl\/worksheets\/sheet1\.xml\)/);
  });

  it('the whole workbook is capped too: parts each under the limit but together over it', async () => {
    const strings = repeatedPart('xl/sharedStrings.xml', [
      [`${SST_HEAD}`, 1],
      ['<si><t>a</t></si>'.repeat(60_000), 60],
      ['</sst>', 1],
    ]);
    const sheet = repeatedPart('xl/worksheets/sheet1.xml', [
      [SHEET_HEAD + headerRow + '<row r="2">', 1],
      ['<c r="XFD2" s="1"/>'.repeat(60_000), 60],
      [`</row>${SHEET_TAIL}`, 1],
    ]);
    expect(strings.size).toBeLessThan(100 * MB);
    // The shared strings alone (60 MB of tiny strings) are refused by the text budget first.
    await expectRefused(
      zip(workbookParts(sheet, strings)),
      413,
      'file_unpacked_too_large',
      /^Los textos de la planilla suman más de/,
    );
    const bigRels = repeatedPart('xl/_rels/workbook.xml.rels', [
      ['<?xml version="1.0"?><Relationships>', 1],
      ['<!-- relleno -->'.repeat(60_000), 60],
      ['<Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>', 1],
    ]);
    const parts = workbookParts(sheet).map((p) => (p.name === 'xl/_rels/workbook.xml.rels' ? bigRels : p));
    await expectRefused(
      zip(parts),
      413,
      'file_unpacked_too_large',
      'La planilla ocupa más de 120 MB descomprimida. Dividila en partes.',
    );
  });

  it('200,000 blank rows with one cell in column XFD, and style-only rows, are refused at the row limit in seconds', async () => {
    const wideBlank = repeatedPart('xl/worksheets/sheet1.xml', [
      [SHEET_HEAD + headerRow + productRow(2, `W-${tag()}`, `Ancha ${tag()}`), 1],
      [Array.from({ length: 1000 }, (_, i) => `<row r="${i + 3}"><c r="XFD${i + 3}" s="1"/></row>`).join(''), 200],
      [SHEET_TAIL, 1],
    ]);
    const message =
      'El archivo tiene más de 50.000 filas, contando las vacías. Borrá las filas vacías o formateadas del final, o dividilo en partes.';
    await expectRefused(zip(workbookParts(wideBlank)), 400, 'file_too_many_rows', message);
    const styleOnly = repeatedPart('xl/worksheets/sheet1.xml', [
      [SHEET_HEAD + headerRow + productRow(2, `S-${tag()}`, `Estilo ${tag()}`), 1],
      ['<row r="3" s="2" customFormat="1" ht="15"/>', 200_000],
      [SHEET_TAIL, 1],
    ]);
    await expectRefused(zip(workbookParts(styleOnly)), 400, 'file_too_many_rows', message);
  });

  it('2,000 blank rows in column XFD around real products cost nothing: the products are read', async () => {
    const sku = `B-${tag()}`;
    const rows = [headerRow, productRow(2, sku, `Blanca ${tag()}`)];
    for (let r = 3; r < 2003; r++) rows.push(`<row r="${r}"><c r="XFD${r}" s="4"/></row>`);
    const { response, ms } = await importWhileBrowsing(zip(workbookParts(sheetOf(rows.join('')))));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportReport>()).toMatchObject({ created: 1, errors: [] });
    expect(ms).toBeLessThan(8000);
  });

  it('50,001 product rows are refused; a value past the 100th column is refused', async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => productRow(i + 2, `R${i}`, `Producto ${i}`)).join('');
    await expectRefused(
      zip(workbookParts(sheetOf(headerRow + rows))),
      400,
      'file_too_many_rows',
      'El archivo tiene más de 50.000 filas. Dividilo en partes.',
    );
    const far = sheetOf(
      `${headerRow}<row r="2">${inlineCell('A2', `F-${tag()}`)}${inlineCell('B2', 'Lejos')}<c r="C2"><v>1</v></c><c r="D2"><v>2</v></c>${inlineCell('CW2', 'nota')}</row>`,
    );
    await expectRefused(
      zip(workbookParts(far)),
      400,
      'file_too_many_columns',
      'La planilla tiene datos más allá de la columna 100. Borrá las columnas de más (solo se leen las primeras 100).',
    );
  });

  it('a cell of 1 MB is refused, in XLSX (inline and shared) and in CSV, naming the cell', async () => {
    const long = 'x'.repeat(MB);
    const inlineLong = sheetOf(
      `${headerRow}<row r="2">${inlineCell('A2', `C-${tag()}`)}${inlineCell('B2', long)}<c r="C2"><v>1</v></c><c r="D2"><v>2</v></c></row>`,
    );
    const message = 'La celda B2 tiene más de 32.767 caracteres (el máximo de Excel). Acortala y volvé a subir el archivo.';
    await expectRefused(zip(workbookParts(inlineLong)), 413, 'file_cell_too_long', message);
    const csv = Buffer.from(`SKU;Nombre;Precio mayorista;Precio minorista\nC-${tag()};${long};1;2\n`);
    await expectRefused(csv, 413, 'file_cell_too_long', message);
  });

  it('deeply nested or malformed XML and a DTD are refused as not a workbook, and the server keeps answering', async () => {
    const unsupported = 'El archivo no es una planilla .xlsx ni un .csv de texto. Exportá el catálogo y usá ese formato.';
    const deep = sheetOf(`${headerRow}${'<x>'.repeat(100_000)}`);
    await expectRefused(zip(workbookParts(deep)), 415, 'import_unsupported_file', unsupported);
    const dtd = part(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa">]><worksheet><sheetData>${headerRow}</sheetData></worksheet>`,
    );
    await expectRefused(zip(workbookParts(dtd)), 415, 'import_unsupported_file', unsupported);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/products?page_size=1' });
    expect(health.statusCode).toBe(200);
  });
  it('a shared-string cell pointing past the strings, or at none, is refused as a damaged file', async () => {
    const strings = part('xl/sharedStrings.xml', `${SST_HEAD}<si><t>Uno</t></si></sst>`);
    const damaged = 'El archivo está dañado (una celda apunta a un texto que no existe). Guardalo de nuevo desde Excel.';
    for (const value of ['7', '', '-1']) {
      const sheet = sheetOf(`${headerRow}<row r="2"><c r="A2" t="s"><v>${value}</v></c>${inlineCell('B2', `Dañado ${tag()}`)}</row>`);
      await expectRefused(zip(workbookParts(sheet, strings)), 400, 'file_damaged', damaged);
    }
  });
});
