/**
 * Bulk repricing rules (the repricing work, decision 015): pure functions over integer centavos, shared by
 * the server (authority for preview and apply) and the admin dialog.
 *
 * Direction-aware rounding: an increase rounds UP to the step and a decrease rounds DOWN, so an
 * increase never lowers a price and a decrease never raises one (WooCommerce #18787: "% edits that
 * silently do nothing" came from rounding back to the old price). Percentages are handled in basis
 * points with integer arithmetic, so no float drift reaches a price.
 */
import type { Centavos } from './money';
// Type-only: the web bundle must not pull zod in through these rules.
import type { DiscountTier } from './schemas/product';

export const ROUNDING_RULES = ['none', '1', '10', '50', '100', '99'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

/** Which prices a change touches. Percentage tiers follow the base price by themselves. */
export const REPRICE_FIELDS = ['price', 'retail_price', 'sale_prices', 'tiers'] as const;
export type RepriceField = (typeof REPRICE_FIELDS)[number];

export type PriceAdjustment =
  | { kind: 'percent'; /** −99.99 … 1000, at most two decimals */ percent: number }
  | { kind: 'amount'; /** signed centavos, not 0 */ amount: Centavos };

export interface RepriceRule {
  adjustment: PriceAdjustment;
  fields: RepriceField[];
  rounding: RoundingRule;
}

/** The prices a change may write, recorded before and after each change (undo restores `before`). */
export interface PriceSnapshot {
  price: Centavos;
  retail_price: Centavos;
  sale_price: Centavos | null;
  sale_price_retail: Centavos | null;
  discounts: DiscountTier[];
}

export type RepriceWarningKind = 'not_positive' | 'sale_above_list' | 'tier_above_base';

export interface RepriceWarning {
  kind: RepriceWarningKind;
  field: string;
}

const STEP: Record<Exclude<RoundingRule, '99'>, number> = { none: 1, '1': 100, '10': 1000, '50': 5000, '100': 10000 };

const isIncrease = (a: PriceAdjustment) => (a.kind === 'percent' ? a.percent > 0 : a.amount > 0);

/** ⌈n / d⌉ and ⌊n / d⌋ for integers (d > 0), exact for any sign of n. */
const ceilDiv = (n: number, d: number) => Math.ceil(n / d);
const floorDiv = (n: number, d: number) => Math.floor(n / d);

/**
 * Rounds `numerator / denominator` centavos to the rule, up when `up` and down otherwise.
 * "99" means whole pesos ending in 99 ($1.299, $2.399): the values ≡ 9.900 centavos mod 10.000.
 */
export function roundToRule(numerator: number, denominator: number, rule: RoundingRule, up: boolean): Centavos {
  if (rule === '99') {
    const step = 10000 * denominator;
    const shifted = numerator - 9900 * denominator;
    return (up ? ceilDiv(shifted, step) : floorDiv(shifted, step)) * 10000 + 9900;
  }
  const step = STEP[rule] * denominator;
  return (up ? ceilDiv(numerator, step) : floorDiv(numerator, step)) * STEP[rule];
}

/** A price after the adjustment and the rounding rule. */
export function adjustPrice(price: Centavos, adjustment: PriceAdjustment, rule: RoundingRule): Centavos {
  const up = isIncrease(adjustment);
  if (adjustment.kind === 'amount') return roundToRule(price + adjustment.amount, 1, rule, up);
  const basisPoints = Math.round(adjustment.percent * 100);
  return roundToRule(price * (10000 + basisPoints), 10000, rule, up);
}

/**
 * A fixed-amount tier ("$50 menos") keeps its proportion under a percentage change and stays as is
 * under an amount change; it is a discount, not a price, so no price rounding applies to it.
 */
function adjustFixedDiscount(value: number, adjustment: PriceAdjustment): number {
  if (adjustment.kind === 'amount') return value;
  return Math.max(1, Math.round((value * (10000 + Math.round(adjustment.percent * 100))) / 10000));
}

export function snapshotOf(p: PriceSnapshot): PriceSnapshot {
  return {
    price: p.price,
    retail_price: p.retail_price,
    sale_price: p.sale_price,
    sale_price_retail: p.sale_price_retail,
    discounts: p.discounts.map((t) => ({ ...t })),
  };
}

/** The prices of a product after a rule; untouched fields are copied. */
export function repricedSnapshot(before: PriceSnapshot, rule: RepriceRule): PriceSnapshot {
  const fields = new Set(rule.fields);
  const adjust = (v: Centavos) => adjustPrice(v, rule.adjustment, rule.rounding);
  const after = snapshotOf(before);
  if (fields.has('price')) after.price = adjust(before.price);
  if (fields.has('retail_price')) after.retail_price = adjust(before.retail_price);
  if (fields.has('sale_prices')) {
    if (before.sale_price !== null) after.sale_price = adjust(before.sale_price);
    if (before.sale_price_retail !== null) after.sale_price_retail = adjust(before.sale_price_retail);
  }
  if (fields.has('tiers')) {
    after.discounts = before.discounts.map((tier) => {
      if (tier.discountType === 'final_price') return { ...tier, discountValue: adjust(tier.discountValue) };
      if (tier.discountType === 'fixed') return { ...tier, discountValue: adjustFixedDiscount(tier.discountValue, rule.adjustment) };
      return { ...tier };
    });
  }
  return after;
}

/** What would break a product's rules (the database refuses all of them, so apply refuses too). */
export function repriceWarnings(after: PriceSnapshot): RepriceWarning[] {
  const warnings: RepriceWarning[] = [];
  if (after.price <= 0) warnings.push({ kind: 'not_positive', field: 'price' });
  if (after.retail_price <= 0) warnings.push({ kind: 'not_positive', field: 'retail_price' });
  if (after.sale_price !== null) {
    if (after.sale_price <= 0) warnings.push({ kind: 'not_positive', field: 'sale_price' });
    else if (after.sale_price >= after.price) warnings.push({ kind: 'sale_above_list', field: 'sale_price' });
  }
  if (after.sale_price_retail !== null) {
    if (after.sale_price_retail <= 0) warnings.push({ kind: 'not_positive', field: 'sale_price_retail' });
    else if (after.sale_price_retail >= after.retail_price) warnings.push({ kind: 'sale_above_list', field: 'sale_price_retail' });
  }
  after.discounts.forEach((tier, i) => {
    if (tier.discountType === 'percentage') return;
    if (tier.discountValue <= 0) warnings.push({ kind: 'not_positive', field: `discounts.${i}` });
    else if (tier.discountValue >= after.price) warnings.push({ kind: 'tier_above_base', field: `discounts.${i}` });
  });
  return warnings;
}

export function sameSnapshot(a: PriceSnapshot, b: PriceSnapshot): boolean {
  return (
    a.price === b.price &&
    a.retail_price === b.retail_price &&
    a.sale_price === b.sale_price &&
    a.sale_price_retail === b.sale_price_retail &&
    sameTiers(a.discounts, b.discounts)
  );
}

/** Field by field: jsonb does not keep key order, so the stored and the computed tier may differ in text. */
export function sameTiers(a: PriceSnapshot['discounts'], b: PriceSnapshot['discounts']): boolean {
  return (
    a.length === b.length &&
    a.every((t, i) => {
      const u = b[i]!;
      return t.minQuantity === u.minQuantity && t.discountType === u.discountType && t.discountValue === u.discountValue;
    })
  );
}

/**
 * Undo of one recorded product: the old values when the product still has exactly the values the
 * change wrote, and null when someone edited it since (it is reported and left alone).
 */
export function undoSnapshot(current: PriceSnapshot, recorded: { before: PriceSnapshot; after: PriceSnapshot }): PriceSnapshot | null {
  return sameSnapshot(current, recorded.after) ? snapshotOf(recorded.before) : null;
}

/** Signed percentage change from `before` to `after`, rounded to a whole percent ("Subió 8 %"). */
export function percentChange(before: Centavos, after: Centavos): number {
  if (before <= 0) return 0;
  return Math.round(((after - before) * 100) / before);
}
