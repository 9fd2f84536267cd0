// The cart module's public surface: the carts table, the saved cart and adding lines to it.
export { addCartLines, addToSavedCart } from './cart.lines';
export { createCartService, type CartService } from './cart.service';
