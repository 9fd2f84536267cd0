import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { afterRepFailure, asSending, confirmRepTotal, isSendable, orderDone, paymentDone, repBodyToSend, type RepQueuedOrder, type RepQueuedPayment } from './rep-queue-model';

const orderBody = { items: [{ product_id: 'p1', quantity: 2 }], observaciones: '', idempotency_key: 'key-order-1', expected_total: 24_200 };
const order: RepQueuedOrder = {
  id: 'key-order-1',
  repId: 'rep',
  customerId: 'c1',
  customerName: 'Kiosco Norte',
  createdAt: '2026-11-26T10:00:00Z',
  amount: 24_200,
  status: 'pending',
  kind: 'order',
  lines: 1,
  pricesAt: null,
  body: orderBody,
  sentBody: null,
};
const payment: RepQueuedPayment = {
  id: 'key-pay-1',
  repId: 'rep',
  customerId: 'c1',
  customerName: 'Kiosco Norte',
  createdAt: '2026-11-26T10:01:00Z',
  amount: 150_000,
  status: 'pending',
  kind: 'payment',
  body: { amount: 150_000, method: 'cash', reference: undefined, bank: undefined, cheque_number: undefined, cheque_date: undefined, applies_to: undefined, idempotency_key: 'key-pay-1' },
  sentBody: null,
};
const error = (status: number, code: string, body: Record<string, unknown> = {}) => new ApiError(status, code as never, 'mensaje del servidor', body);

describe("the rep's queue without signal", () => {
  it('keeps the body that may have reached the server and resends it unchanged', () => {
    const sent = asSending(order);
    expect(sent).toMatchObject({ status: 'sending', sentBody: orderBody });
    // A reply lost on the way back: retried later with the same key and body.
    const lost = afterRepFailure(sent, error(0, 'network_error'));
    expect(lost).toEqual({ entry: { ...sent, status: 'pending' }, stop: true });
    expect(repBodyToSend(lost.entry)).toBe(orderBody);
    expect(isSendable(lost.entry)).toBe(true);
    expect(afterRepFailure(sent, error(503, 'unavailable')).stop).toBe(true);
    expect(afterRepFailure(sent, error(401, 'unauthenticated')).entry.status).toBe('needs_sign_in');
  });

  it('a price changed meanwhile: stops for the rep, who confirms the new total, sent with the same key', () => {
    const changed = afterRepFailure(asSending(order), error(409, 'order_total_changed', { total: 26_620 }));
    expect(changed.stop).toBe(false);
    expect(changed.entry).toMatchObject({ status: 'changed', sentBody: null, newTotal: 26_620 });
    expect(isSendable(changed.entry)).toBe(false);
    const confirmed = confirmRepTotal(changed.entry);
    expect(confirmed).toMatchObject({ status: 'pending', amount: 26_620, newTotal: undefined });
    expect(repBodyToSend(confirmed)).toEqual({ ...orderBody, expected_total: 26_620, idempotency_key: 'key-order-1' });
  });

  it('another refusal is shown with its reason and sends nothing more; a payment never becomes "changed"', () => {
    expect(afterRepFailure(asSending(order), error(409, 'insufficient_stock')).entry).toMatchObject({ status: 'refused', message: 'mensaje del servidor' });
    expect(afterRepFailure(asSending(payment), error(409, 'order_total_changed', { total: 1 })).entry.status).toBe('refused');
  });

  it('done: the order number or the receipt, as the server answered', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const placed = orderDone(asSending(order), { order: { id: 'abcdef12-0000', total: 24_200 } as never, whatsapp_url: '', saldo_puntos: 0 }, now);
    expect(placed).toMatchObject({ status: 'done', done: { orderId: 'abcdef12-0000', total: 24_200, at: now.toISOString() } });
    const paid = paymentDone(asSending(payment), { id: 7, receipt_number: 42 } as never, now);
    expect(paid.done).toEqual({ paymentId: 7, receiptNumber: 42, at: now.toISOString() });
    expect(isSendable(paid)).toBe(false);
  });
});
