// IVA texts (the business-identity work, decision 019): the cart, the order, the PDF, the CSV and the admin.
export const iva = {
  rateLabel: 'Alícuota de IVA',
  rateHint: 'La que corresponde a este producto. Exento es 0 %.',
  invalidRate: 'La alícuota de IVA debe ser 21 %, 10,5 %, 27 % o 0 % (exento).',
  netTaxed: 'Neto gravado',
  netExempt: 'Exento',
  ivaLine: (rate: string) => `IVA ${rate}`,
  total: 'Total',
  /** Shown to a Responsable Inscripto, whose prices are itemised. */
  itemisedNote: 'Precios sin IVA: el IVA se discrimina al pie, por alícuota.',
  /** Shown to everyone else: final prices (Ley 27.743 asks to show the IVA they contain). */
  finalPricesNote: 'Precios finales con IVA incluido.',
  ivaContained: 'IVA contenido',
  unitNet: 'P. unit. neto',
  /** After a net unit price in the cart: "+ IVA 21 %", or "Exento". */
  plusIva: (rate: string) => (rate === 'Exento' ? '(exento de IVA)' : `+ IVA ${rate}`),
  lineNet: 'Neto',
  /** The cart's and the order's summary: the saving in the basis of the lines above it. */
  totalSavings: 'Ahorro total',
  totalSavingsNet: 'Ahorro total (sin IVA)',
  /** Mis Pedidos' "Ahorro" of a Responsable Inscripto's order. */
  orderSavingsNet: 'Ahorro (sin IVA)',
  // The catalogue's prices are the prices as entered; these say which basis that is.
  catalogueIncludedItemised: 'Precios con IVA incluido. En el carrito los ves sin IVA, con el IVA discriminado al pie.',
  catalogueExcludedItemised: 'Precios sin IVA (+ IVA). En el carrito el IVA se discrimina al pie.',
  catalogueExcludedFinal: 'Precios sin IVA (+ IVA). En el carrito los ves con el IVA incluido.',
  // The admin's order view.
  adminPricesIncluded: 'Precios cargados con IVA incluido.',
  adminPricesExcluded: 'IVA sumado a los precios cargados.',
  adminCustomerItemised: 'El cliente ve el IVA discriminado.',
  adminCustomerFinal: 'El cliente ve precios finales.',
  // The setting (Ajustes).
  settingHeading: 'IVA',
  pricesIncludeIva: 'Los precios cargados incluyen IVA',
  pricesIncludeIvaHint:
    'Activado: el precio de cada producto es el final y el IVA se calcula adentro. Desactivado: el IVA se suma al precio cargado.',
  // CSV columns.
  csvNet: 'Neto',
  csvIva: (rate: string) => `IVA ${rate}`,
  csvIvaTotal: 'IVA total',
} as const;
