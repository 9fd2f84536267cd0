import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import type { Payment } from '@mayorista/core/schemas/receivables';
import type { ApiError } from '../api-client';
import type { PaymentBody } from '../receivables/payment-body';

/**
 * A sales rep's queue without signal (decision 053): orders and payments for their customers,
 * kept on the device and sent when the network returns, with the customer's queue's rules
 * (decision 044) as pure functions:
 * - the entry's id IS the idempotency key, made on the device when the rep tapped;
 * - once a request may have reached the server, that exact body (`sentBody`) is resent unchanged,
 *   so a lost answer is answered by the server with the same order or receipt, never a second one;
 * - only a refusal (nothing written with that key) lets the body change: a new total the rep
 *   confirmed;
 * - nothing leaves the queue but a done entry or the rep's own "Descartar".
 */

/** "Tomar pedido"'s body: ids and quantities, the notes, the key, the total on screen. */
export interface RepOrderBody {
  items: { product_id: string; quantity: number }[];
  observaciones: string;
  idempotency_key: string;
  expected_total: number;
}

export type RepQueueStatus = 'pending' | 'sending' | 'changed' | 'refused' | 'needs_sign_in' | 'done';

interface RepQueuedBase {
  /** Also the idempotency key. */
  id: string;
  repId: string;
  customerId: string;
  customerName: string;
  createdAt: string;
  /** The order's total with IVA or the payment's amount, as the rep saw it (centavos). */
  amount: number;
  status: RepQueueStatus;
  message?: string;
}

export interface RepQueuedOrder extends RepQueuedBase {
  kind: 'order';
  /** How many lines, for the list ("10 renglones"). */
  lines: number;
  /** When the server last confirmed the prices the order was taken at. */
  pricesAt: string | null;
  body: RepOrderBody;
  sentBody: RepOrderBody | null;
  /** The server's total now (409 order_total_changed), which "Confirmar y enviar" agrees to. */
  newTotal?: number;
  done?: { orderId: string; total: number; at: string };
}

export interface RepQueuedPayment extends RepQueuedBase {
  kind: 'payment';
  body: PaymentBody;
  sentBody: PaymentBody | null;
  done?: { paymentId: number; receiptNumber: number; at: string };
}

export type RepQueued = RepQueuedOrder | RepQueuedPayment;

/** The entries a send loop tries: waiting, or cut off mid-request, or waiting for a sign-in. */
export const isSendable = (e: RepQueued) => e.status === 'pending' || e.status === 'sending' || e.status === 'needs_sign_in';

/** What the next attempt sends: the kept body when one may have reached the server, else the entry's. */
export function repBodyToSend<E extends RepQueued>(entry: E): E['body'] {
  return entry.sentBody ?? entry.body;
}

/** Written before the request leaves: a tab closed mid-request sends this same body next time. */
export function asSending<E extends RepQueued>(entry: E): E {
  return { ...entry, status: 'sending', sentBody: repBodyToSend(entry) };
}

export function orderDone(entry: RepQueuedOrder, result: PlaceOrderResult, now: Date): RepQueuedOrder {
  return { ...entry, status: 'done', message: undefined, newTotal: undefined, done: { orderId: result.order.id, total: result.order.total, at: now.toISOString() } };
}

export function paymentDone(entry: RepQueuedPayment, payment: Payment, now: Date): RepQueuedPayment {
  return { ...entry, status: 'done', message: undefined, done: { paymentId: payment.id, receiptNumber: payment.receipt_number, at: now.toISOString() } };
}

/**
 * An answer that is not a success. `stop` says whether the rest of the queue should wait (no
 * network, no session): an entry refused for its own reasons does not hold the others back.
 */
export function afterRepFailure<E extends RepQueued>(entry: E, error: ApiError): { entry: E; stop: boolean } {
  if (error.retryable || error.status === 429 || error.code === 'concurrent_change' || error.status >= 500) {
    return { entry: { ...entry, status: 'pending' }, stop: true };
  }
  if (error.status === 401) return { entry: { ...entry, status: 'needs_sign_in' }, stop: true };
  if (entry.kind === 'order' && error.code === 'order_total_changed' && typeof error.body.total === 'number') {
    return { entry: { ...entry, status: 'changed', sentBody: null, message: error.message, newTotal: error.body.total }, stop: false };
  }
  // Refused (a product gone, stock, a minimum, credit, a key reused with another body): nothing
  // was written with this key; the rep reads why and decides.
  return { entry: { ...entry, status: 'refused', sentBody: null, message: error.message }, stop: false };
}

/** "Confirmar y enviar": the server's new total becomes the one agreed to, sent with the same key. */
export function confirmRepTotal(entry: RepQueuedOrder): RepQueuedOrder {
  if (entry.status !== 'changed' || entry.newTotal === undefined) return entry;
  const total = entry.newTotal;
  return { ...entry, status: 'pending', amount: total, body: { ...entry.body, expected_total: total }, sentBody: null, message: undefined, newTotal: undefined };
}
