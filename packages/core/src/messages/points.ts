export const points = {
  errorTitle: 'Error de Puntos',
  errorText: 'No se pudo obtener tu saldo de puntos.',
  insufficient: 'Puntos Insuficientes: No tienes suficientes puntos para canjear este pedido.',
  balanceLabel: (amount: string) => `Saldo de puntos: ${amount}`,
  loading: 'Cargando puntos...',
} as const;
