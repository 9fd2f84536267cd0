import { cart as cartTexts } from '@mayorista/core/messages/cart';
import { checkQuantity, largestQuantity, quantityFix, quantityProblemText, quantityProblemTitle, type QuantityProblem } from '@mayorista/core/quantity-rules';
import type { Product } from '@mayorista/core/schemas/product';

/** What the cart needs of a product: the pricing fields, stock and a name for the messages. */
export type CartProduct = Pick<
  Product,
  | 'id'
  | 'name'
  | 'price'
  | 'retail_price'
  | 'on_sale'
  | 'sale_price'
  | 'on_sale_retail'
  | 'sale_price_retail'
  | 'discounts'
  | 'stock'
  | 'has_unlimited_stock'
  | 'min_quantity'
  | 'pack_size'
  | 'max_quantity'
> & { image_url?: string | null; iva_rate?: Product['iva_rate']; category?: string | null };

export interface CartLine {
  product: CartProduct;
  quantity: number;
}

export interface CartNotice {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

export interface CartChange {
  lines: CartLine[];
  notice: CartNotice | null;
}

/** The most a customer may hold of a product: stock, maximum and the order limit, in whole packs. */
export function maxQuantityOf(product: CartProduct): number {
  return largestQuantity(product);
}

const refusal = (problem: QuantityProblem, product: CartProduct): CartNotice => ({
  title: quantityProblemTitle(problem),
  description: quantityProblemText(problem, product.name),
  variant: 'destructive',
});

/**
 * the validation rules "add to cart": adding beyond a limited stock is refused whole (nothing changes) with
 * 'Stock insuficiente'; so is a total that breaks the product's rules (the wholesale-ordering work, decision 016: pack, minimum,
 * maximum — core/quantity-rules, the same function the server runs). Otherwise the units are added.
 */
export function addToLines(lines: CartLine[], product: CartProduct, quantity: number): CartChange {
  const units = quantity;
  if (!Number.isInteger(units) || units < 1) return { lines, notice: refusal({ kind: 'not_whole', quantity }, product) };
  const existing = lines.find((line) => line.product.id === product.id);
  const next = (existing?.quantity ?? 0) + units;
  const problem = checkQuantity(product, next);
  if (problem) return { lines, notice: refusal(problem, product) };
  const updated = existing
    ? lines.map((line) => (line.product.id === product.id ? { product, quantity: next } : line))
    : [...lines, { product, quantity: next }];
  return {
    lines: updated,
    notice: { title: cartTexts.itemAddedTitle, description: cartTexts.itemAddedText(product.name), variant: 'default' },
  };
}

/**
 * the validation rules "update quantity": zero or below removes the line; above a limited stock the quantity
 * is capped (to whole packs) with 'Solo quedan {n} unidades de {product}', above the maximum it is
 * capped with the maximum's text. A quantity that is not a whole pack or is below the minimum is
 * refused with the reason and the line keeps its quantity.
 */
export function setLineQuantity(lines: CartLine[], productId: string, quantity: number): CartChange {
  const line = lines.find((l) => l.product.id === productId);
  if (!line) return { lines, notice: null };
  const wanted = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
  if (wanted <= 0) return { lines: removeLine(lines, productId), notice: null };

  const { product } = line;
  const problem = checkQuantity(product, wanted);
  if (!problem) return { lines: replaceQuantity(lines, productId, wanted), notice: null };
  if (problem.kind === 'above_stock' || problem.kind === 'above_maximum') {
    const capped = quantityFix(product, problem) ?? 0;
    const description =
      problem.kind === 'above_stock' ? cartTexts.onlyLeft(product.stock, product.name) : quantityProblemText(problem, product.name);
    const notice: CartNotice = { title: quantityProblemTitle(problem), description, variant: 'destructive' };
    const next = capped <= 0 ? removeLine(lines, productId) : replaceQuantity(lines, productId, capped);
    return { lines: next, notice };
  }
  return { lines, notice: refusal(problem, product) };
}

/** A saved line that breaks a rule set after it was chosen (the wholesale-ordering work, decision 016): shown with its fix, never changed silently. */
export function lineProblem(line: CartLine): { text: string; fix: number | null } | null {
  const problem = checkQuantity(line.product, line.quantity);
  if (!problem) return null;
  return { text: quantityProblemText(problem, line.product.name), fix: quantityFix(line.product, problem) };
}

export function removeLine(lines: CartLine[], productId: string): CartLine[] {
  return lines.filter((line) => line.product.id !== productId);
}

function replaceQuantity(lines: CartLine[], productId: string, quantity: number): CartLine[] {
  return lines.map((line) => (line.product.id === productId ? { ...line, quantity } : line));
}

/** cart_data of the data model: product id → quantity. */
export function toCartData(lines: CartLine[]): Record<string, number> {
  return Object.fromEntries(lines.map((line) => [line.product.id, line.quantity]));
}

/** Rebuilds lines from the server's cart, in its order, skipping ids without product data. */
export function fromCartData(cartData: Record<string, number>, products: CartProduct[]): CartLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: CartLine[] = [];
  for (const [productId, quantity] of Object.entries(cartData)) {
    const product = byId.get(productId);
    if (product && quantity >= 1) lines.push({ product, quantity });
  }
  return lines;
}
