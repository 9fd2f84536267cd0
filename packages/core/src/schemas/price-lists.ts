import { z } from 'zod';
import { priceLists as text } from '../messages/priceLists';
import { uuidSchema } from './common';
import { requiredText } from './text';

/** The business-identity work (decision 018): price lists per customer. Amounts are integer centavos. */

export const PRICE_LIST_MAX_ITEMS = 5_000;

/** A percent over (+) or under (−) the base prices, with at most two decimals; stored as basis points. */
export const priceListPercentageSchema = z
  .number({ message: text.percentageNumber })
  .gt(-100, { message: text.percentageTooLow })
  .max(1000, { message: text.percentageTooHigh })
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, { message: text.percentageDecimals });

export const priceListItemInputSchema = z.strictObject({
  product_id: uuidSchema,
  price: z
    .number({ message: text.explicitPricePositive })
    .int({ message: 'El importe debe estar en centavos enteros.' })
    .positive({ message: text.explicitPricePositive })
    .max(1_000_000_000_00, { message: 'El importe es demasiado grande.' }),
});

export const priceListInputSchema = z.strictObject({
  name: requiredText({ max: 80, required: text.nameRequired, tooLong: text.nameTooLong }),
  percentage: priceListPercentageSchema,
  items: z
    .array(priceListItemInputSchema)
    .max(PRICE_LIST_MAX_ITEMS, { message: text.tooManyItems(PRICE_LIST_MAX_ITEMS) })
    .default([])
    .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, { message: text.duplicateProduct }),
});
export type PriceListInput = z.input<typeof priceListInputSchema>;
export type PriceListData = z.output<typeof priceListInputSchema>;

export const priceListIdParams = z.object({ id: uuidSchema });

/** PATCH /api/admin/users/:id/price-list: null puts the customer back on the base list. */
export const assignPriceListSchema = z.strictObject({
  price_list_id: uuidSchema.nullable(),
});

export const priceListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Percent, e.g. −5 or 12.5. */
  percentage: z.number(),
  customer_count: z.number().int(),
  item_count: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type PriceListSummary = z.infer<typeof priceListSummarySchema>;

export const priceListItemSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  /** Today's base wholesale price, for comparison. */
  base_price: z.number().int(),
  price: z.number().int(),
});

export const priceListSchema = priceListSummarySchema.extend({ items: z.array(priceListItemSchema) });
export type PriceList = z.infer<typeof priceListSchema>;

export const priceListsResponseSchema = z.object({ items: z.array(priceListSummarySchema) });
export type PriceListsResponse = z.infer<typeof priceListsResponseSchema>;
