export const network = {
  title: 'Error de red',
  text: 'No se pudo conectar con el servidor.',
  /** Under a loading message without signal (the shell's Spinner; kept here, in the first download, not in messages/offline). */
  waitingForSignal: 'Sin conexión: se carga solo cuando vuelva la señal.',
} as const;
