/** Stock and points ledgers: the admin's history lists and the `npm run db:check` report. */
export const ledgers = {
  stockKinds: {
    opening: 'Stock inicial',
    order: 'Pedido',
    order_cancel_restock: 'Devolución por pedido cancelado',
    admin_edit: 'Edición del administrador',
    import: 'Importación',
  },
  pointsKinds: {
    opening: 'Saldo inicial',
    order: 'Canje en pedido',
    order_refund: 'Reintegro por pedido cancelado',
    admin_adjustment: 'Ajuste del administrador',
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
  check: {
    header: 'Verificación de consistencia de la base de datos',
    products: (n: number) => `Productos revisados: ${n} (stock guardado = suma de sus movimientos, sin stock negativo).`,
    customers: (n: number) => `Clientes revisados: ${n} (saldo de puntos guardado = suma de sus movimientos, sin saldo negativo).`,
    orders: (n: number) => `Pedidos revisados: ${n} (total = suma de sus líneas, ahorro = suma de los ahorros de sus líneas).`,
    ok: 'Todo en orden: no se encontraron inconsistencias.',
    failed: (n: number) => `Se encontraron ${n} inconsistencias.`,
    stockMismatch: (name: string, id: string, stock: number, sum: number) =>
      `Producto "${name}" (${id}): el stock guardado es ${stock} pero la suma de sus movimientos da ${sum}.`,
    stockNegative: (name: string, id: string, stock: number) => `Producto "${name}" (${id}): el stock es negativo (${stock}).`,
    pointsMismatch: (name: string, id: string, balance: number, sum: number) =>
      `Cliente "${name}" (${id}): el saldo de puntos guardado es ${balance} pero la suma de sus movimientos da ${sum}.`,
    pointsNegative: (name: string, id: string, balance: number) => `Cliente "${name}" (${id}): el saldo de puntos es negativo (${balance}).`,
    orderTotal: (id: string, total: number, sum: number) => `Pedido ${id}: el total es ${total} pero la suma de sus líneas da ${sum}.`,
    orderSavings: (id: string, savings: number, sum: number) =>
      `Pedido ${id}: el ahorro total es ${savings} pero la suma de los ahorros de sus líneas da ${sum}.`,
  },
} as const;
