export const errors = {
  validation: 'Los datos enviados no son válidos.',
  malformedJson: 'El cuerpo de la solicitud no es un JSON válido.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  notFound: 'El recurso solicitado no existe.',
  forbidden: 'No tenés permiso para realizar esta acción.',
  notApproved: 'Tu cuenta todavía no fue aprobada.',
  rateLimited: 'Demasiados intentos. Esperá un momento y volvé a intentar.',
  internal: 'Ocurrió un error inesperado. Intentá de nuevo más tarde.',
  databaseUnavailable: 'El servicio no está disponible en este momento. Intentá de nuevo en unos minutos.',
  timeout: 'La solicitud tardó demasiado.',
  badUrl: 'La dirección solicitada no es válida.',
} as const;
