/**
 * The pricing engine (the validation rules, the pricing-rules work (decision 003)): one pure function decides the unit price of a
 * product for a quantity and a customer kind. The server uses it as the authority when an order is
 * placed; the browser uses the same code for previews, so both always agree.
 *
 * All amounts are integer centavos.
 */
import { percentOf, type Centavos } from './money';
import { applyPriceList, type PriceListRule } from './price-lists';
import type { PricedProduct } from './priced-product';
// Type-only import: the web bundle must not pull zod in through the pricing engine.
import type { DiscountTier, ProductData } from './schemas/product';

/** Approved profiles buy at wholesale prices; everyone else sees retail prices. */
export type CustomerKind = 'wholesale' | 'retail';

export type { PricedProduct } from './priced-product';

export interface LinePrice {
  quantity: number;
  /** price (wholesale) or retail_price (retail). */
  basePrice: Centavos;
  /** After the sale price or the tier; always within [0, basePrice]. */
  unitPrice: Centavos;
  /** unitPrice × quantity. */
  lineTotal: Centavos;
  /** (basePrice − unitPrice) × quantity. */
  savings: Centavos;
  applied: 'none' | 'sale' | 'tier';
  tier: DiscountTier | null;
  /** The next tier the customer could reach by buying `missing` more units ("agregá N más"). */
  nextTier: { minQuantity: number; unitPrice: Centavos; missing: number } | null;
}

export interface PricedCart {
  lines: LinePrice[];
  total: Centavos;
  totalSavings: Centavos;
}

function clampUnitPrice(unitPrice: Centavos, basePrice: Centavos): Centavos {
  return Math.min(basePrice, Math.max(0, unitPrice));
}

/** The wholesale sale applies only when it is switched on and has a price (the schema enforces both). */
function wholesaleSalePrice(product: PricedProduct): Centavos | null {
  return product.on_sale && product.sale_price !== null ? product.sale_price : null;
}

function retailSalePrice(product: RetailPricedProduct): Centavos | null {
  return product.on_sale_retail && product.sale_price_retail !== null ? product.sale_price_retail : null;
}

/** The unit price a tier gives against a base price, clamped to [0, basePrice]. */
export function tierUnitPrice(tier: DiscountTier, basePrice: Centavos): Centavos {
  switch (tier.discountType) {
    case 'fixed':
      return clampUnitPrice(basePrice - Math.round(tier.discountValue), basePrice);
    case 'percentage':
      return clampUnitPrice(basePrice - percentOf(basePrice, tier.discountValue), basePrice);
    case 'final_price':
      return clampUnitPrice(Math.round(tier.discountValue), basePrice);
  }
}

/**
 * The tier with the highest minQuantity not above the quantity. With duplicate minQuantity values
 * (which the schema refuses) the first one in the list wins, so the choice stays deterministic.
 */
export function matchingTier(discounts: readonly DiscountTier[], quantity: number): DiscountTier | null {
  let chosen: DiscountTier | null = null;
  for (const tier of discounts) {
    if (tier.minQuantity <= quantity && (chosen === null || tier.minQuantity > chosen.minQuantity)) {
      chosen = tier;
    }
  }
  return chosen;
}

function nextTierAbove(discounts: readonly DiscountTier[], quantity: number): DiscountTier | null {
  let next: DiscountTier | null = null;
  for (const tier of discounts) {
    if (tier.minQuantity > quantity && (next === null || tier.minQuantity < next.minQuantity)) {
      next = tier;
    }
  }
  return next;
}

function assertQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    // Quantities are validated by zod at every boundary; reaching here is a programming error.
    throw new RangeError(`La cantidad debe ser un entero no negativo (recibido: ${String(quantity)}).`);
  }
}

/** What retail pricing reads: visitors' catalogue answers carry nothing more (the abuse-limits work, decision 010). */
export type RetailPricedProduct = Pick<ProductData, 'retail_price' | 'on_sale_retail' | 'sale_price_retail'>;

/** Prices one line: a product, a quantity (a non-negative integer) and who is buying. */
export function priceLine(product: PricedProduct, quantity: number, kind: CustomerKind): LinePrice;
export function priceLine(product: RetailPricedProduct, quantity: number, kind: 'retail'): LinePrice;
export function priceLine(product: PricedProduct | RetailPricedProduct, quantity: number, kind: CustomerKind): LinePrice {
  assertQuantity(quantity);
  const line = (
    basePrice: Centavos,
    unitPrice: Centavos,
    applied: LinePrice['applied'],
    tier: DiscountTier | null,
    nextTier: LinePrice['nextTier'],
  ): LinePrice => ({
    quantity,
    basePrice,
    unitPrice,
    lineTotal: unitPrice * quantity,
    savings: (basePrice - unitPrice) * quantity,
    applied,
    tier,
    nextTier,
  });

  if (kind === 'retail') {
    const basePrice = product.retail_price;
    const sale = retailSalePrice(product);
    // Quantity tiers are a wholesale benefit only.
    return sale === null
      ? line(basePrice, basePrice, 'none', null, null)
      : line(basePrice, clampUnitPrice(sale, basePrice), 'sale', null, null);
  }

  // Only the first signature reaches here with kind 'wholesale', so the wholesale fields are present.
  const wholesale = product as PricedProduct;
  const basePrice = wholesale.price;
  const sale = wholesaleSalePrice(wholesale);
  if (sale !== null) {
    // A sale price takes precedence over tiers (the validation rules), so no tier is offered either.
    return line(basePrice, clampUnitPrice(sale, basePrice), 'sale', null, null);
  }

  const tier = matchingTier(wholesale.discounts, quantity);
  const upcoming = nextTierAbove(wholesale.discounts, quantity);
  const nextTier = upcoming
    ? {
        minQuantity: upcoming.minQuantity,
        unitPrice: tierUnitPrice(upcoming, basePrice),
        missing: upcoming.minQuantity - quantity,
      }
    : null;
  return tier === null
    ? line(basePrice, basePrice, 'none', null, nextTier)
    : line(basePrice, tierUnitPrice(tier, basePrice), 'tier', tier, nextTier);
}

/** Prices every line and adds them up. */
export function priceCart(lines: { product: PricedProduct; quantity: number }[], kind: CustomerKind): PricedCart {
  const priced = lines.map(({ product, quantity }) => priceLine(product, quantity, kind));
  return {
    lines: priced,
    total: priced.reduce((sum, l) => sum + l.lineTotal, 0),
    totalSavings: priced.reduce((sum, l) => sum + l.savings, 0),
  };
}

/**
 * The wholesale quantity ladder ("Desde 12 u.: $ 1.234,00 c/u"), ascending by minQuantity.
 * Empty while the product is on a wholesale sale, because the sale price then beats every tier.
 */
export function tierLadder(product: PricedProduct): { minQuantity: number; unitPrice: Centavos }[] {
  if (wholesaleSalePrice(product) !== null) return [];
  const seen = new Set<number>();
  return [...product.discounts]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .filter((tier) => {
      if (seen.has(tier.minQuantity)) return false;
      seen.add(tier.minQuantity);
      return true;
    })
    .map((tier) => ({ minQuantity: tier.minQuantity, unitPrice: tierUnitPrice(tier, product.price) }));
}

/**
 * Prices a wholesale cart at a customer's price list (null: the base list). The list is applied to
 * each product first (price-lists.ts), then the rules above decide sale and tiers on the list's
 * prices (decision 018): the server's order total and every document go through here.
 */
export function priceCartOnList(
  lines: { product: PricedProduct & { id: string }; quantity: number }[],
  list: PriceListRule | null,
): PricedCart {
  return priceCart(
    lines.map(({ product, quantity }) => ({ product: applyPriceList(product, list), quantity })),
    'wholesale',
  );
}

/**
 * The price of one unit, sale included, before any quantity tier: what "the price" of a cart line
 * means to a buyer, kept when the line is added ("Subió 8 % desde que lo agregaste", the repricing work (decision 015)).
 */
export const addedUnitPrice = (product: PricedProduct): Centavos => priceLine(product, 1, 'wholesale').unitPrice;
