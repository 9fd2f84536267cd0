export const lists = {
  notFound: 'No encontramos esa lista.',
  emptyCart: 'Tu carrito está vacío: agregá productos antes de guardarlo como lista.',
  productGone: 'Este producto ya no está disponible.',
  productNotFound: 'No encontramos ese producto.',
} as const;
