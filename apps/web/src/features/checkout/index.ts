/** Placing an order from the cart: composed with the cart's lines by the /cart page in src/app. */
export { useCheckout, type Checkout, type Confirmation } from './use-checkout';
export { usePlaceOrder, placeOrder, type PlaceOrderRequest } from './api/place-order';
export { CheckoutBar, CheckoutSummary } from './components/checkout-summary';
export { OrderConfirmation } from './components/order-confirmation';
export { QueuedNotice } from './components/queued-notice';
