import { describe, expect, it } from 'vitest';
import type { PlaceOrderResult } from '@mayorista/core/schemas/order';
import { ApiError } from '../api-client';
import { AZUCAR_ID, makeProduct, YERBA_ID } from '../../test/test-products';
import { afterFailure, bodyToSend, confirmChanges, diffLines, withPlaced, withReview, type QueuedOrder } from './queue-model';

const KEY = '5b0f7a0e-3c4b-4a57-9d8e-111111111111';

function entry(overrides: Partial<QueuedOrder> = {}): QueuedOrder {
  return {
    id: KEY,
    userId: 'u1',
    createdAt: '2026-11-25T14:32:00.000Z',
    pricesAt: '2026-11-25T14:00:00.000Z',
    items: [
      { product_id: YERBA_ID, name: 'Yerba', quantity: 2, unit_price: 4200_00, line_total: 8400_00 },
      { product_id: AZUCAR_ID, name: 'Azúcar', quantity: 1, unit_price: 1190_00, line_total: 1190_00 },
    ],
    observaciones: 'Por la tarde',
    total: 9590_00,
    status: 'pending',
    sentBody: null,
    ...overrides,
  };
}

const network = () => new ApiError(0, 'network_error', 'No se pudo conectar con el servidor.');

describe('the offline queue: at most once, never dropped silently', () => {
  it('sends the key it was made with and the total the person saw', () => {
    expect(bodyToSend(entry())).toEqual({
      items: [
        { product_id: YERBA_ID, quantity: 2 },
        { product_id: AZUCAR_ID, quantity: 1 },
      ],
      observaciones: 'Por la tarde',
      canjeado_con_puntos: false,
      idempotency_key: KEY,
      expected_total: 9590_00,
    });
  });

  it('once a body may have reached the server, every retry sends that exact body (a lost reply answers the same order)', () => {
    const first = bodyToSend(entry());
    const lost = afterFailure({ ...entry(), sentBody: first }, network());
    expect(lost.kind).toBe('retry');
    expect(lost.entry.status).toBe('pending');
    expect(lost.entry.sentBody).toBe(first);
    // Even if the lines shown were edited meanwhile, the retry is the body already sent.
    const edited = { ...lost.entry, items: [lost.entry.items[0]!] };
    expect(bodyToSend(edited)).toBe(first);
  });

  it('a server that is busy or down (5xx, 429) is a retry too, never a drop', () => {
    for (const error of [new ApiError(503, 'database_unavailable', 'x'), new ApiError(502, 'http_502', 'x'), new ApiError(429, 'rate_limited', 'x')]) {
      expect(afterFailure(entry({ sentBody: bodyToSend(entry()) }), error).kind).toBe('retry');
    }
  });

  it('a session gone keeps the order and asks to sign in', () => {
    const outcome = afterFailure(entry({ sentBody: bodyToSend(entry()) }), new ApiError(401, 'not_authenticated', 'x'));
    expect(outcome.kind).toBe('sign_in');
    expect(outcome.entry.status).toBe('needs_sign_in');
    expect(outcome.entry.sentBody).not.toBeNull();
  });

  it('a changed total stops the order for review with the server figure; the refusal frees the body', () => {
    const refused = new ApiError(409, 'order_total_changed', 'Los precios cambiaron', { total: 10_100_00, expected_total: 9590_00 });
    const outcome = afterFailure(entry({ sentBody: bodyToSend(entry()) }), refused);
    expect(outcome.kind).toBe('review');
    expect(outcome.entry).toMatchObject({ status: 'changed', sentBody: null, newTotal: 10_100_00 });
  });

  it('another refusal is shown with the server message, not dropped', () => {
    const outcome = afterFailure(entry(), new ApiError(422, 'idempotency_key_reused', 'Clave usada'));
    expect(outcome).toMatchObject({ kind: 'refused', entry: { status: 'refused', message: 'Clave usada' } });
  });

  it('placed keeps the order number, total and WhatsApp link', () => {
    const result = { order: { id: 'o-1', total: 9590_00 }, whatsapp_url: 'https://wa.me/1?text=x', saldo_puntos: 0 } as unknown as PlaceOrderResult;
    expect(withPlaced(entry(), result, new Date('2026-11-25T15:00:00Z')).placed).toEqual({
      orderId: 'o-1',
      total: 9590_00,
      whatsappUrl: 'https://wa.me/1?text=x',
      at: '2026-11-25T15:00:00.000Z',
    });
  });
});

describe('the differences shown before a changed order is sent', () => {
  const yerba = makeProduct({ id: YERBA_ID, name: 'Yerba', price: 4500_00, has_unlimited_stock: true });
  const azucar = makeProduct({ id: AZUCAR_ID, name: 'Azúcar', price: 1190_00, has_unlimited_stock: true });

  it('a new price per unit, and the total with it', () => {
    const diff = diffLines(entry().items, [yerba, azucar], true);
    expect(diff.changes).toEqual([{ product_id: YERBA_ID, name: 'Yerba', kind: 'price', before: 4200_00, after: 4500_00 }]);
    expect(diff.confirmable).toBe(true);
    expect(diff.total).toBe(2 * 4500_00 + 1190_00);
  });

  it('prices without IVA add it, as the cart and the server do', () => {
    expect(diffLines(entry().items, [yerba, azucar], false).total).toBe(Math.round((2 * 4500_00 + 1190_00) * 1.21));
  });

  it('a product gone is dropped on confirmation, and the total the person saw is the one sent', () => {
    const reviewed = withReview(entry(), diffLines(entry().items, [azucar], true), 'product_unavailable');
    expect(reviewed.changes).toEqual([{ product_id: YERBA_ID, name: 'Yerba', kind: 'gone' }]);
    expect(reviewed.confirmable).toBe(true);
    expect(reviewed.newTotal).toBe(1190_00);
    const confirmed = confirmChanges(reviewed);
    expect(confirmed).toMatchObject({ status: 'pending', total: 1190_00, sentBody: null });
    expect(bodyToSend(confirmed)).toMatchObject({ items: [{ product_id: AZUCAR_ID, quantity: 1 }], idempotency_key: KEY, expected_total: 1190_00 });
  });

  it('stock or a pack rule that no longer fits is for the cart: not confirmable', () => {
    const short = makeProduct({ id: YERBA_ID, name: 'Yerba', price: 4200_00, stock: 1 });
    const diff = diffLines(entry().items, [short, azucar], true);
    expect(diff.changes[0]).toMatchObject({ kind: 'quantity', product_id: YERBA_ID });
    expect(diff.confirmable).toBe(false);
    const packed = makeProduct({ id: YERBA_ID, name: 'Yerba', price: 4200_00, has_unlimited_stock: true, pack_size: 3 });
    expect(diffLines(entry().items, [packed, azucar], true).confirmable).toBe(false);
  });

  it('a minimum order not reached cannot be confirmed as is', () => {
    expect(withReview(entry(), diffLines(entry().items, [yerba, azucar], true), 'below_minimum_order').confirmable).toBe(false);
  });

  it('the server total is kept when the lines did not change', () => {
    const reviewed = withReview(entry({ newTotal: 9999_00 }), diffLines(entry().items, [yerba, azucar], true), 'order_total_changed');
    expect(reviewed.newTotal).toBe(9999_00);
  });
});
