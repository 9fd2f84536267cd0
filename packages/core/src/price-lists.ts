/**
 * Price lists per customer (the business-identity work, decision 018). A list is a percentage over or under
 * the base wholesale prices, plus optional explicit prices for some products. It is applied to a
 * product BEFORE the pricing engine runs: the product's whole wholesale price structure (price,
 * sale price, fixed and final-price tiers) is scaled by one factor, and `priceLine` then applies
 * today's precedence rules (a sale wins, tiers otherwise) to the scaled product. The server uses
 * it for the catalogue, the cart, the order total and the documents; the browser never sees the
 * base prices of a customer on a list, so it needs no list logic of its own.
 *
 * All amounts are integer centavos.
 */
import type { Centavos } from './money';
// Type-only: the web bundle must not pull zod in through the pricing engine.
import type { DiscountTier } from './schemas/product';
import type { PricedProduct } from './priced-product';
import { isApproved, isStaff, type RoleFlags } from './roles';

/** The largest amount a product field may hold (positiveCentavosSchema); scaled amounts stay within it. */
const MAX_CENTAVOS = 1_000_000_000_00;

/** What the pricing engine needs to know about a customer's list. */
export interface PriceListRule {
  id: string;
  /** Basis points over (+) or under (−) the base wholesale prices, > −10.000. */
  percentageBp: number;
  /** Explicit list prices by product id (centavos > 0); they replace the percentage for that product. */
  prices: ReadonlyMap<string, Centavos>;
}

/** A list's percentage is stored in basis points: a percent with at most two decimals (−5, 12.5) → −500, 1250. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

/**
 * amount × num / den rounded half up to the centavo, kept within [1, MAX_CENTAVOS]: a list never
 * makes a price free (a 1-centavo product at −99,99 % stays at 1 centavo) nor larger than a
 * product may hold. Exact: BigInt once the product of the operands leaves the safe integers.
 */
export function scaleCentavos(amount: Centavos, num: number, den: number): Centavos {
  const product = amount * num;
  let rounded: number;
  if (Number.isSafeInteger(product * 2 + den)) {
    rounded = Math.floor((2 * product + den) / (2 * den));
  } else {
    rounded = Number((2n * BigInt(amount) * BigInt(num) + BigInt(den)) / (2n * BigInt(den)));
  }
  return Math.min(MAX_CENTAVOS, Math.max(1, rounded));
}

/** The factor num/den a list applies to one product: explicit ÷ base for a listed product, else 1 + pct. */
export function listFactor(productId: string, basePrice: Centavos, list: PriceListRule): { num: number; den: number } {
  const explicit = list.prices.get(productId);
  if (explicit !== undefined) return { num: explicit, den: basePrice };
  return { num: 10_000 + list.percentageBp, den: 10_000 };
}

/**
 * The list price of a product (what it costs for one unit before any sale or tier): the explicit
 * price if the list has one, else base × (1 + pct) rounded half up to the centavo.
 */
export function listPriceOf(product: { id: string; price: Centavos }, list: PriceListRule | null): Centavos {
  if (!list) return product.price;
  const { num, den } = listFactor(product.id, product.price, list);
  return scaleCentavos(product.price, num, den);
}

function scaleTier(tier: DiscountTier, num: number, den: number): DiscountTier {
  // A percentage tier is already relative: it applies to the list price as it stands.
  if (tier.discountType === 'percentage') return tier;
  return { ...tier, discountValue: scaleCentavos(Math.round(tier.discountValue), num, den) };
}

/**
 * The product as a customer on `list` sees and buys it (null: the base list, unchanged). Every
 * wholesale amount is multiplied by the list's factor for this product and rounded half up:
 * - price → the list price (exactly the explicit price when there is one);
 * - sale_price → scaled too, so a sale keeps its proportion on every list; when the scaled sale
 *   is not below the list price (an explicit price already under the sale) the sale is dropped
 *   and the tiers apply, as with no sale — a "sale" that does not lower the price is no sale;
 * - fixed and final-price tiers → scaled (they are amounts); percentage tiers unchanged.
 * Retail fields are untouched: lists are a wholesale benefit.
 */
export function applyPriceList<P extends PricedProduct & { id: string }>(product: P, list: PriceListRule | null): P {
  if (!list) return product;
  const { num, den } = listFactor(product.id, product.price, list);
  if (num === den) return product;
  const price = scaleCentavos(product.price, num, den);
  const onSale = product.on_sale && product.sale_price !== null;
  const salePrice = onSale ? scaleCentavos(product.sale_price!, num, den) : null;
  const saleApplies = salePrice !== null && salePrice < price;
  return {
    ...product,
    price,
    on_sale: saleApplies,
    // A stored sale price that is switched off is not the customer's business: it is not sent.
    sale_price: saleApplies ? salePrice : null,
    discounts: product.discounts.map((tier) => scaleTier(tier, num, den)),
  };
}

/** applyPriceList over many products (one list lookup per product). */
export function applyPriceListToAll<P extends PricedProduct & { id: string }>(products: P[], list: PriceListRule | null): P[] {
  return list ? products.map((p) => applyPriceList(p, list)) : products;
}

/**
 * Which list a profile buys at: staff always see and buy at the base list (their catalogue is the
 * admin view, which must show the prices they edit); retail viewers see retail prices, where lists
 * do not apply.
 */
export function effectivePriceListId(profile: RoleFlags | null | undefined, priceListId: string | null | undefined): string | null {
  if (!isApproved(profile) || isStaff(profile)) return null;
  return priceListId ?? null;
}
