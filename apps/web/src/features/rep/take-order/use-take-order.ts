import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rep as t } from '@mayorista/core/messages/rep';
import { formatMoney } from '@mayorista/core/money';
import type { CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import { creditDecision } from '@mayorista/core/receivables';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { Product } from '@mayorista/core/schemas/product';
import { ApiError } from '../../../lib/api-client';
import { summarizeCart, type CartSummary } from '../../../lib/cart/cart-summary';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { searchable, type SearchableSnapshot } from '../../../lib/offline/snapshot-search';
import type { AccountSummary } from '../../../lib/receivables/types';
import { failedOnNetwork, queueRepOrder } from '../offline/queue-actions';
import { placeRepOrder, repKeys, type RepOrderBody } from '../rep-api';

export type Quantities = Record<string, number>;

/** An order brought back from the queue to edit ("Editar pedido"): its lines and notes. */
export interface TakeOrderDraft {
  quantities: Quantities;
  notes: string;
}

/** The order's lines in the snapshot's order (by name), priced the way the server will (lib/cart). */
function summaryOf(data: SearchableSnapshot, quantities: Quantities): CartSummary {
  const lines = data.products.filter((p) => (quantities[p.id] ?? 0) > 0).map((product) => ({ product, quantity: quantities[product.id]! }));
  return summarizeCart(lines, {
    minOrderAmount: data.snapshot.min_order_amount,
    ivaView: { pricesIncludeIva: data.snapshot.prices_include_iva, itemised: false },
    added: {},
  });
}

/** Whether this order would pass the customer's credit check today (a preview: the server decides in the order's transaction). */
export function exceedsCredit(account: AccountSummary | undefined, total: number): boolean {
  if (!account) return false;
  return !creditDecision({
    creditLimit: account.credit_limit,
    balance: account.balance,
    undelivered: account.undelivered,
    orderTotal: total,
    overdueDays: account.overdue_days,
    overdue: account.overdue,
    overdueDaysLimit: account.credit_rule.overdue_days_limit,
  }).ok;
}

export const toRepOrderBody = (summary: CartSummary, notes: string, key: string): RepOrderBody => ({
  items: summary.items.map((line) => ({ product_id: line.product.id, quantity: line.quantity })),
  observaciones: notes.trim(),
  idempotency_key: key,
  expected_total: summary.total,
});

/**
 * "Tomar pedido" (decision 052): the lines typed for one customer at their catalogue's prices, and
 * placing them through the rep's route. One idempotency key per order: a second tap or a retry after
 * a lost answer places one order; a refusal (nothing written) lets the rep fix the lines and send
 * again with the same key. The server prices everything: a total other than the one on screen is
 * refused (409) and the screen reloads the prices.
 */
export function useTakeOrder(
  who: { repId: string; customerId: string; customerName: string },
  catalog: { snapshot: CatalogueSnapshot; checkedAt: string },
  draft?: TakeOrderDraft | null,
) {
  const { customerId } = who;
  const { snapshot } = catalog;
  const queryClient = useQueryClient();
  const data = useMemo(() => searchable(snapshot), [snapshot]);
  // A product no longer in the customer's catalogue is left out; its quantity would point at nothing.
  const [quantities, setQuantities] = useState<Quantities>(() => draft?.quantities ?? {});
  const [notes, setNotes] = useState(draft?.notes ?? '');
  const [key, setKey] = useState(newIdempotencyKey);
  const [placed, setPlaced] = useState<PlaceOrderResult | 'queued' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const summary = useMemo(() => summaryOf(data, quantities), [data, quantities]);

  const setQuantity = (product: Pick<Product, 'id'>, quantity: number) =>
    setQuantities((q) => ({ ...q, [product.id]: Math.max(0, Math.floor(quantity)) }));
  const addQuantities = (added: Quantities) => setQuantities((q) => ({ ...q, ...added }));

  const place = async () => {
    if (busy.current || summary.items.length === 0) return;
    busy.current = true;
    setSending(true);
    setError(null);
    const body = toRepOrderBody(summary, notes, key);
    try {
      setPlaced(await placeRepOrder(customerId, body));
      void queryClient.invalidateQueries({ queryKey: repKeys.all });
      void queryClient.invalidateQueries({ queryKey: repKeys.customers });
    } catch (e) {
      // No signal: the order waits on the device with this key and body (decision 053).
      if (failedOnNetwork(e)) {
        if (await queueRepOrder(who, body, catalog.checkedAt)) setPlaced('queued');
        else setError(t.noStorage);
        return;
      }
      const changed = e instanceof ApiError && e.code === 'order_total_changed' && typeof e.body.total === 'number';
      setError(changed ? t.totalChanged(formatMoney(e.body.total as number)) : e instanceof Error ? e.message : String(e));
      if (changed) void queryClient.invalidateQueries({ queryKey: repKeys.catalog(customerId) });
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const startOver = () => {
    setQuantities({});
    setNotes('');
    setPlaced(null);
    setError(null);
    setKey(newIdempotencyKey());
  };

  return { data, quantities, setQuantity, addQuantities, notes, setNotes, summary, place, sending, placed, error, startOver };
}

export type TakeOrder = ReturnType<typeof useTakeOrder>;
