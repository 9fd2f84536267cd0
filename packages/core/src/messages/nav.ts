const cartUnits = (count: number) => (count === 1 ? '1 unidad' : `${count} unidades`);

export const nav = {
  home: 'Inicio',
  login: 'Iniciar Sesión',
  register: 'Registrarse',
  catalog: 'Catálogo',
  myOrders: 'Mis Pedidos',
  quickOrder: 'Pedido rápido',
  myLists: 'Mis listas',
  myCustomers: 'Mis clientes',
  myAccount: 'Mi cuenta',
  cart: 'Carrito',
  // What the cart's count counts (units, as the specification's item-count badge), said the same in the
  // cart link's name and the cart's bottom bar (decision 083); here rather than in messages/cart, which
  // the first download does not need.
  cartUnits,
  cartLabel: (count: number, total: string) => `Carrito: ${cartUnits(count)}, ${total}`,
  admin: 'Panel de administración',
  driverStops: 'Mis repartos',
  logout: 'Cerrar sesión',
  greeting: (nombre: string) => `Hola, ${nombre}`,
  points: 'Puntos',
  menu: 'Menú',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  mainLabel: 'Navegación principal',
  greetingFallback: 'Hola',
} as const;
