import { DEFAULT_IVA_RATE, ivaBreakdown } from '@mayorista/core/iva-breakdown';
import { priceCart } from '@mayorista/core/pricing';
import { checkQuantity, quantityProblemText } from '@mayorista/core/quantity-rules';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { Product } from '@mayorista/core/schemas/product';
import type { ApiError } from '../api-client';

/**
 * The queue of orders made without signal (decision 044), as pure functions: what to send, and
 * what an answer makes of an entry. Storage, locks and the network are in queue.ts.
 *
 * The rules that keep an order "at most once, never lost silently":
 * - the entry's id IS the idempotency key, made on the device when the order was queued;
 * - once a request may have reached the server, the entry keeps that exact body (`sentBody`) and
 *   every retry sends it unchanged: if the first one was placed and only the answer was lost, the
 *   server answers that same order (the key's replay), never a second one;
 * - only a refusal (the server wrote nothing with that key) lets the body change — a new total
 *   the person confirmed, a product dropped;
 * - nothing leaves the queue but a placed order or the person's own "Descartar".
 */
export interface QueuedLine {
  product_id: string;
  name: string;
  quantity: number;
  /** The unit price and line total (centavos) the person saw when the order was queued. */
  unit_price: number;
  line_total: number;
}

export interface PlaceOrderBody {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  canjeado_con_puntos: false;
  idempotency_key: string;
  expected_total?: number;
}

export type QueueStatus = 'pending' | 'sending' | 'changed' | 'refused' | 'needs_sign_in' | 'placed';

export interface QueueChange {
  product_id: string;
  name: string;
  kind: 'price' | 'gone' | 'quantity';
  before?: number;
  after?: number;
  /** For 'quantity': the rule's Spanish text (minimum, pack, stock). */
  text?: string;
}

export interface QueuedOrder {
  /** Also the idempotency key. */
  id: string;
  userId: string;
  createdAt: string;
  /** When the server last confirmed the prices the order was made with (null: unknown). */
  pricesAt: string | null;
  items: QueuedLine[];
  observaciones: string;
  /** The total (with IVA) the person saw: sent as expected_total. */
  total: number;
  status: QueueStatus;
  /** The body of a request that may have reached the server; retries send it unchanged. */
  sentBody: PlaceOrderBody | null;
  /** Why it stopped (status 'changed' or 'refused'): the server's message and what changed. */
  message?: string;
  changes?: QueueChange[];
  /** The server's total now (order_total_changed), which "Confirmar y enviar" agrees to. */
  newTotal?: number;
  /** Whether "Confirmar y enviar" applies (a price change, a product gone) or only editing does. */
  confirmable?: boolean;
  placed?: { orderId: string; total: number; whatsappUrl: string; at: string };
}

/** What the next attempt sends: the kept body when one may have reached the server, else a fresh one. */
export function bodyToSend(entry: QueuedOrder): PlaceOrderBody {
  if (entry.sentBody) return entry.sentBody;
  return {
    items: entry.items.map(({ product_id, quantity }) => ({ product_id, quantity })),
    observaciones: entry.observaciones,
    canjeado_con_puntos: false,
    idempotency_key: entry.id,
    expected_total: entry.total,
  };
}

/** Placed: the order the server answered (a first placement or the key's replay). */
export function withPlaced(entry: QueuedOrder, result: PlaceOrderResult, now: Date): QueuedOrder {
  return {
    ...entry,
    status: 'placed',
    message: undefined,
    changes: undefined,
    placed: { orderId: result.order.id, total: result.order.total, whatsappUrl: result.whatsapp_url, at: now.toISOString() },
  };
}

/** The server refused: nothing was written with this key, so the body may change from here. */
const REFUSALS_TO_REVIEW = new Set(['order_total_changed', 'product_unavailable', 'insufficient_stock', 'quantity_rule_violated', 'below_minimum_order']);

export type FailureOutcome =
  /** Try again later with the same body (the network, the server busy). */
  | { kind: 'retry'; entry: QueuedOrder }
  /** The session is gone: keep it, ask to sign in. */
  | { kind: 'sign_in'; entry: QueuedOrder }
  /** Something changed: show the differences (fresh product data needed). */
  | { kind: 'review'; entry: QueuedOrder }
  /** Refused for another reason: shown with the server's message. */
  | { kind: 'refused'; entry: QueuedOrder };

export function afterFailure(entry: QueuedOrder, error: ApiError): FailureOutcome {
  if (error.retryable || error.status === 429 || error.code === 'concurrent_change' || error.status >= 500) {
    return { kind: 'retry', entry: { ...entry, status: 'pending' } };
  }
  if (error.status === 401) return { kind: 'sign_in', entry: { ...entry, status: 'needs_sign_in' } };
  if (REFUSALS_TO_REVIEW.has(error.code)) {
    const total = typeof error.body.total === 'number' ? error.body.total : undefined;
    return {
      kind: 'review',
      entry: { ...entry, status: 'changed', sentBody: null, message: error.message, ...(total === undefined ? {} : { newTotal: total }) },
    };
  }
  // 4xx that is not a change (a key reused with another body, a malformed order): nothing was
  // placed; the person sees why and decides (edit or discard).
  return { kind: 'refused', entry: { ...entry, status: 'refused', sentBody: null, message: error.message } };
}

/**
 * What changed between the queued lines and today's products at the customer's prices (from
 * GET /api/cart/products: unknown or disabled products are missing). Prices are compared per
 * unit with the same engine the cart and the server use.
 */
export function diffLines(
  items: QueuedLine[],
  today: Product[],
  pricesIncludeIva: boolean,
): { changes: QueueChange[]; confirmable: boolean; total: number } {
  const byId = new Map(today.map((p) => [p.id, p]));
  const changes: QueueChange[] = [];
  const kept: { product: Product; quantity: number }[] = [];
  let confirmable = true;
  for (const line of items) {
    const product = byId.get(line.product_id);
    if (!product) {
      changes.push({ product_id: line.product_id, name: line.name, kind: 'gone' });
      continue;
    }
    const problem = checkQuantity(product, line.quantity);
    if (problem) {
      changes.push({ product_id: line.product_id, name: product.name, kind: 'quantity', text: quantityProblemText(problem, product.name) });
      confirmable = false;
    }
    kept.push({ product, quantity: line.quantity });
  }
  const priced = priceCart(kept, 'wholesale');
  kept.forEach(({ product }, index) => {
    const line = items.find((l) => l.product_id === product.id)!;
    const now = priced.lines[index]!.unitPrice;
    if (now !== line.unit_price) changes.push({ product_id: product.id, name: product.name, kind: 'price', before: line.unit_price, after: now });
  });
  if (kept.length === 0) confirmable = false;
  // The total with IVA, as the cart and the server compute it (core/iva-breakdown.ts).
  const { total } = ivaBreakdown(
    priced.lines.map((price, index) => ({ lineTotal: price.lineTotal, ivaRate: kept[index]!.product.iva_rate ?? DEFAULT_IVA_RATE })),
    pricesIncludeIva,
  );
  return { changes, confirmable, total };
}

/**
 * The differences found, on the entry: what changed, whether confirming is enough, and the total
 * the confirmation agrees to — the server's own figure when it named one for these same lines,
 * otherwise today's total of the lines still on sale (if the server's differs, it refuses again
 * and the person sees the new figure: never a total they did not see).
 */
export function withReview(entry: QueuedOrder, diff: { changes: QueueChange[]; confirmable: boolean; total: number }, code: string): QueuedOrder {
  const linesDropped = diff.changes.some((c) => c.kind === 'gone');
  return {
    ...entry,
    status: 'changed',
    changes: diff.changes,
    confirmable: diff.confirmable && code !== 'below_minimum_order',
    newTotal: entry.newTotal !== undefined && !linesDropped ? entry.newTotal : diff.total,
  };
}

/** "Confirmar y enviar": the lines still on sale, at the total the person was shown. */
export function confirmChanges(entry: QueuedOrder): QueuedOrder {
  const gone = new Set((entry.changes ?? []).filter((c) => c.kind === 'gone').map((c) => c.product_id));
  const items = entry.items.filter((l) => !gone.has(l.product_id));
  const total = entry.newTotal ?? entry.total;
  return {
    ...entry,
    items,
    total,
    status: 'pending',
    // Not sent yet: the refusal proved no order holds this key, so the new body may go with it.
    sentBody: null,
    message: undefined,
    changes: undefined,
    confirmable: undefined,
    newTotal: undefined,
  };
}
