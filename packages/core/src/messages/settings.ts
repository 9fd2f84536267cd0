// Admin settings (the "Ajustes" tab): what the business changes without a deploy.
export const settings = {
  tabTitle: 'Ajustes',
  retry: 'Reintentar',
  heading: 'Ajustes del negocio',
  intro: 'Estos valores se aplican a todos los clientes en cuanto los guardás.',
  minOrderAmount: 'Pedido mínimo',
  minOrderAmountHint: 'Importe mínimo de cada pedido, en pesos. Dejá 0 para no exigir mínimo.',
  save: 'Guardar ajustes',
  saving: 'Guardando...',
  saved: 'Ajustes guardados',
  loadError: 'No pudimos cargar los ajustes.',
  invalidAmount: 'Ingresá un importe válido, por ejemplo 25.000 o 25000,50.',
  amountTooLarge: 'El importe es demasiado grande.',
  updatedAt: (when: string) => `Última modificación: ${when}`,
} as const;
