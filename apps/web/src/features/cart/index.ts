/** The cart's own screens; its state is shared (lib/cart) and its checkout is features/checkout. */
export { CartNavLink } from './components/cart-nav-link';
export { CartView, type CartViewProps } from './components/cart-view';
