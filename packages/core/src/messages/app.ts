export const app = {
  loadingApp: 'Cargando aplicación...',
  loadingPage: 'Cargando página...',
  loadingGuard: 'Cargando...',
  skipToContent: 'Saltar al contenido',
  notificationsLabel: 'Notificaciones ({hotkey})',
  notificationLabel: 'Notificación',
  closeNotification: 'Cerrar notificación',
  underConstruction: 'Esta sección está en construcción.',
  pageError: {
    title: 'No se pudo mostrar esta página.',
    text: 'Ocurrió un problema al cargarla, por ejemplo un corte de conexión. Tocá «Reintentar» para seguir; tu carrito queda guardado.',
    reload: 'Reintentar',
  },
} as const;
