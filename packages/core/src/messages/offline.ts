/** Ordering without signal: the installed app, the catalogue kept on the device, the queue of orders. */
export const offline = {
  // The app itself
  updateAvailable: 'Hay una versión nueva',
  updateAction: 'Actualizar',
  // The banner
  offlineBanner: (when: string) => `Sin conexión — precios al ${when}`,
  offlineNoSnapshot: 'Sin conexión — este dispositivo todavía no guardó el catálogo',
  staleSnapshot: (days: number) => `Los precios guardados tienen más de ${days} días: pueden haber cambiado.`,
  storageUnavailable: 'Este dispositivo no deja guardar el catálogo: sin conexión no vas a poder verlo ni dejar pedidos pendientes.',
  // Placing an order without network
  queuedTitle: 'Pedido pendiente de envío',
  queuedText: 'Lo guardamos en este dispositivo y se envía solo cuando vuelva la conexión. Si algún precio cambió, te lo vamos a mostrar antes de enviarlo.',
  staleConfirm: (days: number) =>
    `Los precios guardados tienen más de ${days} días y pueden haber cambiado. Si cambiaron, te lo mostramos antes de enviar el pedido.`,
  queueAnyway: 'Dejarlo pendiente igual',
  pointsNeedNetwork: 'Los pedidos con puntos necesitan conexión: conectate para canjearlo.',
  notSaved: 'No se pudo guardar el pedido en este dispositivo (falta espacio o el navegador no lo permite). No se envió: conectate para hacerlo.',
  // The queue
  queueHeading: 'Pendientes de envío',
  queueCount: (n: number) => (n === 1 ? '1 pedido pendiente de envío' : `${n} pedidos pendientes de envío`),
  pending: 'Pendiente de envío',
  sending: 'Enviando…',
  placed: 'Enviado',
  toReview: 'Para revisar antes de enviar',
  refusedStatus: 'No se envió',
  needsSignIn: 'Tu sesión venció: iniciá sesión de nuevo para enviar los pedidos pendientes. Siguen guardados.',
  signInAgain: 'Iniciar sesión',
  queuedAt: (when: string) => `Guardado el ${when}`,
  sendNow: 'Enviar ahora',
  discard: 'Descartar',
  close: 'Cerrar',
  discardConfirm: '¿Descartar este pedido pendiente? No se va a enviar.',
  discardConfirmMaybeArrived:
    '¿Descartar este pedido pendiente? Un envío anterior quedó sin respuesta, así que puede que ya haya llegado. Si lo descartás no lo volvemos a enviar: cuando vuelva la conexión, fijate en Mis Pedidos.',
  // Changes found when sending
  changedTitle: 'Cambió algo desde que armaste el pedido',
  changedText: 'Revisá las diferencias antes de enviarlo. No se envió nada todavía.',
  priceChanged: (product: string, before: string, after: string) => `${product}: antes ${before}, ahora ${after}`,
  productGone: (product: string) => `${product} ya no está disponible: se quita del pedido.`,
  quantityProblem: (product: string, problem: string) => `${product}: ${problem}`,
  totalBefore: 'Total guardado',
  totalNow: 'Total ahora',
  confirmSend: 'Confirmar y enviar',
  editInCart: 'Editar en el carrito',
  refused: (message: string) => `No se pudo enviar: ${message}`,
  placedTitle: '¡Pedido enviado!',
  placedText: (number: string) => `El pedido pendiente ${number} se realizó.`,
  openWhatsapp: 'Enviar pedido por WhatsApp',
} as const;
