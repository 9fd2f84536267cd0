export const network = {
  title: 'Error de red',
  text: 'No se pudo conectar con el servidor.',
} as const;
