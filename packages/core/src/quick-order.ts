/**
 * Reads a pasted quick order (the wholesale-ordering work, decision 016): one line per product, a code (SKU or barcode)
 * then a quantity, with any common separator — `7790070411716 24`, `YER-500 x 10`,
 * `YER-500;10`, `YER-500,10`, a tab from a spreadsheet. A CSV header line is skipped. Lines that
 * cannot be read are returned with their number so the preview can point at them.
 * Quantities are kept as written (`2,5`, `-3`): the server refuses them naming the product.
 */
export interface QuickOrderLine {
  sku: string;
  quantity: number;
  line: number;
}

export interface ParsedQuickOrder {
  lines: QuickOrderLine[];
  unreadable: { line: number; text: string }[];
}

const LINE = /^\s*"?([\p{L}\p{N}][\p{L}\p{N}._/-]*)"?\s*(?:[,;\t:=]\s*|\s+[x×*]\s+|[x×*]|\s+)\s*"?(-?\d+(?:[.,]\d+)?)"?\s*[,;]*\s*$/u;
const HEADER = /^\s*"?(sku|c[oó]digo|codigo|code)"?\s*[,;\t]/i;

export function parseQuickOrder(text: string): ParsedQuickOrder {
  const result: ParsedQuickOrder = { lines: [], unreadable: [] };
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    if (index === 0 && HEADER.test(raw)) return;
    const match = LINE.exec(raw);
    if (!match) {
      result.unreadable.push({ line: index + 1, text: raw.trim() });
      return;
    }
    result.lines.push({ sku: match[1]!, quantity: Number(match[2]!.replace(',', '.')), line: index + 1 });
  });
  return result;
}
