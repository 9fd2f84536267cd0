import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { exceljs } from '../../lib/lazy-modules';
import type { Pool } from 'pg';
import type { Product, ProductListQuery } from '@mayorista/core/schemas/product';
import { catalogueWhere, type ProductFilters } from '../../db/product-rows';
import { formatCsvAmount, CSV_SEPARATOR } from '../../lib/csv';
import { csvFormat, headersFor, MIN_TIER_COLUMNS, productRow, xlsxFormat } from './sheet.columns';

/**
 * Catalogue export (the repricing work, decision 015), streamed: products are read in pages of BATCH by
 * keyset (name, id) and written as they arrive, so 20.000 products never sit in memory at once.
 * CSV is UTF-8 with BOM and `;` (what Excel in es-AR opens as columns, see orders.csv.ts).
 */

const BATCH = 1000;

export type ExportFilters = Pick<ProductListQuery, 'search' | 'category' | 'on_sale' | 'in_stock' | 'include_disabled'>;

const filtersOf = (q: ExportFilters): ProductFilters => ({
  includeDisabled: q.include_disabled,
  search: q.search,
  category: q.category,
  onSale: q.on_sale ? 'wholesale' : undefined,
  inStock: q.in_stock,
});

type ExportRecord = Omit<Product, 'image_url' | 'created_at' | 'updated_at'>;

async function* products(pool: Pool, query: ExportFilters): AsyncGenerator<ExportRecord[]> {
  const { clause, values } = catalogueWhere(filtersOf(query));
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [...values];
    let where = clause;
    if (after) {
      params.push(after.name, after.id);
      where += `${where ? ' and' : 'where'} (name, id) > ($${params.length - 1}::text, $${params.length}::uuid)`;
    }
    params.push(BATCH);
    const { rows } = await pool.query<ExportRecord>(
      `select id, name, price::float8 as price, retail_price::float8 as retail_price, on_sale, sale_price::float8 as sale_price,
              on_sale_retail, sale_price_retail::float8 as sale_price_retail, discounts, stock, has_unlimited_stock, is_enabled,
              sku, category, description, iva_rate, weight_grams
         from products ${where} order by name, id limit $${params.length}`,
      params,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    after = { name: rows.at(-1)!.name, id: rows.at(-1)!.id };
  }
}

/** How many tier column triples the export needs: the most any product has, at least MIN_TIER_COLUMNS. */
async function tierColumns(pool: Pool, query: ExportFilters): Promise<number> {
  const { clause, values } = catalogueWhere(filtersOf(query));
  const { rows } = await pool.query<{ n: number | null }>(
    `select max(jsonb_array_length(discounts))::int as n from products ${clause}`,
    values,
  );
  return Math.max(MIN_TIER_COLUMNS, rows[0]?.n ?? 0);
}

export async function exportCsv(pool: Pool, query: ExportFilters): Promise<Readable> {
  const tiers = await tierColumns(pool, query);
  const out = stringify({ delimiter: CSV_SEPARATOR, bom: true, record_delimiter: '\r\n', header: false });
  void (async () => {
    try {
      out.write(headersFor(tiers));
      for await (const batch of products(pool, query)) {
        for (const p of batch) out.write(productRow(p as Product, tiers, csvFormat(formatCsvAmount)));
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

export async function exportXlsx(pool: Pool, query: ExportFilters): Promise<Readable> {
  const tiers = await tierColumns(pool, query);
  const stream = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Catálogo', { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = headersFor(tiers);
  sheet.columns = headers.map((header) => ({ header, width: Math.max(10, header.length + 2) }));
  const moneyColumns = new Set(['Precio mayorista', 'Precio minorista', 'Precio oferta mayorista', 'Precio oferta minorista']);
  headers.forEach((h, i) => {
    if (moneyColumns.has(h)) sheet.getColumn(i + 1).numFmt = '#,##0.00';
  });
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const batch of products(pool, query)) {
        for (const p of batch) sheet.addRow(productRow(p as Product, tiers, xlsxFormat)).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return stream;
}
