import { parseCounted, type StockCountInput } from '@mayorista/core/schemas/stock-count';

/**
 * One product of the count as the screen holds it: its stock and its units in orders not yet
 * prepared when read (absent: none), and what was typed in "Contado".
 */
export interface CountLine {
  productId: string;
  stock: number;
  reserved?: number;
  counted: string;
}

/** What should be on the shelf: the stock plus the units of orders not yet picked (decision 069). */
export const expectedShelf = (line: Pick<CountLine, 'stock' | 'reserved'>) => line.stock + (line.reserved ?? 0);

export interface StockCountValues {
  lines: CountLine[];
}

/**
 * What the screen sends: only the lines whose "Contado" was filled and differs from what should be
 * on the shelf, stock + units in unprepared orders (an empty field is "not counted", an equal one
 * changes nothing: the server would set the same stock). `invalid` lists the
 * products whose field is not a whole number 0..1,000,000: with any, nothing is sent.
 */
export function stockCountChanges(values: StockCountValues): { counts: StockCountInput['counts']; invalid: string[] } {
  const counts: StockCountInput['counts'] = [];
  const invalid: string[] = [];
  for (const line of values.lines) {
    const parsed = parseCounted(line.counted);
    if (!parsed.ok) invalid.push(line.productId);
    else if (parsed.value !== null && parsed.value !== expectedShelf(line)) counts.push({ product_id: line.productId, counted: parsed.value });
  }
  return { counts, invalid };
}

/** The body of POST /api/admin/stock-counts from the screen's lines (the form contract sends it through the real route). */
export function toStockCountBody(values: StockCountValues): StockCountInput {
  return { counts: stockCountChanges(values).counts };
}
