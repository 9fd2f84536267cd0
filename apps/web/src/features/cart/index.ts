/**
 * The cart's link in the nav, which the shell loads. The /cart page's view (components/cart-view)
 * is not re-exported here: the shell imports this file, and a re-export would pull the page into
 * the first download. The cart's state is shared (lib/cart); its checkout is features/checkout.
 */
export { CartNavLink } from './components/cart-nav-link';
