export const realtime = {
  invalidMessage: 'Mensaje inválido.',
  upgradeRequired: 'Este punto de conexión solo acepta WebSocket.',
  notAuthenticated: 'Tenés que iniciar sesión para recibir avisos de pedidos.',
  adminsOnly: 'Solo los administradores pueden recibir avisos de pedidos nuevos.',
  tooManyConnections: (max: number) => `Tenés demasiadas conexiones abiertas (máximo ${max}). Cerrá otra pestaña y volvé a intentar.`,
} as const;
