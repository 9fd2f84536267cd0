import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { renderOrderPdf } from '../src/modules/orders/orders.pdf';
import { renderPickingSheetPdf } from '../src/modules/orders/orders.picking-pdf';
import { orderNumber } from '@mayorista/core/constants';
import { ORDER_PDF_FIXTURES } from './order-pdf-fixtures';

async function pages(pdf: Buffer): Promise<{ count: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return { count: document.numPages, text: (await extractText(document, { mergePages: true })).text };
}

describe('order PDF (pdfkit text API)', () => {
  it('an empty field shows a dash on its own line, not under the next field', async () => {
    const { text } = await pages(await renderOrderPdf(ORDER_PDF_FIXTURES.edge!, 'Mayorista'));
    expect(text).toMatch(/\nDNI: -\n/);
  });

  it('still wraps long product names and observaciones and runs over several pages', async () => {
    const { count, text } = await pages(await renderOrderPdf(ORDER_PDF_FIXTURES.long!, 'Mayorista'));
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 95; i += 7) expect(text).toContain(`nº ${i}`);
    // A name wider than its column continues on the next line of the same cell.
    expect(text).toMatch(/\nGalletitas dulces surtidas Terrabusi\n"Variedad" 400 g, caja de 24 paquetes para\n/);
    // A word wider than the column is cut where it stops fitting; a name that fits stays whole.
    expect(text).toMatch(/\nSuperCalifragilisticoEspialidosoSinEspaciosNi\nGuionesQueNoEntra nº 6\n/);
    expect(text).toMatch(/\nAceite de girasol Natura 1,5 L nº 1 2 \$ 988,65 - \$ 1.977,30\n/);
    expect(text).toContain('Línea 2');
  });

  it('starts every further page with the order number and the column headings', async () => {
    const order = ORDER_PDF_FIXTURES.long!;
    const document = await getDocumentProxy(new Uint8Array(await renderOrderPdf(order, 'Mayorista')));
    const { text } = await extractText(document, { mergePages: false });
    const number = orderNumber(order.id);
    expect(text.length).toBeGreaterThanOrEqual(3);
    expect(text[0]).not.toContain('(continuación)');
    const continuing = text.slice(1).filter((t) => /nº \d/.test(t));
    expect(continuing.length).toBeGreaterThanOrEqual(2);
    for (const page of continuing) {
      expect(page.trimStart()).toMatch(new RegExp(`^Pedido #${number} \\(continuación\\)\\s+Producto\\s+Cant\\.`));
    }
  });

  it('picking sheet: every further page says which list or order it continues, with the headings of the totals', async () => {
    const order = ORDER_PDF_FIXTURES.long!;
    const pdf = await renderPickingSheetPdf([order], 'Pedidos del 26/11/2026', 'Mayorista');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    expect(text.length).toBeGreaterThanOrEqual(3);
    const further = text.slice(1).map((page) => page.trimStart());
    const totals = further.filter((page) => page.startsWith('Total a preparar (continuación)'));
    const lines = further.filter((page) => page.startsWith(`Pedido #${orderNumber(order.id)} · `) && /^[^\n]*\(continuación\)/.test(page));
    expect(totals.length).toBeGreaterThanOrEqual(1);
    for (const page of totals) expect(page).toMatch(/^Total a preparar \(continuación\)\s+Producto\s+Cantidad\s+Pedidos/);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    // Every page after the first opens with one of the two: no page of bare rows.
    expect(totals.length + lines.length).toBe(further.length);
  });

  it('dates the order as every screen does: Buenos Aires time, 24 hours, four-digit year', async () => {
    // created_at 2026-03-14T15:09:26Z is 12:09 in Buenos Aires; es-AR's own short style printed "14/3/26, 12:09 p. m.".
    const { text } = await pages(await renderOrderPdf(ORDER_PDF_FIXTURES.short!, 'Mayorista'));
    expect(text).toMatch(/\nFecha: 14\/03\/2026, 12:09\n/);
    const picking = await pages(await renderPickingSheetPdf([ORDER_PDF_FIXTURES.short!], 'Pedidos elegidos', 'Mayorista'));
    expect(picking.text).toMatch(/\n14\/03\/2026, 12:09\n/);
    // The sheet's own "generated" moment is printed the same way.
    expect(picking.text).toMatch(/\nGenerada: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\n/);
  });

  it('keeps every figure of an itemised order as real text: rates, discounts, IVA rows, points and notes', async () => {
    const { count, text } = await pages(await renderOrderPdf(ORDER_PDF_FIXTURES.inscripto!, 'Mayorista Ñandú'));
    expect(count).toBe(1);
    for (const expected of ['Mayorista Ñandú', 'Neto gravado', 'IVA 10,5 %', 'Exento', 'Desde 12 u.', 'Oferta', 'Canjeado con puntos', '¿Factura A? ¡Sí!', 'Detergente Magistral limón 750 ml ?']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Total: \$\s890\.340,40/);
  });
});
