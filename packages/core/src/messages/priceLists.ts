/**
 * Price lists per customer (the business-identity work, decision 018). Used by the server and by the lazy
 * admin screens only, which import it by subpath (@mayorista/core/messages/priceLists) so it stays
 * out of the first download.
 */
export const priceLists = {
  // API errors
  notFound: 'No encontramos esa lista de precios.',
  nameTaken: (name: string) => `Ya existe una lista de precios llamada «${name}». Elegí otro nombre.`,
  inUse: (customers: number) =>
    customers === 1
      ? 'No se puede borrar la lista: 1 cliente compra con ella. Pasalo a otra lista (o a la lista base) y volvé a intentar.'
      : `No se puede borrar la lista: ${customers} clientes compran con ella. Pasalos a otra lista (o a la lista base) y volvé a intentar.`,
  unknownProduct: 'Uno de los productos con precio propio no existe (quizás se borró). Revisá la lista y volvé a guardar.',
  ownList: 'No podés cambiar tu propia lista de precios. Pedíselo a otro administrador.',
  nameRequired: 'Poné un nombre a la lista.',
  nameTooLong: 'El nombre de la lista no puede superar 80 caracteres.',
  percentageNumber: 'El porcentaje debe ser un número.',
  percentageTooLow: 'El porcentaje tiene que ser mayor que −100 %: con −100 % o menos los precios quedarían en cero o negativos.',
  percentageTooHigh: 'El porcentaje no puede superar 1000 %.',
  percentageDecimals: 'Usá como máximo dos decimales en el porcentaje.',
  explicitPricePositive: 'Cada precio propio tiene que ser mayor que cero.',
  duplicateProduct: 'Un producto aparece dos veces en la lista: dejá un solo precio por producto.',
  tooManyItems: (max: number) => `Como máximo ${max} productos con precio propio por lista.`,

  // Admin screen
  tabTitle: 'Listas de precios',
  heading: 'Listas de precios',
  intro:
    'Cada lista es un porcentaje sobre (o bajo) los precios mayoristas base, con precios propios opcionales por producto. Las ofertas y los descuentos por cantidad se aplican sobre el precio de la lista.',
  baseList: 'Lista base',
  empty: 'Todavía no hay listas: todos los clientes compran con la lista base.',
  loading: 'Cargando listas de precios…',
  loadError: 'No se pudieron cargar las listas de precios.',
  retry: 'Reintentar',
  create: 'Nueva lista',
  edit: (name: string) => `Editar «${name}»`,
  editShort: 'Editar',
  remove: (name: string) => `Borrar «${name}»`,
  removeShort: 'Borrar',
  confirmRemove: (name: string) => `¿Borrar la lista «${name}»? Esta acción no se puede deshacer.`,
  removed: (name: string) => `Borraste la lista «${name}».`,
  saved: (name: string) => `Guardaste la lista «${name}».`,
  nameLabel: 'Nombre',
  percentageLabel: 'Porcentaje sobre la lista base',
  percentageHint: 'Negativo para un descuento (−5 = 5 % menos), positivo para un recargo.',
  percentage: (percent: string) => `${percent} %`,
  customers: (n: number) => (n === 1 ? '1 cliente' : `${n} clientes`),
  explicitCount: (n: number) => (n === 1 ? '1 precio propio' : `${n} precios propios`),
  explicitHeading: 'Precios propios',
  explicitHint: 'Un precio propio reemplaza al porcentaje para ese producto.',
  searchLabel: 'Buscar un producto para darle precio propio',
  searchPlaceholder: 'Nombre, SKU o código',
  addProduct: (name: string) => `Agregar «${name}»`,
  addShort: 'Agregar',
  explicitPriceLabel: (name: string) => `Precio propio de «${name}»`,
  basePrice: (price: string) => `Base: ${price}`,
  removeItem: (name: string) => `Quitar el precio propio de «${name}»`,
  removeItemShort: 'Quitar',
  save: 'Guardar lista',
  cancel: 'Cancelar',
  errorTitle: 'No se pudo guardar',
  invalidPrice: 'Ingresá un precio mayor que cero.',

  // Usuarios tab
  // "Lista de precios" is already the row's PDF button (the repricing work, decision 015): the select says which list is assigned.
  selectLabel: (name: string) => `Lista asignada a ${name}`,
  selectShort: 'Lista asignada',
  assigned: (name: string, list: string) => `${name} compra ahora con «${list}».`,
  assignedTitle: 'Lista de precios cambiada',
  // Admin customer page
  customerPageTitle: 'Lista de precios',
  customerPageHint: 'Los precios que ve y paga este cliente. Cambiarla no cambia los de nadie más.',
} as const;
