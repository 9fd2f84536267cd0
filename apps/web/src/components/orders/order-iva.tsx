import { formatMoney } from '@mayorista/core/money';
import {
  DEFAULT_IVA_RATE,
  ivaLineView,
  ivaSummaryRows,
  savingsView,
  showsIvaItemised,
  storedOrderIva,
} from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import type { Order } from '@mayorista/core/schemas/order';

/**
 * An order's IVA as the customer's documents show it (decision 019), shared by Mis Pedidos and
 * the admin's order view. Orders from before IVA existed have no breakdown and show as they did.
 */

/** Whether the order is shown with IVA itemised: its customer was a Responsable Inscripto when ordering. */
export const orderIsItemised = (order: Order): boolean => order.iva !== null && showsIvaItemised(order.user_info.iva_condition);

/** Unit price and line total per item, net or final as the view asks. */
export function orderLineAmounts(order: Order, itemised: boolean): { unitPrice: number; total: number }[] {
  const breakdown = storedOrderIva(order);
  const includes = order.iva?.prices_include_iva ?? true;
  return order.items.map((item, index) =>
    breakdown
      ? ivaLineView(item.price, breakdown.lines[index]!, includes, itemised)
      : { unitPrice: item.price, total: item.total },
  );
}

/** The order's saving in the basis of its lines (net to a Responsable Inscripto); as stored for an order from before IVA. */
export function orderSavingsShown(order: Order, itemised: boolean): number {
  if (!order.iva) return order.total_savings;
  const lines = order.items.map((item) => ({ savings: item.discounts.savings, rate: item.iva_rate ?? DEFAULT_IVA_RATE }));
  return savingsView(lines, order.iva.prices_include_iva, itemised);
}

/** The rows above the total, for inside a <dl>: neto, exento and IVA per rate, or the IVA contained. */
export function OrderIvaRows({ order, itemised }: { order: Order; itemised: boolean }) {
  if (!order.iva) return null;
  return (
    <>
      {ivaSummaryRows(order.iva, itemised).map((row) => (
        <div key={row.label} className="flex justify-between text-slate-700" data-testid="order-iva-row">
          <dt>{row.label}</dt>
          <dd className="tabular-nums">{formatMoney(row.amount)}</dd>
        </div>
      ))}
    </>
  );
}

/** "Precios sin IVA…" or "Precios finales con IVA incluido." under the total. */
export function OrderIvaNote({ order, itemised }: { order: Order; itemised: boolean }) {
  if (!order.iva) return null;
  return <p className="mt-1 text-xs text-slate-600">{itemised ? ivaTexts.itemisedNote : ivaTexts.finalPricesNote}</p>;
}
