// The /admin page shell.
export const adminPage = {
  title: 'Panel de administración',
  tabsLabel: 'Secciones del panel',
  loadingTab: 'Cargando sección...',
  priceListsTab: 'Listas de precios',
  // File fields of the admin screens (components/ui/file-picker.tsx): ours, not the browser's English.
  chooseFile: 'Elegir archivo',
  chooseImage: 'Elegir imagen',
  noFileChosen: 'Ningún archivo elegido',
} as const;
