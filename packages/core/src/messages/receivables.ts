/**
 * The cuenta corriente (customer accounts receivable): the server's errors and the texts of its
 * documents, e-mails and the WhatsApp reminder. The web's screen texts live in their own module.
 */
/**
 * Said where an order over the limit is refused and there is no balance to pay: the server's refusal
 * and the cart's notice (the web's `receivables.credit.creditInUse`). A name of its own so the web
 * imports this sentence and not the whole section.
 */
export const CREDIT_IN_USE = 'Tu crédito lo ocupan pedidos que todavía no se entregaron.';

export const receivables = {
  kinds: {
    charge: 'Cargo',
    payment: 'Pago',
    credit_note: 'Nota de crédito',
    adjustment: 'Ajuste',
    reversal: 'Reversión',
  },
  methods: {
    cash: 'Efectivo',
    transfer: 'Transferencia bancaria',
    cheque: 'Cheque',
    mercado_pago: 'Mercado Pago',
    other: 'Otro',
  },
  terms: (days: number) => (days === 0 ? 'Contado' : `${days} días`),
  aFavor: 'a favor',
  creditHoldLabel: 'Retenido por crédito',
  creditHoldStates: { pending: 'Retenido por crédito', released: 'Liberado', rejected: 'Rechazado por crédito' },

  // Validation of amounts and payments
  invalidAmount: 'Ingresá un importe válido.',
  amountNotInteger: 'El importe debe estar en centavos enteros.',
  amountNotPositive: 'El importe debe ser mayor que cero.',
  amountTooLarge: 'El importe es demasiado grande.',
  amountNotZero: 'El ajuste no puede ser cero.',
  invalidMethod: 'Elegí un medio de pago válido.',
  invalidDate: 'Ingresá una fecha válida (AAAA-MM-DD).',
  chequeFieldsRequired: 'Para un cheque indicá el banco, el número y la fecha de pago.',
  chequeDateInPast: 'La fecha de pago del cheque no puede ser anterior a hoy.',
  chequeDateTooFar: 'La fecha de pago del cheque no puede ser más de un año después de hoy.',
  referenceTooLong: 'La referencia puede tener hasta 100 caracteres.',
  bankTooLong: 'El banco puede tener hasta 100 caracteres.',
  chequeNumberInvalid: 'El número de cheque debe tener solo dígitos (hasta 20).',
  idempotencyKeyRequired: 'Falta la clave de idempotencia del pago.',
  appliesToTooMany: 'Podés elegir hasta 100 pedidos.',
  reasonRequired: 'Indicá el motivo.',
  reasonTooLong: 'El motivo puede tener hasta 500 caracteres.',
  invalidSettingDays: 'Ingresá una cantidad de días válida.',
  invalidCreditAction: 'Elegí si un pedido sin crédito se rechaza o queda retenido.',
  invalidTerms: 'El plazo de pago debe ser un número de días entre 0 (contado) y 365.',
  invalidCreditLimit: 'El límite de crédito debe ser un importe de 0 o más, o vacío para no tener límite.',
  restockTooMany: 'Podés devolver hasta 500 productos.',
  invalidQuantity: 'La cantidad debe ser un número entero mayor que cero.',

  // Errors the server answers
  ownAccount: 'No podés registrar movimientos en tu propia cuenta corriente. Pedíselo a otro administrador.',
  customerNotFound: 'El cliente no existe.',
  receiptNotFound: 'El recibo no existe.',
  paymentNotFound: 'El pago no existe.',
  paymentAlreadyReversed: 'Ese pago ya fue revertido.',
  paymentKeyReused: 'Esa clave de idempotencia ya se usó para un pago distinto. Volvé a intentar con una clave nueva.',
  appliesToUnknown: 'Alguno de los pedidos elegidos no tiene un cargo pendiente en esta cuenta.',
  creditNoteOrderUnknown: 'El pedido de la nota de crédito no es de este cliente o todavía no se entregó.',
  creditNoteRestockUnknown: 'Alguno de los productos a devolver no está en el pedido o la cantidad supera la pedida.',
  creditNoteAboveOrder: 'La nota de crédito no puede superar el total del pedido.',
  restockNeedsOrder: 'Para devolver mercadería indicá el pedido.',
  orderNotOnHold: 'El pedido no está retenido por crédito.',
  deliveredNotEditable:
    'El pedido ya fue entregado y no se puede modificar. Para una devolución o una corrección de precio cargá una nota de crédito.',
  creditOverdue: (days: number, overdue: string) =>
    `Tenés ${overdue} vencido hace más de ${days} días. Regularizá tu cuenta corriente para hacer nuevos pedidos.`,
  /** Paying is suggested only when there is a balance to pay (core's `limitRefusalAdvice`, the cart's rule too). */
  creditLimitExceeded: (available: string, advice: { suggestPaying: boolean; creditInUse: boolean }) =>
    advice.suggestPaying
      ? `Este pedido supera tu crédito disponible (${available}). Reducí el pedido o pagá parte de tu saldo para continuar.`
      : `Este pedido supera tu crédito disponible (${available}). Reducí el pedido para continuar.${advice.creditInUse ? ` ${CREDIT_IN_USE}` : ''}`,
  creditHeldStatus: 'El pedido está retenido por crédito: liberalo o rechazalo antes de cambiar su estado.',
  creditHeld: 'Tu pedido quedó retenido por crédito: un administrador lo va a revisar.',
  statementRangeInvalid:
    'El período del resumen no es válido: la fecha "desde" debe ser anterior o igual a "hasta" y abarcar hasta 5 años.',

  // Documents
  receiptTitle: (n: string) => `Recibo N° ${n}`,
  statementTitle: 'Resumen de cuenta',
  statementPeriod: (from: string, to: string) => `Período: ${from} al ${to}`,
  openingBalance: 'Saldo inicial',
  closingBalance: 'Saldo final',
  overdueLine: (amount: string) => `Vencido a la fecha: ${amount}`,
  pendingChequesLine: (amount: string) =>
    `Cheques a cobrar: ${amount} (ya restados del saldo; lo que pagan cuenta como pagado en la fecha de cada cheque)`,
  noMovements: 'Sin movimientos en el período.',
  agingColumns: [
    'Cliente',
    'E-mail',
    'Saldo',
    'Vencido',
    'Al día',
    '1–30 días',
    '31–60 días',
    '61–90 días',
    'Más de 90 días',
    'Cheques a cobrar',
    'Límite de crédito',
    'Plazo (días)',
  ],
  statementColumns: ['Fecha', 'Concepto', 'Vence', 'Importe', 'Saldo'],
  receiptDate: 'Fecha',
  receiptAmount: 'Importe recibido',
  receiptMethod: 'Medio de pago',
  receiptBank: 'Banco',
  receiptReference: 'Referencia',
  receiptCheque: (bank: string, number: string, date: string) => `Cheque ${bank} N° ${number}, fecha de pago ${date}`,
  receiptApplied: 'Aplicado a',
  receiptOrder: (number: string) => `pedido #${number}`,
  receiptUnapplied: 'Saldo a favor del cliente',
  receiptBalance: 'Saldo de la cuenta después de este pago',
  receiptReversed: (date: string, reason: string) => `Este pago fue revertido el ${date}. Motivo: ${reason}`,
  reversalOf: (receipt: string) => `Reversión del pago ${receipt}`,
  receiptIntro: (n: string, amount: string) => `Registramos tu pago de ${amount}. Te adjuntamos el recibo N° ${n}.`,
  reminderBeforeIntro: (amount: string, date: string) =>
    `Te recordamos que el ${date} vence un importe de ${amount} de tu cuenta corriente. Te adjuntamos tu resumen de cuenta.`,
  reminderOverdueIntro: (amount: string) =>
    `Tu cuenta corriente tiene ${amount} vencido. Te adjuntamos tu resumen de cuenta; si ya pagaste, no tengas en cuenta este mensaje.`,
  viewAccount: 'Ver mi cuenta corriente',

  // Notifications
  holdReleasedSubject: (catalog: string, order: string) => `${catalog}: tu pedido #${order} fue liberado`,
  holdReleased: (order: string) => `Tu pedido #${order} fue liberado y sigue su curso.`,
  holdRejectedSubject: (catalog: string, order: string) => `${catalog}: tu pedido #${order} fue rechazado por crédito`,
  holdRejected: (order: string, reason: string) => `Tu pedido #${order} fue rechazado por crédito y quedó cancelado: ${reason}`,
  /** Under "Recibimos tu pedido" when the credit check held it: it has no delivery day yet. */
  heldCustomer:
    'Quedó retenido por crédito: el negocio lo revisa y te avisamos por correo cuando lo libere o lo rechace. Hasta entonces no tiene fecha de entrega.',
  heldAdminTitle: 'Pedido retenido por crédito',
  heldAdmin: (customer: string) => `El pedido de ${customer} quedó retenido por crédito.`,
  reminderBeforeSubject: (date: string) => `Recordatorio: tenés un vencimiento el ${date}`,
  reminderOverdueSubject: 'Tu cuenta corriente tiene importes vencidos',
  receiptSubject: (n: string) => `Recibo N° ${n}`,
  whatsappReminder: (name: string, overdue: string, balance: string, nextDue: string | null) =>
    [
      `Hola ${name}, te escribimos por tu cuenta corriente.`,
      `Saldo: ${balance}.`,
      overdue !== '' ? `Vencido: ${overdue}.` : null,
      nextDue !== null ? `Próximo vencimiento: ${nextDue}.` : null,
      '¿Nos avisás cuándo podés pasar el pago? ¡Gracias!',
    ]
      .filter((line): line is string => line !== null)
      .join('\n'),
} as const;
