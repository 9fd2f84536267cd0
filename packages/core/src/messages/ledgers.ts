/** Stock and points ledgers: the admin's history lists and the `npm run db:check` report. */
export const ledgers = {
  stockKinds: {
    opening: 'Stock inicial',
    order: 'Pedido',
    order_cancel_restock: 'Devolución por pedido cancelado',
    admin_edit: 'Edición del administrador',
    import: 'Importación',
    order_edit: 'Modificación de pedido',
    credit_note_restock: 'Devolución por nota de crédito',
    count: 'Recuento',
  },
  pointsKinds: {
    opening: 'Saldo inicial',
    order: 'Canje en pedido',
    order_refund: 'Reintegro por pedido cancelado',
    admin_adjustment: 'Ajuste del administrador',
    order_edit: 'Modificación de pedido canjeado',
  },
  stockHistoryTitle: 'Movimientos de stock',
  pointsHistoryTitle: 'Movimientos de puntos',
  loading: 'Cargando movimientos...',
  empty: 'Todavía no hay movimientos.',
  loadError: 'No se pudieron cargar los movimientos.',
  retry: 'Reintentar',
  columns: { date: 'Fecha', kind: 'Movimiento', change: 'Cambio', balance: 'Saldo', order: 'Pedido', actor: 'Quién', reason: 'Motivo' },
  system: 'Sistema',
  previousPage: 'Más recientes',
  nextPage: 'Más antiguos',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  totalCount: (n: number) => (n === 1 ? '1 movimiento' : `${n} movimientos`),
  showPointsHistory: 'Movimientos de puntos',
  pointsHistoryFor: (name: string) => `Movimientos de puntos de ${name}`,
  pointsHistoryDescription: 'Cada cambio del saldo, del más reciente al más antiguo.',
  stockHistoryDescription: 'Cada cambio del stock, del más reciente al más antiguo.',
  orderRef: (number: string) => `Pedido #${number}`,
  balanceAfter: (balance: string) => `Saldo: ${balance}`,
  close: 'Cerrar',
  check: {
    header: 'Verificación de consistencia de la base de datos',
    products: (n: number) => `Productos revisados: ${n} (stock guardado = suma de sus movimientos, sin stock negativo).`,
    customers: (n: number) => `Cuentas revisadas: ${n} (saldo de puntos guardado = suma de sus movimientos, sin saldo negativo).`,
    orders: (n: number) => `Pedidos revisados: ${n} (total = suma de sus líneas, ahorro = suma de los ahorros de sus líneas).`,
    accounts: (n: number) =>
      `Cuentas corrientes revisadas: ${n} (saldo guardado = suma de sus movimientos, partidas abiertas al día, recibos numerados sin huecos).`,
    ok: 'Todo en orden: no se encontraron inconsistencias.',
    failed: (n: number) => (n === 1 ? 'Se encontró 1 inconsistencia.' : `Se encontraron ${n} inconsistencias.`),
    stockMismatch: (name: string, id: string, stock: number, sum: number) =>
      `Producto "${name}" (${id}): el stock guardado es ${stock} pero la suma de sus movimientos da ${sum}.`,
    stockNegative: (name: string, id: string, stock: number) => `Producto "${name}" (${id}): el stock es negativo (${stock}).`,
    pointsMismatch: (name: string, id: string, balance: number, sum: number) =>
      `Cliente "${name}" (${id}): el saldo de puntos guardado es ${balance} pero la suma de sus movimientos da ${sum}.`,
    pointsNegative: (name: string, id: string, balance: number) => `Cliente "${name}" (${id}): el saldo de puntos es negativo (${balance}).`,
    orderTotal: (id: string, total: number, sum: number) => `Pedido ${id}: el total es ${total} pero la suma de sus líneas da ${sum}.`,
    orderSavings: (id: string, savings: number, sum: number) =>
      `Pedido ${id}: el ahorro total es ${savings} pero la suma de los ahorros de sus líneas da ${sum}.`,
    salesSummary: (what: string, day: string, summary: string, orders: string) =>
      `Resumen diario de ventas (${what}, día ${day}): el resumen dice ${summary} pero los pedidos dan ${orders}.`,
    // The cuenta corriente (decision 037)
    accountMismatch: (id: string, balance: number, sum: number) =>
      `Cuenta corriente del cliente ${id}: el saldo guardado es ${balance} pero la suma de sus movimientos da ${sum}.`,
    accountChain: (id: string, movement: number, balance: number, running: number) =>
      `Cuenta corriente del cliente ${id}: el movimiento ${movement} dice saldo ${balance} pero la suma hasta él da ${running}.`,
    accountOpenItems: (id: string, balance: number, open: number, unapplied: number) =>
      `Cuenta corriente del cliente ${id}: el saldo es ${balance} pero lo pendiente (${open}) menos lo no aplicado (${unapplied}) da otra cosa.`,
    openItemMismatch: (item: number, open: number, expected: number) =>
      `Partida abierta ${item}: queda ${open} pendiente pero su importe menos lo aplicado da ${expected}.`,
    receiptGap: (count: number, max: number, counter: number) =>
      `Recibos: hay ${count} pagos con números hasta ${max} y el contador está en ${counter}; deberían ser 1 a ${counter} sin huecos.`,
  },
} as const;
