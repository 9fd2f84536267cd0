export const lists = {
  notFound: 'No encontramos esa lista.',
  emptyCart: 'Tu carrito está vacío: agregá productos antes de guardarlo como lista.',
  productGone: 'Este producto ya no está disponible.',
  productNotFound: 'No encontramos ese producto.',
} as const;

export const listsPage = {
  title: 'Mis listas',
  saveCartLabel: 'Nombre de la nueva lista',
  saveCart: 'Guardar el carrito como lista',
  saved: (name: string) => `Guardaste la lista «${name}».`,
  empty: 'Todavía no guardaste ninguna lista.',
  loading: 'Cargando listas…',
  loadError: 'No se pudieron cargar tus listas.',
  products: (n: number) => (n === 1 ? '1 producto' : `${n} productos`),
  toCart: (name: string) => `Agregar «${name}» al carrito`,
  toCartShort: 'Agregar al carrito',
  addedTitle: 'Lista agregada al carrito',
  addedText: (n: number) => (n === 1 ? 'Se agregó 1 producto a precios de hoy.' : `Se agregaron ${n} productos a precios de hoy.`),
  problemsTitle: 'Algunos productos no se agregaron',
  rename: (name: string) => `Renombrar «${name}»`,
  renameShort: 'Renombrar',
  renameLabel: (name: string) => `Nuevo nombre para «${name}»`,
  saveName: 'Guardar nombre',
  remove: (name: string) => `Borrar «${name}»`,
  removeShort: 'Borrar',
} as const;
