import { MAX_ITEM_QUANTITY } from './constants';
import { cart as texts } from './messages/cart';
import { formatMoney } from './money';

/**
 * Quantity rules of a product (the wholesale-ordering work, decision 016): a minimum per order, a pack size (quantities are whole
 * packs) and an optional maximum per order, plus the stock when it is limited. ONE function decides
 * whether a quantity is acceptable; the card, the cart and the server (cart save, quick order,
 * order placement) all call it, so the buyer is never told one thing and refused another.
 * Zod-free: the catalogue's first download imports it.
 */
export interface QuantityRuleProduct {
  name: string;
  min_quantity: number;
  pack_size: number;
  max_quantity: number | null;
  stock: number;
  has_unlimited_stock: boolean;
}

export type QuantityProblem =
  | { kind: 'not_whole'; quantity: number }
  | { kind: 'below_minimum'; minimum: number }
  | { kind: 'not_pack_multiple'; pack: number; suggestion: number }
  | { kind: 'above_maximum'; maximum: number }
  | { kind: 'above_stock'; stock: number };

/** Rules of a product created before the wholesale-ordering work (decision 016) (or sent without them): any whole quantity. */
export const NO_QUANTITY_RULES = { min_quantity: 1, pack_size: 1, max_quantity: null } as const;

const packOf = (p: Pick<QuantityRuleProduct, 'pack_size'>) => (Number.isInteger(p.pack_size) && p.pack_size > 1 ? p.pack_size : 1);

/** The smallest quantity a buyer may order: the minimum rounded up to whole packs. */
export function smallestQuantity(p: Pick<QuantityRuleProduct, 'min_quantity' | 'pack_size'>): number {
  const pack = packOf(p);
  return Math.ceil(Math.max(1, p.min_quantity) / pack) * pack;
}

/** The largest quantity a buyer may order: maximum, stock and the global limit, rounded down to whole packs. */
export function largestQuantity(p: QuantityRuleProduct): number {
  const pack = packOf(p);
  let limit = MAX_ITEM_QUANTITY;
  if (p.max_quantity !== null) limit = Math.min(limit, p.max_quantity);
  if (!p.has_unlimited_stock) limit = Math.min(limit, p.stock);
  return Math.floor(limit / pack) * pack;
}

/** How far a stepper moves: one pack. */
export const quantityStep = (p: Pick<QuantityRuleProduct, 'pack_size'>): number => packOf(p);

/**
 * Why `quantity` cannot be ordered, or null when it can. Order of the checks: the product's own
 * rules first (they never change), the stock last (it is the one a buyer cannot fix by retyping).
 */
export function checkQuantity(p: QuantityRuleProduct, quantity: number): QuantityProblem | null {
  if (!Number.isInteger(quantity) || quantity < 1) return { kind: 'not_whole', quantity };
  const pack = packOf(p);
  if (quantity < p.min_quantity) return { kind: 'below_minimum', minimum: smallestQuantity(p) };
  if (quantity % pack !== 0) {
    const up = Math.ceil(quantity / pack) * pack;
    return { kind: 'not_pack_multiple', pack, suggestion: Math.max(up, smallestQuantity(p)) };
  }
  const maximum = Math.min(p.max_quantity ?? MAX_ITEM_QUANTITY, MAX_ITEM_QUANTITY);
  if (quantity > maximum) return { kind: 'above_maximum', maximum };
  if (!p.has_unlimited_stock && quantity > p.stock) return { kind: 'above_stock', stock: p.stock };
  return null;
}

/** The Spanish sentence for a problem, naming the product (the validation rules text for the stock). */
export function quantityProblemText(problem: QuantityProblem, product: string): string {
  switch (problem.kind) {
    case 'not_whole':
      return texts.notWhole(product);
    case 'below_minimum':
      return texts.belowMinimum(problem.minimum, product);
    case 'not_pack_multiple':
      return texts.notPackMultiple(problem.pack, problem.suggestion, product);
    case 'above_maximum':
      return texts.aboveMaximum(problem.maximum, product);
    case 'above_stock':
      return texts.insufficientStockText(product);
  }
}

/** The title of the notice: the spec's for stock, a general one for the product's rules. */
export function quantityProblemTitle(problem: QuantityProblem): string {
  return problem.kind === 'above_stock' ? texts.insufficientStockTitle : texts.invalidQuantityTitle;
}

/** The quantity that fixes a problem, when there is one the buyer can accept with a click. */
export function quantityFix(p: QuantityRuleProduct, problem: QuantityProblem): number | null {
  const largest = largestQuantity(p);
  const smallest = smallestQuantity(p);
  let fix: number;
  switch (problem.kind) {
    case 'not_whole':
    case 'below_minimum':
      fix = smallest;
      break;
    case 'not_pack_multiple':
      fix = problem.suggestion <= largest ? problem.suggestion : largest;
      break;
    case 'above_maximum':
    case 'above_stock':
      fix = largest;
  }
  return fix >= smallest && fix <= largest ? fix : null;
}

/** Short hints shown on the card before they matter: "Bulto x 12", "Mínimo 24 u.", "Máximo 120 u.". */
export function quantityRuleHints(p: Pick<QuantityRuleProduct, 'min_quantity' | 'pack_size' | 'max_quantity'>): string[] {
  const hints: string[] = [];
  const pack = packOf(p);
  if (pack > 1) hints.push(texts.packHint(pack));
  const smallest = smallestQuantity(p);
  if (smallest > pack) hints.push(texts.minimumHint(smallest));
  if (p.max_quantity !== null) hints.push(texts.maximumHint(p.max_quantity));
  return hints;
}

/** The minimum order amount (centavos) still missing, or 0 when the total reaches it. */
export function missingForMinimumOrder(total: number, minimum: number): number {
  return minimum > 0 && total < minimum ? minimum - total : 0;
}

export const minimumOrderText = (missing: number): string => texts.minimumOrderMissing(formatMoney(missing));

/** The + stepper: the next whole pack above `quantity` (at least the smallest allowed). */
export function stepUp(p: Pick<QuantityRuleProduct, 'min_quantity' | 'pack_size'>, quantity: number): number {
  const pack = packOf(p);
  return Math.max(Math.floor(quantity / pack) * pack + pack, smallestQuantity(p));
}

/** The − stepper: the whole pack below `quantity`; below the smallest allowed it is 0 (the cart removes the line). */
export function stepDown(p: Pick<QuantityRuleProduct, 'min_quantity' | 'pack_size'>, quantity: number): number {
  const pack = packOf(p);
  const down = Math.ceil(quantity / pack) * pack - pack;
  return down < smallestQuantity(p) ? 0 : down;
}
