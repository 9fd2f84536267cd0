import { afterEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { usePdfTextShortcuts } from '../src/lib/pdf-text';
import { renderOrderPdf } from '../src/modules/orders/orders.pdf';
import { ORDER_PDF_FIXTURES } from './order-pdf-fixtures';

/** The document without what depends on the clock: its creation date and the ID derived from it. */
const timeless = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');

async function pages(pdf: Buffer): Promise<{ count: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return { count: document.numPages, text: (await extractText(document, { mergePages: true })).text };
}

afterEach(() => usePdfTextShortcuts(true));

describe('order PDF drawn without the line wrapper where text fits (decision 027)', () => {
  it('is byte for byte the document pdfkit draws on its own, for every kind of order', async () => {
    // The first document of the process parses the fonts; later ones share them: both kinds compared.
    for (const [name, order] of Object.entries(ORDER_PDF_FIXTURES)) {
      const catalog = name === 'long' ? 'Distribuidora Mayorista del Norte Grande — Catálogo de almacén, bebidas y limpieza' : 'Mayorista Ñandú';
      usePdfTextShortcuts(false);
      const reference = await renderOrderPdf(order, catalog);
      usePdfTextShortcuts(true);
      const fast = await renderOrderPdf(order, catalog);
      expect(timeless(fast), name).toBe(timeless(reference));
    }
  });

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

  it('keeps every figure of an itemised order as real text: rates, discounts, IVA rows, points and notes', async () => {
    const { count, text } = await pages(await renderOrderPdf(ORDER_PDF_FIXTURES.inscripto!, 'Mayorista Ñandú'));
    expect(count).toBe(1);
    for (const expected of ['Mayorista Ñandú', 'Neto gravado', 'IVA 10,5 %', 'Exento', 'Desde 12 u.', 'Oferta', 'Canjeado con puntos', '¿Factura A? ¡Sí!', 'Detergente Magistral limón 750 ml ?']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Total: \$\s890\.340,40/);
  });
});
