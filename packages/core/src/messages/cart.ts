// The cart texts the first page needs (the cart badge, adding to the cart, quantity rules); the
// cart page's own texts are in cartPage.ts, loaded with that page (decision 021).
export const cart = {
  loadError: 'Error al cargar el carrito.',
  saveError: 'No se pudo guardar el carrito.',
  itemAddedTitle: 'Producto añadido',
  itemAddedText: (product: string) => `${product} se ha añadido al carrito.`,
  insufficientStockTitle: 'Stock insuficiente',
  insufficientStockText: (product: string) => `No hay suficiente stock para ${product}`,
  onlyLeft: (n: number, product: string) => `Solo quedan ${n} unidades de ${product}`,
  removedTitle: 'Productos quitados del carrito',
  removedText: (names: string[]) =>
    names.length === 1
      ? `${names[0]} ya no está disponible y se quitó del carrito.`
      : `Estos productos ya no están disponibles y se quitaron del carrito: ${names.join(', ')}.`,
  unknownProduct: 'Un producto',
  // Quantity rules and the minimum order (the wholesale-ordering work, decision 016, core/quantity-rules.ts)
  invalidQuantityTitle: 'Cantidad no válida',
  notWhole: (product: string) => `La cantidad de ${product} debe ser un número entero mayor que cero.`,
  belowMinimum: (minimum: number, product: string) => `El mínimo de ${product} es ${minimum} unidades.`,
  notPackMultiple: (pack: number, suggestion: number, product: string) =>
    `${product} se vende en bultos de ${pack}: pedí ${suggestion} unidades o un múltiplo de ${pack}.`,
  aboveMaximum: (maximum: number, product: string) => `Podés pedir como máximo ${maximum} unidades de ${product}.`,
  packHint: (pack: number) => `Bulto x ${pack}`,
  minimumHint: (minimum: number) => `Mínimo ${minimum} u.`,
  maximumHint: (maximum: number) => `Máximo ${maximum} u.`,
  minimumOrderMissing: (amount: string) => `Te faltan ${amount} para el pedido mínimo`,
} as const;
