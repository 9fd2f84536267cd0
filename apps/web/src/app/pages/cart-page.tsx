import { lazy, Suspense } from 'react';
import { CartView } from '../../features/cart/components/cart-view';
import { CheckoutBar, CheckoutSummary, OrderConfirmation, QueuedNotice, useCheckout } from '../../features/checkout';

// The orders waiting on this device (decision 043); its chunk also carries the IndexedDB code.
const OrderQueue = lazy(() => import('../../features/offline').then((m) => ({ default: m.OrderQueue })));

/**
 * /cart: the cart's lines next to checkout's summary (on a phone, a bar fixed at the bottom with
 * the total and "Realizar pedido"); after an order, its confirmation above the empty cart — or,
 * without network, the notice that it waits on this device, and the queue of such orders.
 */
export default function CartPage() {
  const checkout = useCheckout();
  const after = checkout.confirmation ? (
    <OrderConfirmation confirmation={checkout.confirmation} />
  ) : checkout.queued ? (
    <QueuedNotice entry={checkout.queued} />
  ) : null;
  return (
    <CartView
      busy={checkout.placing}
      afterOrder={after}
      queue={
        <Suspense fallback={null}>
          <OrderQueue />
        </Suspense>
      }
      summary={<CheckoutSummary checkout={checkout} />}
      bar={<CheckoutBar checkout={checkout} />}
    />
  );
}
