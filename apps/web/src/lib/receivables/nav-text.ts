/** The nav's link to /cuenta-corriente, apart from the rest of the texts so the shell's first download carries only it. */
export const cuentaCorrienteNavLabel = 'Cuenta corriente';

/** The admin's tab; the page with the tabs loads before any tab's code. */
export const receivablesTabTitle = 'Cuentas corrientes';

/** Mi cuenta's link to it (on a wide screen the bar has no room for the nav's). */
export const cuentaCorrienteLink = { title: 'Ver mi cuenta corriente', hint: 'Saldo, vencimientos, recibos y resumen de cuenta.' };
