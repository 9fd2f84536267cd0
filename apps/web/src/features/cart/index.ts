export { CartProvider } from './components/cart-provider';
export { CartNavLink } from './components/cart-nav-link';
export { useCart } from './hooks/use-cart';
export type { CartContextValue, PricedCartLine } from './cart-context';
export type { CartProduct, CartLine } from './cart-rules';
export { fetchCartProducts } from './api/cart-api';
