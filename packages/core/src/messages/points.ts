export const points = {
  errorTitle: 'Error de Puntos',
  errorText: 'No se pudo obtener tu saldo de puntos.',
  insufficient: 'Puntos Insuficientes: No tienes suficientes puntos para canjear este pedido.',
  balanceLabel: (amount: string) => `Saldo de puntos: ${amount}`,
  loading: 'Cargando puntos...',
  // Without network (decision 057): the last balance the server gave on this device, with its date, or why there is none.
  knownBalance: (amount: string, at: string) => `Saldo de puntos: ${amount} (al ${at})`,
  knownBalanceShort: (amount: string, at: string) => `Saldo al ${at}: ${amount}.`,
  offline: 'Sin conexión — los puntos necesitan conexión',
} as const;
