import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { pdfDocumentWithParsedFonts } from '../src/lib/pdf-fonts';

/** Decision 023: later documents reuse the standard fonts an earlier one parsed, and read back the same. */
function render(lines: string[]): Promise<Buffer> {
  const doc = pdfDocumentWithParsedFonts({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  doc.font('Helvetica-Bold').fontSize(14).text(lines[0]!);
  for (const line of lines.slice(1)) doc.font('Helvetica').fontSize(10).text(line, { width: 120 });
  doc.end();
  return done;
}

async function textOf(pdf: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

describe('PDF documents sharing parsed fonts', () => {
  it('every document, first or later, has both fonts once and reads back its own text', async () => {
    const lines = ['Pedido #0a1b2c3d', 'Azúcar Ledesma 1 kg × 24 — $ 12.500,00', 'Yerba mate ñandú, con palabras que no entran en una línea'];
    const first = await render(lines);
    const later = await Promise.all([render(lines), render(['Otro documento', 'Café'])]);
    for (const pdf of [first, ...later]) {
      const source = pdf.toString('latin1');
      expect(source.match(/\/BaseFont \/Helvetica-Bold\b/g)).toHaveLength(1);
      expect(source.match(/\/BaseFont \/Helvetica\b(?!-)/g)).toHaveLength(1);
    }
    const [again, other] = later;
    expect(await textOf(again!)).toBe(await textOf(first));
    expect(await textOf(first)).toMatch(/Azúcar Ledesma 1 kg ×\s24[\s\S]*ñandú/);
    expect(await textOf(other!)).toContain('Otro documento');
    // Line wrapping needs the widths, which come from the parsed metrics: same layout, same size.
    expect(again!.length).toBe(first.length);
  });
});
