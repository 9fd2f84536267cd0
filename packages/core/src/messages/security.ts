// Abuse limits and separation of duties (the abuse-limits work, decision 010).
export const security = {
  accountLocked: (minutes: number) =>
    `Demasiados intentos fallidos para esta cuenta. Esperá ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} o restablecé tu contraseña.`,
  ownPoints: 'No podés modificar tu propio saldo de puntos. Pedíselo a otro administrador.',
  ownOrder: 'No podés gestionar tus propios pedidos. Pedíselo a otro administrador.',
  idempotencyKeyReused: 'Esa clave de idempotencia ya se usó para un pedido distinto. Volvé a intentar con el pedido original o con una clave nueva.',
  realtimeJoinTimeout: 'La conexión se cerró porque no se unió a ningún canal a tiempo.',
  realtimeTooManyAnonymous: 'Demasiadas conexiones sin iniciar sesión desde tu dirección.',
} as const;
