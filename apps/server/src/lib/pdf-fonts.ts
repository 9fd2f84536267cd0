import PDFDocument from 'pdfkit';
import { useFastMetrics } from './pdf-text';

/** The pdfkit internals this module relies on (pdfkit 0.20): a document's fonts by name. */
interface FontTable {
  _fontFamilies?: Record<string, object>;
  _fontCount?: number;
}

const STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold'] as const;
const parsedFonts = new Map<string, object>();

/**
 * A pdfkit document whose standard fonts (Helvetica, Helvetica-Bold) are parsed once per process.
 * pdfkit parses a standard font's metrics (its AFM tables, thousands of kerning pairs) again for
 * every document: a quarter of an order PDF's CPU, and every order's e-mail carries one (decision
 * 023). The parsed metrics never change, so a new document gets a copy of the font object an
 * earlier document made, bound to itself: its own id, and its own font dictionary, written when
 * the document ends. Where pdfkit's internals are not as expected nothing is shared and pdfkit
 * parses as before. The document starts without a font: pick one before writing text.
 */
export function pdfDocumentWithParsedFonts(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  // `font: null` skips pdfkit's default Helvetica, which it would parse before we can share it.
  const doc = new PDFDocument({ ...options, font: null as unknown as string });
  const table = doc as unknown as FontTable;
  if (!table._fontFamilies || typeof table._fontCount !== 'number') {
    doc.font('Helvetica');
    return doc;
  }
  for (const name of STANDARD_FONTS) {
    const parsed = parsedFonts.get(name);
    if (!parsed) continue;
    table._fontCount += 1;
    table._fontFamilies[name] = Object.assign(Object.create(Object.getPrototypeOf(parsed) as object) as object, parsed, {
      document: doc,
      id: `F${table._fontCount}`,
      dictionary: null,
      embedded: false,
    });
  }
  doc.font('Helvetica');
  // Fonts this document parsed itself serve the next documents.
  doc.on('end', () => {
    for (const name of STANDARD_FONTS) {
      const font = table._fontFamilies?.[name];
      if (!font || parsedFonts.has(name) || !('font' in font)) continue;
      // Later documents also measure and encode through integer tables (decision 027, same results).
      useFastMetrics(font);
      parsedFonts.set(name, font);
    }
  });
  return doc;
}
