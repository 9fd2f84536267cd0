import { pdfkit } from '../../lib/lazy-modules';
import type { Pool } from 'pg';
import { messages } from '@mayorista/core/messages';
import { formatMoney } from '@mayorista/core/money';
import { tierLadder, type CustomerKind } from '@mayorista/core/pricing';
import { applyPriceList, type PriceListRule } from '@mayorista/core/price-lists';
import { pageTools, printable } from '../../lib/pdf-document';
import type { ProductRecord } from '../../db/product-rows';

/**
 * "Lista de precios" (the repricing work, decision 015): the enabled catalogue at one customer's prices, grouped by
 * category, on a narrow page (A6-wide, long) so it reads on a phone without zooming. Streamed:
 * products are read in batches and drawn as they arrive, and pdfkit flushes each finished page,
 * so 5.000 products never hold the whole document in memory.
 */

const text = messages.pricing.priceList;
const BATCH = 500;
/** 105 mm wide (A6) and A4-long: one product per line at a size a phone shows without zooming. */
const PAGE: [number, number] = [298, 842];

/** What the price list reads of a product: a catalogue row's name, SKU and prices (db/product-rows.ts). */
type ListedProduct = Pick<
  ProductRecord,
  'id' | 'name' | 'sku' | 'price' | 'retail_price' | 'on_sale' | 'sale_price' | 'on_sale_retail' | 'sale_price_retail' | 'discounts'
>;

const argentinaDate = new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeZone: 'America/Argentina/Buenos_Aires' });

async function categories(pool: Pool): Promise<(string | null)[]> {
  const { rows } = await pool.query<{ category: string | null }>(
    `select distinct category from products where is_enabled order by category nulls last`,
  );
  return rows.map((r) => r.category);
}

async function* productsOf(pool: Pool, category: string | null): AsyncGenerator<ListedProduct[]> {
  let after = null as { name: string; id: string } | null;
  for (;;) {
    const { rows }: { rows: ListedProduct[] } = await pool.query<ListedProduct>(
      `select id, name, sku, price::float8 as price, retail_price::float8 as retail_price, on_sale, sale_price::float8 as sale_price,
              on_sale_retail, sale_price_retail::float8 as sale_price_retail, discounts
         from products
        where is_enabled and category is not distinct from $1 and ($2::text is null or (name, id) > ($2::text, $3::uuid))
        order by name, id limit $4`,
      [category, after?.name ?? null, after?.id ?? null, BATCH],
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    after = { name: rows.at(-1)!.name, id: rows.at(-1)!.id };
  }
}

/** The lines under a product's name: its offer or its quantity tiers, at this customer's prices. */
function details(listed: ListedProduct, kind: CustomerKind, list: PriceListRule | null): { price: number; notes: string[] } {
  if (kind === 'retail') {
    const sale = listed.on_sale_retail && listed.sale_price_retail !== null ? listed.sale_price_retail : null;
    return { price: listed.retail_price, notes: sale !== null ? [text.sale(sale)] : [] };
  }
  // The customer's price list first, then the same sale/tier rules as the catalogue (decision 018).
  const p = applyPriceList(listed, list);
  const sale = p.on_sale && p.sale_price !== null ? p.sale_price : null;
  const notes = sale !== null ? [text.sale(sale)] : tierLadder(p).map((t) => text.tier(t.minQuantity, t.unitPrice));
  return { price: p.price, notes };
}

export function renderPriceList(
  pool: Pool,
  options: { catalogName: string; customerName: string; kind: CustomerKind; list: PriceListRule | null },
): PDFKit.PDFDocument {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({ size: PAGE, margin: 20, info: { Title: text.title, Author: printable(options.catalogName) } });
  const { left, contentWidth: width, ensureSpace } = pageTools(doc);
  const priceWidth = 80;

  doc.font('Helvetica-Bold').fontSize(16).text(printable(options.catalogName), { width });
  doc.fontSize(13).text(text.title, { width });
  doc.font('Helvetica').fontSize(10).fillColor('#334155').text(text.date(argentinaDate.format(new Date())), { width });
  doc.text(printable(options.customerName), { width }).fillColor('black');
  doc.moveDown(0.5);

  const drawProduct = (p: ListedProduct) => {
    const { price, notes } = details(p, options.kind, options.list);
    const name = printable(p.sku ? `${p.name} (${p.sku})` : p.name);
    doc.font('Helvetica').fontSize(10);
    const nameHeight = doc.heightOfString(name, { width: width - priceWidth - 6 });
    const height = nameHeight + notes.length * 11 + 5;
    ensureSpace(height);
    const top = doc.y;
    doc.text(name, left, top, { width: width - priceWidth - 6 });
    doc.font('Helvetica-Bold').text(formatMoney(price), left + width - priceWidth, top, { width: priceWidth, align: 'right' });
    doc.font('Helvetica').fontSize(8.5).fillColor('#166534');
    let y = top + nameHeight;
    for (const note of notes) {
      doc.text(note, left + 8, y, { width: width - 8 });
      y += 11;
    }
    doc.fillColor('black');
    doc.moveTo(left, y + 2).lineTo(left + width, y + 2).lineWidth(0.3).strokeColor('#cbd5e1').stroke();
    doc.x = left;
    doc.y = y + 4;
  };

  void (async () => {
    try {
      for (const category of await categories(pool)) {
        ensureSpace(40);
        doc.moveDown(0.4);
        doc.rect(left, doc.y, width, 18).fill('#e2e8f0').fillColor('black');
        doc.font('Helvetica-Bold').fontSize(11).text(printable(category ?? text.uncategorised), left + 4, doc.y + 4, { width: width - 8 });
        doc.x = left;
        doc.y += 4;
        for await (const batch of productsOf(pool, category)) batch.forEach(drawProduct);
      }
      doc.moveDown();
      doc.font('Helvetica').fontSize(8).fillColor('#475569').text(text.footer, left, doc.y, { width });
      doc.end();
    } catch (error) {
      doc.destroy(error as Error);
    }
  })();
  return doc;
}
