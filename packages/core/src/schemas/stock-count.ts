import { z } from 'zod';
import { stockCount as text } from '../messages/stockCount';
import { uuidSchema } from './common';

/** The warehouse's stock count (decision 069): what was counted, shelf by shelf. */

export const STOCK_COUNT_MAX_LINES = 500;
export const STOCK_COUNT_MAX_UNITS = 1_000_000;

/** Units counted on the shelf: a whole number, 0 included (an empty shelf is a count too). */
export const countedUnitsSchema = z
  .number({ message: text.countedInvalid })
  .int({ message: text.countedInvalid })
  .min(0, { message: text.countedInvalid })
  .max(STOCK_COUNT_MAX_UNITS, { message: text.countedInvalid });

export const stockCountLineSchema = z.strictObject({
  product_id: uuidSchema,
  counted: countedUnitsSchema,
});

/** POST /api/admin/stock-counts: 1–500 products, each once. */
export const stockCountInputSchema = z.strictObject({
  counts: z
    .array(stockCountLineSchema, { message: text.countsRequired })
    .min(1, { message: text.countsRequired })
    .max(STOCK_COUNT_MAX_LINES, { message: text.tooManyCounts(STOCK_COUNT_MAX_LINES) })
    .refine((lines) => new Set(lines.map((l) => l.product_id)).size === lines.length, { message: text.duplicateProduct }),
});
export type StockCountInput = z.input<typeof stockCountInputSchema>;

/**
 * What a count changed: each product whose stock differed (before → after), and how many were
 * already right. `id` names the count in the activity log.
 */
export const stockCountResultSchema = z.object({
  id: z.string(),
  changed: z.array(z.object({ product_id: z.string(), before: z.number().int(), after: z.number().int() })),
  unchanged: z.number().int(),
});
export type StockCountResult = z.infer<typeof stockCountResultSchema>;

/**
 * One "Contado" field as typed: empty is "not counted" (null), a whole number 0..1,000,000 is a
 * count, anything else is an error. Digits only: "1.000" or "-3" or "2,5" are refused rather than
 * guessed at.
 */
export function parseCounted(raw: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false };
  const parsed = countedUnitsSchema.safeParse(Number(trimmed));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}
