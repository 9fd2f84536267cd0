// Type-only import: the web bundle must not pull zod in through the pricing engine.
import type { ProductData } from './schemas/product';

/**
 * What the pricing engine reads of a product: its prices, sale prices and tiers. A leaf of its own
 * so the engine (pricing.ts) and the price lists (price-lists.ts), which the engine applies, both
 * read it without importing each other.
 */
export type PricedProduct = Pick<
  ProductData,
  'price' | 'retail_price' | 'on_sale' | 'sale_price' | 'on_sale_retail' | 'sale_price_retail' | 'discounts'
>;
