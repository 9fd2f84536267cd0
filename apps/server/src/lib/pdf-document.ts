import { pdfkit } from './lazy-modules';

/**
 * What every PDF of the app shares, on pdfkit's public API only (decision 036): the document, its
 * bytes collected as it streams, a page turn before a block that would not fit, and text made
 * safe for the standard fonts.
 */
export interface PdfDocument {
  doc: PDFKit.PDFDocument;
  /** The whole file, once `doc.end()` has been called. */
  done: Promise<Buffer>;
  /** Left margin and the width between the margins. */
  left: number;
  contentWidth: number;
  /** Starts a new page when `height` points would not fit above the bottom margin; true when it did. */
  ensureSpace(height: number): boolean;
}

/** A document that collects its own bytes (`done`); for one that is piped instead, use `pageTools`. */
export function openPdf(options: PDFKit.PDFDocumentOptions): PdfDocument {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, ...pageTools(doc) };
}

/** The page geometry and the page turn of a document, whoever reads its bytes. */
export function pageTools(doc: PDFKit.PDFDocument): Omit<PdfDocument, 'doc' | 'done'> {
  const left = doc.page.margins.left;
  return {
    left,
    contentWidth: doc.page.width - left - doc.page.margins.right,
    ensureSpace(height: number) {
      if (doc.y + height <= doc.page.height - doc.page.margins.bottom) return false;
      doc.addPage();
      return true;
    },
  };
}

/**
 * pdfkit's built-in Helvetica encodes WinAnsi (Latin-1 plus a few typographic signs): every Spanish
 * letter fits, but an emoji or another script would come out as garbage, so such characters become '?'.
 * User content is always drawn as plain text, never interpreted.
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function printable(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0)!;
    const fits =
      code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(char);
    out += fits ? char : '?';
  }
  return out;
}
