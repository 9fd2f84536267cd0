/**
 * The product page, the favourites star and the admin's gallery editor (the wholesale-ordering work, decision 016 and 6).
 * Only lazy screens use these, so the web imports this file by subpath (not through `messages`):
 * it stays out of the first download.
 */
export const productPage = {
  loading: 'Cargando producto…',
  notFoundTitle: 'No encontramos este producto',
  notFoundText: 'Puede que ya no esté en el catálogo o que el enlace esté incompleto. Buscalo en el catálogo.',
  errorTitle: 'No se pudo cargar el producto',
  errorText: 'Revisá tu conexión e intentá de nuevo.',
  retry: 'Reintentar',
  backToCatalog: 'Volver al catálogo',
  breadcrumb: 'Ruta de navegación',
  gallery: 'Imágenes del producto',
  imageAlt: (name: string, n: number, total: number) => (total > 1 ? `${name}, imagen ${n} de ${total}` : name),
  showImage: (n: number, total: number) => `Ver imagen ${n} de ${total}`,
  description: 'Descripción',
  sku: 'SKU',
  barcode: 'Código de barras',
  stock: 'Stock',
  inStock: (units: number) => `${units} disponibles`,
  unlimitedStock: 'Disponible',
  rules: 'Cómo se vende',
  shareWhatsApp: 'Compartir por WhatsApp',
  shareWhatsAppLabel: (name: string) => `Compartir ${name} por WhatsApp (se abre en otra pestaña)`,
  signInToOrder: 'Iniciá sesión con tu cuenta mayorista para ver tus precios y hacer pedidos.',
  documentTitle: (name: string) => `${name} · Catálogo`,
} as const;

export const favorites = {
  add: (name: string) => `Agregar ${name} a favoritos`,
  remove: (name: string) => `Quitar ${name} de favoritos`,
  filter: 'Favoritos',
  filterLabel: 'Ver solo mis favoritos',
  empty: 'Todavía no marcaste favoritos. Tocá la estrella de un producto para encontrarlo rápido acá.',
  loading: 'Cargando favoritos…',
  loadError: 'No se pudieron cargar tus favoritos.',
  saveError: 'No se pudo guardar el favorito. Intentá de nuevo.',
  count: (n: number) => (n === 1 ? '1 favorito' : `${n} favoritos`),
} as const;

export const galleryEditor = {
  title: 'Imágenes',
  hint: (max: number, megabytes: number) =>
    `Hasta ${max} imágenes JPEG, PNG o WebP de hasta ${megabytes} MB. La primera es la que se ve en el catálogo.`,
  add: 'Agregar imagen',
  adding: 'Subiendo…',
  empty: 'Este producto no tiene imágenes.',
  saveFirst: 'Guardá el producto para agregarle imágenes.',
  full: (max: number) => `Ya tiene ${max} imágenes: eliminá una para agregar otra.`,
  imageAlt: (n: number) => `Imagen ${n}`,
  moveUp: (n: number) => `Subir la imagen ${n}`,
  moveDown: (n: number) => `Bajar la imagen ${n}`,
  remove: (n: number) => `Eliminar la imagen ${n}`,
  cover: 'Portada',
} as const;
