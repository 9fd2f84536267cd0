// The /admin page shell.
export const adminPage = {
  title: 'Panel de administración',
  tabsLabel: 'Secciones del panel',
  loadingTab: 'Cargando sección...',
} as const;
