import { quickOrder } from '@mayorista/core/messages/quickOrder';
import { parseQuickOrder } from '@mayorista/core/quick-order';
import type { Product } from '@mayorista/core/schemas/product';
import type { Quantities } from './use-take-order';

export interface CodesResult {
  /** Product id → the quantity pasted (a repeated code adds up). */
  quantities: Quantities;
  unknown: string[];
  unreadable: string[];
}

/**
 * Pasted codes into the order's lines (the quick order's reader, core/quick-order.ts): a code is a
 * SKU or a barcode of this customer's catalogue, any case. Quantities stay as typed; the order's
 * lines then show a quantity that breaks a pack, a minimum or the stock, as the cart does.
 */
export function quantitiesFromCodes(text: string, products: readonly Pick<Product, 'id' | 'sku' | 'barcode'>[]): CodesResult {
  const parsed = parseQuickOrder(text);
  const byCode = new Map<string, string>();
  for (const p of products) {
    if (p.barcode) byCode.set(p.barcode.toLowerCase(), p.id);
    if (p.sku) byCode.set(p.sku.toLowerCase(), p.id);
  }
  const quantities: Quantities = {};
  const unknown: string[] = [];
  for (const line of parsed.lines) {
    const id = byCode.get(line.sku.toLowerCase());
    if (!id) unknown.push(line.sku);
    else if (line.quantity > 0 && Number.isInteger(line.quantity)) quantities[id] = (quantities[id] ?? 0) + line.quantity;
    else unknown.push(`${line.sku} (${line.quantity})`);
  }
  return { quantities, unknown, unreadable: parsed.unreadable.map((u) => quickOrder.unreadableLine(u.line, u.text)) };
}
