import { useRef, useState } from 'react';
import { orderNumber } from '@mayorista/core/constants';
import { cartPage } from '@mayorista/core/messages/cartPage';
import { orders } from '@mayorista/core/messages/orders';
import type { Order } from '@mayorista/core/schemas/order';
import { toast } from '../../components/ui/toast-store';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCart } from '../../lib/cart';
import { usePointsBalance } from '../../lib/queries/points';
import { usePlaceOrder } from './api/place-order';
import { newIdempotencyKey, openWhatsapp } from './checkout';
import { toPlaceOrderBody } from './place-order-body';
import { offline as offlineTexts } from '@mayorista/core/messages/offline';
import type { PlaceOrderBody, QueuedOrder } from '../../lib/offline/queue-model';

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
  /**
   * Why the last "Realizar pedido" did not go through, shown next to the button with "Reintentar"
   * until the next attempt: 'offline' when the network failed (nothing was ordered).
   */
  failure: { offline: boolean; message: string; queueAnyway?: boolean } | null;
  dismissFailure(): void;
  /** The order kept on this device to be sent when the network returns (decision 043). */
  queued: QueuedOrder | null;
  /** After the old-prices warning: queue it anyway. */
  queueAnyway(): Promise<void>;
}

/** The state of one checkout on /cart: notes, the points choice, and "Realizar pedido". */
export function useCheckout(): Checkout {
  const { user } = useAuth();
  const cart = useCart();
  const placeOrderMutation = usePlaceOrder();
  const { saldoPuntos, error: pointsError } = usePointsBalance();
  const [observaciones, setObservaciones] = useState('');
  const [payWithPoints, setPayWithPoints] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [failure, setFailure] = useState<Checkout['failure']>(null);
  const [queued, setQueued] = useState<QueuedOrder | null>(null);
  // Kept across retries of the same checkout; a new key only after an order went through.
  const idempotencyKeyRef = useRef<string | null>(null);
  // A second click in the same tick, before React re-renders the disabled button.
  const placingRef = useRef(false);

  /**
   * Without network the order waits on this device, in a visible queue, with its idempotency key
   * (decision 043; it replaces decision 032's "nothing is sent later": what is sent later is now
   * shown, and any change is confirmed by the person first). Orders with points need the network.
   */
  const queueOrder = async (sentBody: PlaceOrderBody | null, acceptStale: boolean) => {
    if (!user) return;
    if (payWithPoints) {
      setFailure({ offline: true, message: offlineTexts.pointsNeedNetwork });
      return;
    }
    const { queueFromCart } = await import('../../lib/offline/checkout-queue');
    idempotencyKeyRef.current ??= newIdempotencyKey();
    const result = await queueFromCart({
      userId: user.id,
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
    setObservaciones('');
    setQueued(result.entry);
    setConfirmation(null);
  };

  const placeOrder = async () => {
    if (placingRef.current) return;
    if (cart.items.length === 0 || !user) {
      toast({ title: orders.createErrorTitle, description: cartPage.emptyOrSignedOut, variant: 'destructive' });
      return;
    }
    setFailure(null);
    // Known offline: nothing is sent now; the order is queued where the person sees it.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      placingRef.current = true;
      setPlacing(true);
      try {
        await queueOrder(null, false);
      } finally {
        placingRef.current = false;
        setPlacing(false);
      }
      return;
    }
    placingRef.current = true;
    setPlacing(true);
    idempotencyKeyRef.current ??= newIdempotencyKey();
    let body: ReturnType<typeof toPlaceOrderBody> | null = null;
    try {
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
      const number = orderNumber(result.order.id);
      toast({ title: orders.successTitle, description: orders.successText(number) });
      const opened = openWhatsapp(result.whatsapp_url);
      setConfirmation({ order: result.order, whatsappUrl: result.whatsapp_url, whatsappBlocked: !opened });
    } catch (error) {
      // The same idempotency key goes with the retry: if the order did reach the server, the retry
      // answers that order instead of placing a second one.
      const offline = isApiError(error) && error.code === 'network_error';
      if (offline && !payWithPoints) {
        // The request may have reached the server: the queue sends this very body with this key
        // again, so a lost reply still ends in one order.
        await queueOrder(body ? { ...body, canjeado_con_puntos: false, expected_total: cart.total } : null, false);
        return;
      }
      setFailure({ offline, message: offline ? cartPage.offlineText : (error as Error).message });
      if (!offline) toast({ title: orders.createErrorTitle, description: (error as Error).message, variant: 'destructive' });
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  };

  const dismissFailure = () => setFailure(null);
  const queueAnyway = async () => {
    setFailure(null);
    await queueOrder(null, true);
  };

  return {
    observaciones,
    setObservaciones,
    payWithPoints,
    setPayWithPoints,
    placing,
    confirmation,
    placeOrder,
    saldoPuntos,
    pointsError,
    failure,
    dismissFailure,
    queued,
    queueAnyway,
  };
}
