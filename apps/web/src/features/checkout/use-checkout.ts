import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { orderNumber } from '@mayorista/core/constants';
import { cartPage } from '@mayorista/core/messages/cartPage';
import { orders } from '@mayorista/core/messages/orders';
import type { Order, PlaceOrderResult } from '@mayorista/core/schemas/order';
import { toast } from '../../components/ui/toast-store';
import { isApiError, reportReachable } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCart } from '../../lib/cart';
import { myAccountKeys } from '../../lib/queries/my-account';
import { usePointsBalance } from '../../lib/queries/points';
import { usePlaceOrder } from './api/place-order';
import { newIdempotencyKey, openWhatsapp } from './checkout';
import { creditNoticeFromError } from './credit-notice';
import { toPlaceOrderBody } from './place-order-body';
import type { QueuedOrder } from '../../lib/offline/queue-model';
import { useQueueOrder, type CheckoutFailure } from './use-queue-order';

export interface Confirmation {
  order: Order;
  whatsappUrl: string;
  whatsappBlocked: boolean;
}

export interface Checkout {
  observaciones: string;
  setObservaciones(value: string): void;
  payWithPoints: boolean;
  setPayWithPoints(value: boolean): void;
  /** True from the click until the order went through or failed (the cart's lines are locked meanwhile). */
  placing: boolean;
  /** The last order placed from this page, until the page is left. */
  confirmation: Confirmation | null;
  placeOrder(): Promise<void>;
  /** The customer's balance, asked for as the page opens (not when the lines have loaded). */
  saldoPuntos: number | null;
  pointsError: boolean;
  /** Without network: the points need it (an order with points is not queued); the balance is the last known, from `pointsKnownAt`. */
  pointsOffline: boolean;
  pointsKnownAt: string | null;
  /**
   * Why the last "Realizar pedido" did not go through, shown next to the button with "Reintentar"
   * until the next attempt: 'offline' when the network failed (nothing was ordered).
   */
  failure: CheckoutFailure;
  dismissFailure(): void;
  /** The order kept on this device to be sent when the network returns (decision 044). */
  queued: QueuedOrder | null;
  /** After the old-prices warning: queue it anyway. */
  queueAnyway(): Promise<void>;
}

/** The order went through: the spec's toast, and the WhatsApp window (its link stays on the confirmation). */
function announcePlaced(result: PlaceOrderResult): Confirmation {
  const number = orderNumber(result.order.id);
  toast({ title: orders.successTitle, description: orders.successText(number) });
  const opened = openWhatsapp(result.whatsapp_url);
  return { order: result.order, whatsappUrl: result.whatsapp_url, whatsappBlocked: !opened };
}

/**
 * Why "Realizar pedido" failed, and the toast for it. A credit refusal is said once, by the cart's
 * credit notice for this total, with nothing to retry: no toast and no failure box.
 */
function failureOf(error: unknown, offline: boolean, orderTotal: number): NonNullable<CheckoutFailure> {
  const message = offline ? cartPage.offlineText : (error as Error).message;
  const credit = creditNoticeFromError(error);
  if (credit) return { offline: false, message, credit: { notice: credit, orderTotal } };
  if (!offline) toast({ title: orders.createErrorTitle, description: message, variant: 'destructive' });
  return { offline, message };
}

/** The balance as the checkout shows it (offline: the last one known, and that points need the network). */
const pointsOf = (
  points: ReturnType<typeof usePointsBalance>,
): Pick<Checkout, 'saldoPuntos' | 'pointsError' | 'pointsOffline' | 'pointsKnownAt'> => ({
  saldoPuntos: points.saldoPuntos,
  pointsError: points.error,
  pointsOffline: points.offline,
  pointsKnownAt: points.knownAt,
});

/** The state of one checkout on /cart: notes, the points choice, and "Realizar pedido". */
export function useCheckout(): Checkout {
  const { user } = useAuth();
  const cart = useCart();
  const placeOrderMutation = usePlaceOrder();
  const queryClient = useQueryClient();
  const points = usePointsBalance();
  const [observaciones, setObservaciones] = useState('');
  const [payWithPoints, setPayWithPoints] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [failure, setFailure] = useState<Checkout['failure']>(null);
  // Kept across retries of the same checkout; a new key only after an order went through.
  const idempotencyKeyRef = useRef<string | null>(null);
  // A second click in the same tick, before React re-renders the disabled button.
  const placingRef = useRef(false);

  const { queued, queueOrder, queueAnyway } = useQueueOrder({
    userId: user?.id ?? null,
    cart,
    observaciones,
    payWithPoints,
    idempotencyKeyRef,
    setFailure,
    onQueued: () => {
      setObservaciones('');
      setConfirmation(null);
    },
  });

  const placeOrder = async () => {
    if (placingRef.current) return;
    if (cart.items.length === 0 || !user) {
      toast({ title: orders.createErrorTitle, description: cartPage.emptyOrSignedOut, variant: 'destructive' });
      return;
    }
    setFailure(null);
    placingRef.current = true;
    setPlacing(true);
    idempotencyKeyRef.current ??= newIdempotencyKey();
    let body: ReturnType<typeof toPlaceOrderBody> | null = null;
    try {
      // Known offline: nothing is sent now; the order is queued where the person sees it.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        reportReachable(false);
        return await queueOrder(null, false);
      }
      // The server cart should match what is ordered; the order then empties it. Quiet: a failed
      // save is reported once, as the order's failure, below.
      await cart.flushSave({ quiet: true });
      body = toPlaceOrderBody({
        // The lines as they are now, not as of the last render: what is ordered is what the screen shows.
        items: cart.currentLines(),
        observaciones,
        payWithPoints,
        idempotencyKey: idempotencyKeyRef.current,
      });
      const result = await placeOrderMutation.mutateAsync(body);
      idempotencyKeyRef.current = null;
      cart.clear();
      setObservaciones('');
      setPayWithPoints(false);
      setConfirmation(announcePlaced(result));
    } catch (error) {
      // The same idempotency key goes with the retry: if the order did reach the server, the retry
      // answers that order instead of placing a second one.
      const offline = isApiError(error) && error.code === 'network_error';
      // The request may have reached the server: the queue sends this very body with this key
      // again, so a lost reply still ends in one order.
      if (offline && !payWithPoints) return await queueOrder(body ? { ...body, canjeado_con_puntos: false, expected_total: cart.total } : null, false);
      const failed = failureOf(error, offline, cart.total);
      setFailure(failed);
      // The account's figures are refreshed so the cart's credit notice matches what the server said.
      if (failed.credit) void queryClient.invalidateQueries({ queryKey: myAccountKeys.all(user.id) });
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  };

  return {
    observaciones,
    setObservaciones,
    payWithPoints,
    setPayWithPoints,
    placing,
    confirmation,
    placeOrder,
    ...pointsOf(points),
    failure,
    dismissFailure: () => setFailure(null),
    queued,
    queueAnyway,
  };
}
