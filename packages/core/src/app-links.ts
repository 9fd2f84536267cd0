/**
 * The web app's pages that e-mails link to. One list, used by the server's e-mails and checked
 * against the web app's route table by a web test (`app/app-links.test.ts`), so an e-mail cannot
 * send a customer to a page that does not exist.
 */
export const APP_LINKS = {
  catalog: '/catalog',
  login: '/login',
  myOrders: '/my-orders',
  cuentaCorriente: '/cuenta-corriente',
  adminOrders: '/admin?tab=pedidos',
  verifyEmail: '/verificar-correo',
  resetPassword: '/restablecer-clave',
  staffInvitation: '/invitacion',
} as const;
