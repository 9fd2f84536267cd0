/**
 * Repartos (deliveries): zones, the promised date, planning, the route and load sheets and the
 * driver's actions — the server's errors and the texts the documents, e-mails and WhatsApp share.
 */
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;

/** "1 pedido", "2 pedidos" */
const ordersCount = (n: number) => `${n} ${n === 1 ? 'pedido' : 'pedidos'}`;
/** "1 bulto", "5 bultos" */
const bultosCount = (n: number) => `${n} ${n === 1 ? 'bulto' : 'bultos'}`;

export const deliveries = {
  weekdays: WEEKDAYS,
  tabTitle: 'Repartos',
  /** "Llega el jueves 27/11 — pedí antes del miércoles 26/11 a las 18:00" */
  promise: (arrives: string, orderBefore: string, time: string) => `Llega el ${arrives} — pedí antes del ${orderBefore} a las ${time}`,
  /** The order's stored date, in its e-mails, PDF and WhatsApp text. */
  orderArrives: (arrives: string) => `Entrega prevista: ${arrives}`,
  noZone: 'sin zona',
  // The admins' live feed
  liveDeliveredTitle: 'Pedido entregado',
  liveNotDeliveredTitle: 'Pedido no entregado',
  liveDelivered: (name: string, number: string) => `El pedido #${number} de ${name} se entregó.`,
  liveNotDelivered: (name: string, number: string, reason: string, next: string) =>
    `El pedido #${number} de ${name} no se entregó${reason ? ` (${reason})` : ''}${next ? `; pasa al ${next}` : ''}.`,

  // Hoja de ruta and Hoja de carga (PDF and XLSX)
  routeTitle: 'Hoja de ruta',
  loadTitle: 'Hoja de carga',
  sheetSubtitle: (zone: string, day: string) => `${zone} · ${day}`,
  sheetContinued: (subtitle: string) => `${subtitle} (continuación)`,
  routeColumns: {
    stop: '#',
    customer: 'Cliente',
    address: 'Dirección',
    phone: 'Teléfono',
    notes: 'Notas de entrega',
    order: 'Pedido',
    amount: 'Importe',
    toCollect: 'A cobrar',
    weight: 'Peso',
    collected: 'Cobrado',
    signature: 'Firma',
  },
  loadColumns: { product: 'Producto', quantity: 'Cantidad', orders: 'Pedidos' },
  ordersCount,
  bultosCount,
  routeTotals: (orders: number, bultos: number) => `${ordersCount(orders)} · ${bultosCount(bultos)}`,
  weightTotal: (weight: string) => `Peso: ${weight}`,
  noStops: 'No hay pedidos para esta zona y fecha.',

  // Zones and their rules
  zoneNameRequired: 'Ingresá el nombre de la zona.',
  zoneNameTooLong: 'El nombre de la zona es demasiado largo.',
  noWeekdays: 'Elegí al menos un día de entrega para la zona.',
  invalidWeekday: 'Los días de entrega van de domingo (0) a sábado (6).',
  cutoffAfterDelivery: 'El cierre de pedidos tiene que ser antes de la entrega: elegí cuántos días antes (0 a 14) y una hora.',
  invalidCutoffHour: 'La hora de cierre va de 00:00 a 23:59.',
  invalidMinimum: 'Ingresá un pedido mínimo válido, en centavos enteros.',
  zoneNotFound: 'No encontramos esa zona.',
  zoneNameTaken: 'Ya hay una zona con ese nombre.',
  driverNotFound: 'Elegí un repartidor del personal.',
  allZero: 'Si no se entregó nada, marcalo como No entregado.',
  zoneInUse: 'La zona tiene clientes o pedidos por entregar: pasalos a otra zona antes de borrarla.',
  invalidStopPosition: 'La posición en el recorrido tiene que ser un número entero desde 1.',

  // Dates
  invalidDate: 'Ingresá una fecha válida (AAAA-MM-DD).',
  holidayNameTooLong: 'El nombre del feriado es demasiado largo.',
  duplicateHoliday: 'Hay un feriado repetido en la lista.',
  tooManyHolidays: 'La lista de feriados es demasiado larga.',
  noDeliveryDate: 'No hay ninguna fecha de entrega posible en los próximos doce meses: revisá los días de la zona y los feriados.',
  pastDate: 'No se puede pasar un pedido a una fecha que ya pasó.',
  notDeliveryWeekday: (weekday: string) => `La zona no entrega los ${weekday}.`,
  holidayDate: 'Esa fecha es feriado o no laborable: elegí otra.',
  customerWithoutZone: 'El cliente no tiene zona de reparto: asignale una antes.',
  orderNotPlannable: 'Solo se pueden programar pedidos Confirmados o Preparados.',
  stopsMismatch: 'La lista tiene que tener exactamente los pedidos de esa zona y fecha, sin repetir.',

  // The driver
  notYourZone: 'Ese pedido no es de tu recorrido.',
  orderCancelled: 'Ese pedido está cancelado.',
  notDeliverable: 'Ese pedido no se puede marcar como entregado en su estado actual.',
  quantityAboveOrdered: 'La cantidad entregada no puede superar la pedida.',
  quantityNegative: 'La cantidad entregada no puede ser negativa.',
  unknownLine: 'Ese producto no está en el pedido.',
  idempotencyKeyRequired: 'Falta la clave de la acción (idempotency_key).',
  partialDeliveryReason: 'Entrega parcial: el repartidor entregó menos unidades.',
  keyReused: 'Esa clave ya se usó para otra acción.',
  reasons: { cerrado: 'Cerrado', rechazado: 'Rechazado', sin_dinero: 'Sin dinero', otro: 'Otro' },
  invalidReason: 'Elegí un motivo: cerrado, rechazado, sin dinero u otro.',
  noteTooLong: 'La nota es demasiado larga.',

  // "Tu pedido llega hoy" (e-mail and WhatsApp text), on the morning of the delivery date
  invalidNoticeHour: 'Ingresá la hora del aviso, de 0 a 23.',
  todaySubject: (catalog: string, number: string) => `${catalog}: tu pedido #${number} llega hoy`,
  todayIntro: (number: string, day: string) => `Tu pedido #${number} llega hoy, ${day}. Te dejamos el resumen de lo que vas a recibir.`,
  todayWhatsapp: (name: string, number: string, day: string, catalog: string) =>
    `Hola, ${name}. Tu pedido #${number} llega hoy, ${day}. ¡Gracias! — ${catalog}`,
  // The order's delivery date changed (the admin moved it, or the driver could not deliver it)
  movedSubject: (catalog: string, number: string, day: string) => `${catalog}: tu pedido #${number} llega el ${day}`,
  movedIntro: (number: string, day: string, previous: string | null) =>
    previous ? `Cambiamos la fecha de entrega de tu pedido #${number}: ya no llega el ${previous}, llega el ${day}.` : `Tu pedido #${number} ya tiene fecha de entrega: llega el ${day}.`,
  notDeliveredIntro: (number: string, previous: string, day: string) =>
    `No pudimos entregarte el pedido #${number} el ${previous}. Te lo llevamos el ${day}.`,
  partialDeliveredIntro: (number: string) => `Entregamos tu pedido #${number} con menos unidades de las pedidas. Abajo está lo que recibiste; el cargo es por eso.`,
  // A finished stop and the day's result (decision 066): the driver's phone and the owner's Repartos.
  delivered: 'Entregado',
  notDelivered: 'No entregado',
  collectedWith: (amount: string, method: string) => `Cobrado ${amount} (${method})`,
  nothingCollected: 'Sin cobro',
  movedTo: (day: string) => `Pasa al ${day}`,
  collectMethods: {
    cash: 'efectivo',
    cheque: 'cheque',
    transfer: 'transferencia',
    mercado_pago: 'Mercado Pago',
    other: 'otro medio',
  },
} as const;
