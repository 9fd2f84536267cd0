import { z } from 'zod';
import { REPRICE_FIELDS, ROUNDING_RULES } from '../repricing';
import { uuidSchema } from './common';
import { discountTierSchema } from './product';

/** The repricing work (decision 015): bulk repricing, price changes and their undo, spreadsheet import. */

export const REPRICE_MAX_SELECTED = 20_000;
export const REPRICE_PAGE_SIZE_DEFAULT = 50;
/** The biggest spreadsheet an import reads, in bytes and in rows (a 20.000-product catalogue is ~2 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

const queryFlag = z
  .enum(['0', '1', 'true', 'false'], { message: 'Usá 1 o 0.' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const dryRunQuerySchema = z.object({ dry_run: queryFlag });

/** Which products: none of the fields = the whole catalogue (disabled products included). */
export const repriceScopeSchema = z.strictObject({
  category: z.string().trim().min(1).max(80).optional(),
  search: z.string().trim().min(1).max(200).optional(),
  product_ids: z
    .array(uuidSchema)
    .min(1, { message: 'Elegí al menos un producto.' })
    .max(REPRICE_MAX_SELECTED, { message: `Como máximo ${REPRICE_MAX_SELECTED} productos elegidos a mano.` })
    .optional(),
});
export type RepriceScope = z.infer<typeof repriceScopeSchema>;

export const priceAdjustmentSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('percent'),
    percent: z
      .number({ message: 'El porcentaje debe ser un número.' })
      .gt(-100, { message: 'El porcentaje no puede ser −100 % o menos: los precios quedarían en cero.' })
      .max(1000, { message: 'El porcentaje no puede superar 1000 %.' })
      .refine((p) => p !== 0, { message: 'El porcentaje no puede ser 0.' })
      .refine((p) => Number.isInteger(Math.round(p * 100)) && Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, {
        message: 'Usá como máximo dos decimales en el porcentaje.',
      }),
  }),
  z.strictObject({
    kind: z.literal('amount'),
    amount: z
      .number({ message: 'El importe debe ser un número.' })
      .int({ message: 'El importe debe estar en centavos enteros.' })
      .min(-10_000_000_000, { message: 'El importe es demasiado grande.' })
      .max(10_000_000_000, { message: 'El importe es demasiado grande.' })
      .refine((a) => a !== 0, { message: 'El importe no puede ser 0.' }),
  }),
]);

export const REPRICE_SORTS = ['name', 'old', 'new', 'change'] as const;

export const repriceRequestSchema = z.strictObject({
  scope: repriceScopeSchema.default({}),
  adjustment: priceAdjustmentSchema,
  fields: z
    .array(z.enum(REPRICE_FIELDS, { message: 'Campo de precio inválido.' }))
    .min(1, { message: 'Elegí qué precios cambiar.' })
    .max(REPRICE_FIELDS.length)
    .transform((f) => [...new Set(f)]),
  rounding: z.enum(ROUNDING_RULES, { message: 'Regla de redondeo inválida.' }).default('none'),
  /** Preview only: which page of the products, sorted how. */
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(200).default(REPRICE_PAGE_SIZE_DEFAULT),
  sort: z.enum(REPRICE_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type RepriceRequest = z.output<typeof repriceRequestSchema>;

export const priceSnapshotSchema = z.object({
  price: z.number().int(),
  retail_price: z.number().int(),
  sale_price: z.number().int().nullable(),
  sale_price_retail: z.number().int().nullable(),
  discounts: z.array(discountTierSchema),
});

const repriceWarningSchema = z.object({ kind: z.enum(['not_positive', 'sale_above_list', 'tier_above_base']), field: z.string() });

export const repricePreviewItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  before: priceSnapshotSchema,
  after: priceSnapshotSchema,
  warnings: z.array(repriceWarningSchema),
});
export type RepricePreviewItem = z.infer<typeof repricePreviewItemSchema>;

export const repricePreviewSchema = z.object({
  /** Products in the scope. */
  total: z.number().int(),
  /** Of those, how many change at all. */
  changed: z.number().int(),
  /** Products with at least one warning; apply refuses while this is above 0. */
  with_warnings: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  items: z.array(repricePreviewItemSchema),
});
export type RepricePreview = z.infer<typeof repricePreviewSchema>;

export const PRICE_CHANGE_SOURCES = ['reprice', 'import', 'manual', 'undo'] as const;

export const priceChangeSchema = z.object({
  id: z.string(),
  source: z.enum(PRICE_CHANGE_SOURCES),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  scope: z.record(z.string(), z.unknown()),
  rule: z.record(z.string(), z.unknown()).nullable(),
  product_count: z.number().int(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const priceChangesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  product_id: uuidSchema.optional(),
});

export const priceChangesPageSchema = z.object({
  items: z.array(priceChangeSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PriceChangesPage = z.infer<typeof priceChangesPageSchema>;

export const UNDO_SKIP_REASONS = ['edited', 'ordered', 'stock'] as const;

export const undoResultSchema = z.object({
  change: priceChangeSchema,
  /** Products whose recorded prices were restored. */
  restored: z.number().int(),
  /**
   * Products edited since the change: reported, never overwritten. For an import (decision 022)
   * also a product it created that was ordered since (`ordered`: kept), and one whose stock cannot
   * go back without going below zero (`stock`: its other fields were restored).
   */
  skipped: z.array(z.object({ id: z.string(), name: z.string(), reason: z.enum(UNDO_SKIP_REASONS).optional() })),
  /** An import's undo: products whose other fields or stock went back too. */
  fields_restored: z.number().int().default(0),
  /** An import's undo: products it created, removed (never ordered, unchanged since). */
  removed: z.number().int().default(0),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

/** One product's price history row (product editor). */
export const productPriceHistoryItemSchema = z.object({
  change_id: z.string(),
  source: z.enum(PRICE_CHANGE_SOURCES),
  actor_name: z.string().nullable(),
  created_at: z.string(),
  before: priceSnapshotSchema,
  after: priceSnapshotSchema,
});
export const productPriceHistorySchema = z.object({ items: z.array(productPriceHistoryItemSchema) });
export type ProductPriceHistory = z.infer<typeof productPriceHistorySchema>;

export const importRowErrorSchema = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importReportSchema = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** The recorded change (apply only, when a price changed). */
  change_id: z.string().nullable(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
