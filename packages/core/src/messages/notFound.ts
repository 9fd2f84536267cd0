export const notFound = {
  title: 'Página no encontrada',
  text: 'La página que buscás no existe o fue movida.',
  back: 'Volver al inicio',
  documentTitle: 'Página no encontrada',
} as const;
