import { z } from 'zod';
import { stockCount as text } from '../messages/stockCount';
import { lowerCaseUuid, uuidSchema } from './common';

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
 * What a count changed: each product whose stock differed (before → after, the stock), with what was
 * counted on the shelf and the units of orders not yet prepared that are still on it (the stock set
 * is counted − reserved), and how many were already right. `id` names the count in the activity log.
 */
export const stockCountResultSchema = z.object({
  id: z.string(),
  changed: z.array(
    z.object({
      product_id: z.string(),
      before: z.number().int(),
      after: z.number().int(),
      counted: z.number().int(),
      reserved: z.number().int(),
    }),
  ),
  unchanged: z.number().int(),
});
export type StockCountResult = z.infer<typeof stockCountResultSchema>;

/** The products one page of the Stock tab shows: at most a page (100), each a product id. */
export const STOCK_RESERVED_MAX_IDS = 100;

/** GET /api/admin/stock-counts/reserved?ids=<uuid>,<uuid>: the page's products, comma separated (lower-cased: the orders' items hold ids as text). */
export const stockReservedQuerySchema = z.strictObject({
  ids: z
    .string({ message: text.reservedIdsInvalid })
    .max(STOCK_RESERVED_MAX_IDS * 37, { message: text.reservedIdsInvalid })
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(lowerCaseUuid(text.reservedIdsInvalid)).min(1, { message: text.reservedIdsInvalid }).max(STOCK_RESERVED_MAX_IDS, { message: text.reservedIdsInvalid })),
});

/** Units of each product in orders not yet prepared; a product with none is missing (0). */
export const stockReservedResultSchema = z.object({ reserved: z.record(z.string(), z.number().int()) });
export type StockReservedResult = z.infer<typeof stockReservedResultSchema>;

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
