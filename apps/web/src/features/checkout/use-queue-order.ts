import { useState, type RefObject } from 'react';
import { offline as offlineTexts } from '@mayorista/core/messages/offline';
import type { CartContextValue } from '../../lib/cart/cart-context';
import type { PlaceOrderBody, QueuedOrder } from '../../lib/offline/queue-model';
import { newIdempotencyKey } from './checkout';
import type { CreditNotice } from './credit-notice';

/** `credit`: the server refused it for credit; the cart's credit notice says so (once), for this total. */
export type CheckoutFailure = {
  offline: boolean;
  message: string;
  queueAnyway?: boolean;
  credit?: { notice: CreditNotice; orderTotal: number };
} | null;

interface QueueOrderDeps {
  userId: string | null;
  cart: CartContextValue;
  observaciones: string;
  payWithPoints: boolean;
  /** The checkout's idempotency key: it becomes the queued order's id. */
  idempotencyKeyRef: RefObject<string | null>;
  setFailure(failure: CheckoutFailure): void;
  /** The order is on the device: the checkout empties itself. */
  onQueued(): void;
}

/**
 * Without network the order waits on this device, in a visible queue, with its idempotency key
 * (decision 044; it replaces decision 032's "nothing is sent later": what is sent later is now
 * shown, and any change is confirmed by the person first). Orders with points need the network.
 * The queue's code (IndexedDB) loads only when an order is queued.
 */
export function useQueueOrder({ userId, cart, observaciones, payWithPoints, idempotencyKeyRef, setFailure, onQueued }: QueueOrderDeps) {
  const [queued, setQueued] = useState<QueuedOrder | null>(null);

  /** `sentBody`: the body of a request that failed on the network (it may have arrived), resent as it is. */
  const queueOrder = async (sentBody: PlaceOrderBody | null, acceptStale: boolean) => {
    if (!userId) return;
    if (payWithPoints) {
      setFailure({ offline: true, message: offlineTexts.pointsNeedNetwork });
      return;
    }
    const { queueFromCart } = await import('../../lib/offline/checkout-queue');
    idempotencyKeyRef.current ??= newIdempotencyKey();
    const result = await queueFromCart({
      userId,
      key: idempotencyKeyRef.current,
      items: cart.items,
      total: cart.total,
      observaciones,
      sentBody,
      acceptStale,
    });
    if (result.kind === 'stale') {
      setFailure({ offline: true, message: offlineTexts.staleConfirm(result.days), queueAnyway: true });
      return;
    }
    if (result.kind === 'no_storage') {
      setFailure({ offline: true, message: offlineTexts.notSaved });
      return;
    }
    idempotencyKeyRef.current = null;
    cart.clear();
    setQueued(result.entry);
    onQueued();
  };

  /** After the old-prices warning: queue it anyway. */
  const queueAnyway = async () => {
    setFailure(null);
    await queueOrder(null, true);
  };

  return { queued, queueOrder, queueAnyway };
}
