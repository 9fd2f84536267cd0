/**
 * The cart every page shares: its state (provider + hook), its pure rules and its endpoints. It is
 * shared because the catalogue adds to it, Mis Pedidos repeats an order into it and checkout
 * orders it; the cart page itself is features/cart.
 */
export { CartProvider } from './cart-provider';
export { CartGate, loadCartEngine } from './cart-gate';
export { useCart } from './use-cart';
export type { CartContextValue, PricedCartLine } from './cart-context';
export type { CartProduct, CartLine } from './cart-rules';
export { fetchCartProducts } from './cart-api';
