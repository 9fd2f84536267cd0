import { formatMoney } from '../money';

/** Issue 17: bulk repricing, price history, spreadsheets, the price list and the cart's notice. */
export const pricing = {
  repriceInvalid: (count: number) =>
    `${count === 1 ? 'Un producto quedaría' : `${count} productos quedarían`} con precios inválidos. Revisá las advertencias de la vista previa.`,
  repriceEmpty: 'No hay productos que cambiar con esa selección.',
  changeNotFound: 'El cambio de precios no existe.',
  alreadyUndone: 'Ese cambio de precios ya se deshizo.',
  cannotUndoUndo: 'Un deshacer no se puede deshacer: aplicá un cambio nuevo.',
  warnings: {
    not_positive: 'El precio quedaría en cero o menos.',
    sale_above_list: 'La oferta quedaría igual o por encima del precio de lista.',
    tier_above_base: 'El precio por cantidad quedaría igual o por encima del precio mayorista.',
  },
  sources: { reprice: 'Cambio masivo', import: 'Importación', manual: 'Edición manual', undo: 'Deshacer' },
  import: {
    fileRequired: 'Elegí un archivo .xlsx o .csv para importar.',
    notMultipart: 'Enviá el archivo como multipart/form-data, campo file.',
    tooLarge: (megabytes: number) => `El archivo no puede superar ${megabytes} MB.`,
    tooManyRows: (max: number) => `El archivo tiene más de ${max.toLocaleString('es-AR')} filas. Dividilo en partes.`,
    unsupported: 'El archivo no es una planilla .xlsx ni un .csv de texto. Exportá el catálogo y usá ese formato.',
    empty: 'El archivo está vacío: no tiene filas de productos.',
    missingColumn: (column: string) => `Falta la columna "${column}". Usá el archivo exportado como modelo.`,
    invalid: (count: number) => `El archivo tiene ${count === 1 ? 'un error' : `${count} errores`}; no se cambió nada.`,
    busy: 'Ya hay una importación en curso. Esperá a que termine y probá de nuevo.',
    cell: (row: number, column: string, message: string) => `Fila ${row}, columna "${column}": ${message}`,
    notAmount: (text: string) => `"${text}" no es un importe válido.`,
    notPositive: 'el precio debe ser mayor que cero.',
    notInteger: (text: string) => `"${text}" no es un número entero.`,
    notFlag: (text: string) => `"${text}" no es Sí ni No.`,
    skuRequired: 'falta el SKU.',
    skuDuplicated: (first: number) => `el SKU ya aparece en la fila ${first}.`,
    nameRequired: 'falta el nombre.',
    formula: 'la celda tiene una fórmula sin valor calculado; guardá el archivo en Excel y volvé a subirlo.',
  },
  changedSinceAdded: (percent: number) =>
    percent > 0 ? `Subió ${percent} % desde que lo agregaste` : `Bajó ${-percent} % desde que lo agregaste`,
  priceList: {
    title: 'Lista de precios',
    date: (date: string) => `Precios al ${date}`,
    uncategorised: 'Sin categoría',
    sale: (price: number) => `Oferta ${formatMoney(price)}`,
    tier: (minQuantity: number, price: number) => `Desde ${minQuantity} u.: ${formatMoney(price)}`,
    footer: 'Precios en pesos argentinos, IVA según condición. Sujetos a cambio sin aviso.',
  },
} as const;
