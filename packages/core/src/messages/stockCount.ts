/**
 * The warehouse's stock count (decision 069): the Stock tab of the panel and the route's refusals.
 * The admin screens import it by subpath (@mayorista/core/messages/stockCount); it is also
 * re-exported in messages/sections.ts, through which the server's count flow reads the refusals.
 * Product names go between « », numbers with thousands separators, and no arrows (a screen reader
 * reads "→" as "flecha derecha").
 */
const count = (n: number) => n.toLocaleString('es-AR');

export const stockCount = {
  tabTitle: 'Stock',
  title: 'Recuento de stock',
  hint: 'Buscá el producto, escribí cuántas unidades contaste en el estante y guardá. Las unidades de pedidos sin preparar siguen en el estante: se descuentan solas. Se envían todos los productos con contado; los que ya estaban bien quedan igual.',
  searchLabel: 'Buscar por nombre o SKU',
  searchPlaceholder: 'Nombre o SKU',
  loading: 'Cargando productos…',
  empty: 'No hay productos que coincidan',
  loadError: 'No pudimos cargar los productos.',
  retry: 'Reintentar',
  loadMore: 'Cargar más',
  currentStock: (stock: number) => `Stock actual: ${count(stock)}`,
  unlimited: 'Stock ilimitado: no se cuenta',
  disabled: 'Deshabilitado',
  sku: (sku: string) => `SKU ${sku}`,
  countedLabel: 'Contado',
  countedLabelFor: (name: string) => `Contado de ${name}`,
  save: 'Guardar recuento',
  pending: (n: number) => (n === 0 ? 'Ningún contado para guardar' : n === 1 ? '1 producto para guardar' : `${n} productos para guardar`),
  listLabel: 'Productos para contar',
  saving: 'Guardando…',
  nothingToSave: 'No escribiste ningún contado: escribí cuántas unidades contaste en al menos un producto.',
  invalidLines: 'Revisá los contados marcados: deben ser números enteros de 0 a 1.000.000.',
  saved: (n: number) => `Recuento guardado: ${n} ${n === 1 ? 'producto actualizado' : 'productos actualizados'}`,
  savedChange: (name: string, before: number, after: number, counted: number, reserved: number) =>
    reserved > 0
      ? `«${name}»: stock de ${count(before)} a ${count(after)} (contaste ${count(counted)}; ${count(reserved)} en pedidos sin preparar)`
      : `«${name}»: stock de ${count(before)} a ${count(after)} (contaste ${count(counted)})`,
  // What should be on the shelf: the stock plus the units of orders not yet picked
  reservedHint: (reserved: number, shelf: number) => `${count(reserved)} en pedidos sin preparar: en el estante deberían estar ${count(shelf)}`,
  saveError: 'No pudimos guardar el recuento. No se cambió ningún stock; probá de nuevo.',
  // One line's field
  countedInvalid: 'Escribí un número entero de 0 a 1.000.000.',
  // The body's rules (shared by the form and the route)
  countsRequired: 'Enviá al menos un producto contado.',
  tooManyCounts: (max: number) => `Un recuento puede tener hasta ${max} productos; guardalo en partes.`,
  duplicateProduct: 'Un producto aparece más de una vez en el recuento.',
  // The route's refusals
  unknownProduct: 'Uno de los productos del recuento ya no existe. No se cambió ningún stock; actualizá la lista y volvé a contar.',
  belowReserved: (name: string, counted: number, reserved: number) =>
    `Contaste ${count(counted)} de «${name}», pero hay ${count(reserved)} en pedidos sin preparar. Revisá el recuento o los pedidos; no se cambió ningún stock.`,
  reservedIdsInvalid: 'Enviá de 1 a 100 productos válidos, separados por coma.',
  unlimitedProduct: (name: string) => `«${name}» tiene stock ilimitado: no se cuenta. Quitalo del recuento; no se cambió ningún stock.`,
} as const;
