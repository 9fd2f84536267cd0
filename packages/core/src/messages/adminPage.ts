// The /admin page shell.
export const adminPage = {
  title: 'Panel de administración',
  tabsLabel: 'Secciones del panel',
  loadingTab: 'Cargando sección...',
  priceListsTab: 'Listas de precios',
} as const;
