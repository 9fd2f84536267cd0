/**
 * The order-life work (decision 014): an admin changes an order's lines. Pure rules shared by the server (the authority)
 * and the admin's editor (the preview):
 * - a line whose product was already in the order keeps the prices "as ordered" — the base price
 *   charged then and the sale price if a sale applied — unless the admin asks for today's prices;
 *   its tier is recomputed for the new quantity with the product's tiers against that base price;
 * - a line the edit adds is priced with today's prices (there is no "as ordered" for it);
 * - a line whose quantity does not change and is not repriced is kept exactly as it was, so an edit
 *   elsewhere never moves its price (and a product deleted since stays on the order as bought).
 * Totals and savings are the sums of the lines, as when the order was placed.
 */
import { priceLine, type PricedProduct } from './pricing';
import type { IvaRate } from './iva';
// Type-only: the web's editor must not pull zod in through this module.
import type { OrderItem } from './schemas/order';

/** A product as the edit reads it today (its IVA rate too, for lines priced anew). */
export type EditableProduct = PricedProduct & { id: string; name: string; iva_rate?: IvaRate };

export interface EditLine {
  product_id: string;
  quantity: number;
}

export interface PricedOrderEdit {
  items: OrderItem[];
  total: number;
  totalSavings: number;
  /** Lines that need today's product and it does not exist (deleted): the edit cannot be priced. */
  missing: string[];
}

/** The product priced as when it was ordered: that base price, that sale, today's tiers. */
function asOrdered(item: OrderItem, today: EditableProduct | undefined): PricedProduct {
  const base = item.discounts.base_price;
  const sale = item.discounts.applied === 'sale';
  const tiers = today?.discounts ?? (item.discounts.tier ? [item.discounts.tier] : []);
  return {
    price: base,
    retail_price: base,
    on_sale: sale,
    sale_price: sale ? item.price : null,
    on_sale_retail: false,
    sale_price_retail: null,
    discounts: sale ? [] : tiers,
  };
}

function toItem(productId: string, name: string, product: PricedProduct, quantity: number, ivaRate: IvaRate | undefined): OrderItem {
  const line = priceLine(product, quantity, 'wholesale');
  return {
    ...(ivaRate === undefined ? {} : { iva_rate: ivaRate }),
    product_id: productId,
    name,
    quantity: line.quantity,
    price: line.unitPrice,
    total: line.lineTotal,
    discounts: { base_price: line.basePrice, savings: line.savings, applied: line.applied, tier: line.tier },
  };
}

export function priceOrderEdit(
  previous: readonly OrderItem[],
  lines: readonly EditLine[],
  products: ReadonlyMap<string, EditableProduct>,
  reprice: boolean,
): PricedOrderEdit {
  const before = new Map(previous.map((item) => [item.product_id, item]));
  const missing: string[] = [];
  const items: OrderItem[] = [];
  for (const line of lines) {
    const old = before.get(line.product_id);
    const today = products.get(line.product_id);
    if (old && !reprice && old.quantity === line.quantity) {
      items.push(old);
    } else if (old && !reprice) {
      // "As ordered" includes the rate it was ordered at.
      items.push(toItem(line.product_id, today?.name ?? old.name, asOrdered(old, today), line.quantity, old.iva_rate ?? today?.iva_rate));
    } else if (today) {
      items.push(toItem(line.product_id, today.name, today, line.quantity, today.iva_rate));
    } else {
      missing.push(line.product_id);
    }
  }
  return {
    items,
    total: items.reduce((sum, item) => sum + item.total, 0),
    totalSavings: items.reduce((sum, item) => sum + item.discounts.savings, 0),
    missing,
  };
}

/**
 * Units per product the edit takes from (positive) or gives back to (negative) the shelf:
 * new quantity minus old, for every product on either side. Products with no change are left out.
 */
export function quantityChanges(previous: readonly EditLine[], next: readonly EditLine[]): { productId: string; change: number }[] {
  const changes = new Map<string, number>();
  for (const line of previous) changes.set(line.product_id, (changes.get(line.product_id) ?? 0) - line.quantity);
  for (const line of next) changes.set(line.product_id, (changes.get(line.product_id) ?? 0) + line.quantity);
  return [...changes].filter(([, change]) => change !== 0).map(([productId, change]) => ({ productId, change }));
}
