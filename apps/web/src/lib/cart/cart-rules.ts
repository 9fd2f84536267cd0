import { MAX_ITEM_QUANTITY } from '@mayorista/core/constants';
import { messages } from '@mayorista/core/messages';
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
> & { image_url?: string | null };

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

/** The most a customer may hold of a product: its stock when limited, and never above the order limit. */
export function maxQuantityOf(product: CartProduct): number {
  return product.has_unlimited_stock ? MAX_ITEM_QUANTITY : Math.min(product.stock, MAX_ITEM_QUANTITY);
}

/**
 * SPEC §5 "add to cart": adding beyond a limited stock is refused whole (nothing changes);
 * otherwise the units are added and the customer is told.
 */
export function addToLines(lines: CartLine[], product: CartProduct, quantity: number): CartChange {
  const units = Math.floor(quantity);
  if (!(units >= 1)) return { lines, notice: null };
  const existing = lines.find((line) => line.product.id === product.id);
  const next = (existing?.quantity ?? 0) + units;
  if (!product.has_unlimited_stock && next > product.stock) {
    return {
      lines,
      notice: {
        title: messages.cart.insufficientStockTitle,
        description: messages.cart.insufficientStockText(product.name),
        variant: 'destructive',
      },
    };
  }
  if (next > MAX_ITEM_QUANTITY) {
    return {
      lines,
      notice: { title: messages.cart.insufficientStockTitle, description: messages.cart.maxQuantity(MAX_ITEM_QUANTITY, product.name), variant: 'destructive' },
    };
  }
  const updated = existing
    ? lines.map((line) => (line.product.id === product.id ? { product, quantity: next } : line))
    : [...lines, { product, quantity: next }];
  return {
    lines: updated,
    notice: { title: messages.cart.itemAddedTitle, description: messages.cart.itemAddedText(product.name), variant: 'default' },
  };
}

/**
 * SPEC §5 "update quantity": zero or below removes the line; above a limited stock the quantity
 * is capped to the stock with 'Solo quedan {n} unidades de {product}'.
 */
export function setLineQuantity(lines: CartLine[], productId: string, quantity: number): CartChange {
  const line = lines.find((l) => l.product.id === productId);
  if (!line) return { lines, notice: null };
  const wanted = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
  if (wanted <= 0) return { lines: removeLine(lines, productId), notice: null };

  const max = maxQuantityOf(line.product);
  if (wanted > max) {
    const capped = max;
    const notice: CartNotice = {
      title: messages.cart.insufficientStockTitle,
      description: line.product.has_unlimited_stock || line.product.stock > MAX_ITEM_QUANTITY
        ? messages.cart.maxQuantity(MAX_ITEM_QUANTITY, line.product.name)
        : messages.cart.onlyLeft(capped, line.product.name),
      variant: 'destructive',
    };
    const next = capped <= 0 ? removeLine(lines, productId) : replaceQuantity(lines, productId, capped);
    return { lines: next, notice };
  }
  return { lines: replaceQuantity(lines, productId, wanted), notice: null };
}

export function removeLine(lines: CartLine[], productId: string): CartLine[] {
  return lines.filter((line) => line.product.id !== productId);
}

function replaceQuantity(lines: CartLine[], productId: string, quantity: number): CartLine[] {
  return lines.map((line) => (line.product.id === productId ? { ...line, quantity } : line));
}

/** cart_data of SPEC §3: product id → quantity. */
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
