import { CartView } from '../../features/cart/components/cart-view';
import { CheckoutBar, CheckoutSummary, OrderConfirmation, useCheckout } from '../../features/checkout';

/**
 * /cart: the cart's lines next to checkout's summary (on a phone, a bar fixed at the bottom with
 * the total and "Realizar pedido"); after an order, its confirmation above the empty cart.
 */
export default function CartPage() {
  const checkout = useCheckout();
  return (
    <CartView
      busy={checkout.placing}
      afterOrder={checkout.confirmation ? <OrderConfirmation confirmation={checkout.confirmation} /> : null}
      summary={<CheckoutSummary checkout={checkout} />}
      bar={<CheckoutBar checkout={checkout} />}
    />
  );
}
