/** The nav's link to /cuenta-corriente, apart from the rest of the texts so the shell's first download carries only it. */
export const cuentaCorrienteNavLabel = 'Cuenta corriente';

/** The admin's tab; the page with the tabs loads before any tab's code. */
export const receivablesTabTitle = 'Cuentas corrientes';

/** Mi cuenta's link to it (on a wide screen the bar has no room for the nav's). */
export const cuentaCorrienteLink = {
  title: 'Ver mi cuenta corriente',
  hint: 'Saldo, vencimientos, recibos y resumen de cuenta.',
  /** The staff's customer page, to that customer's ledger. */
  staffTitle: 'Cuenta corriente',
};

/** The admins' live notice of an order placed "Retenido por crédito" (core's heldAdmin words; here so the shell's download stays small). */
export const heldOrderNotice = {
  title: 'Pedido retenido por crédito',
  text: (customer: string) => `El pedido de ${customer} quedó retenido por crédito.`,
};
